import {
  BadgeCheckIcon,
  ClockIcon,
  EyeIcon,
  EyeOffIcon,
  PauseCircleIcon,
  XCircleIcon,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApplicationPhase } from '../../../../contracts/clinic-area.ts';
import type { ApplicationStatus } from '../../../../contracts/constants.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const STATUSES: Record<
  ApplicationStatus,
  { key: string; variant: 'warning' | 'success' | 'destructive'; icon: LucideIcon }
> = {
  Väntar: { key: 'pending', variant: 'warning', icon: ClockIcon },
  Godkänd: { key: 'approved', variant: 'success', icon: BadgeCheckIcon },
  Nekad: { key: 'denied', variant: 'destructive', icon: XCircleIcon },
};

const SUSPENDED = { key: 'suspended', variant: 'destructive', icon: PauseCircleIcon } as const;

/**
 * SPEC section 4: Väntar, Godkänd or Nekad, in the page's language; a certified clinic whose certificate
 * is suspended (its `phase`, issue 22) reads Indraget, since it is out of the register.
 */
export function ApplicationStatusBadge({ status, phase }: { status: ApplicationStatus; phase?: ApplicationPhase }) {
  const { t } = useTranslation('admin');
  const { key, variant, icon: Icon } = phase === 'suspended' ? SUSPENDED : STATUSES[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {t(`status.${key}`)}
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
