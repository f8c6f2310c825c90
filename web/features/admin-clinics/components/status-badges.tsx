import {
  BadgeCheckIcon,
  BanIcon,
  ClockIcon,
  EyeIcon,
  EyeOffIcon,
  FilePenLineIcon,
  PauseCircleIcon,
  Trash2Icon,
  XCircleIcon,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApplicationPhase } from '../../../../contracts/clinic-area.ts';
import type { ApplicationStatus } from '../../../../contracts/constants.ts';
import { Badge } from '../../../components/ui/badge.tsx';

type Look = { key: string; variant: 'warning' | 'success' | 'destructive' | 'muted'; icon: LucideIcon };

const STATUSES: Record<ApplicationStatus, Look> = {
  Väntar: { key: 'pending', variant: 'warning', icon: ClockIcon },
  Godkänd: { key: 'approved', variant: 'success', icon: BadgeCheckIcon },
  Nekad: { key: 'denied', variant: 'destructive', icon: XCircleIcon },
};

/**
 * The phases (decision 024) that the status alone would misname (issue 28): a certificate suspended is
 * out of the register (Indraget); a withdrawn one is not a denied application (Återkallad, not Nekad);
 * an application never sent in is a draft (Utkast), not one waiting for the admin.
 */
const PHASES: Partial<Record<ApplicationPhase, Look>> = {
  suspended: { key: 'suspended', variant: 'destructive', icon: PauseCircleIcon },
  withdrawn: { key: 'withdrawn', variant: 'destructive', icon: BanIcon },
  draft: { key: 'draft', variant: 'muted', icon: FilePenLineIcon },
};

/** SPEC section 4: Väntar, Godkänd or Nekad, in the page's language, unless the phase says more (above). */
export function ApplicationStatusBadge({ status, phase }: { status: ApplicationStatus; phase?: ApplicationPhase }) {
  const { t } = useTranslation('admin');
  const { key, variant, icon: Icon } = (phase && PHASES[phase]) ?? STATUSES[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {t(`status.${key}`)}
    </Badge>
  );
}

/** An erased clinic's account (issue 26): Borttagen, whatever its certificate's history says. */
export function DeletedBadge() {
  const { t } = useTranslation('admin');
  return (
    <Badge variant="muted">
      <Trash2Icon aria-hidden />
      {t('status.deleted')}
    </Badge>
  );
}

/** SPEC section 4 "Visibility": Publicerad or Avpublicerad. */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant={isPublic ? 'success' : 'muted'}>
      {isPublic ? <EyeIcon aria-hidden /> : <EyeOffIcon aria-hidden />}
      {isPublic ? t('visibility.published') : t('visibility.unpublished')}
    </Badge>
  );
}
