import { ShieldAlertIcon, ShieldCheckIcon, ShieldXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CertificateVerification } from '../../../../contracts/certificates.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

type Status = CertificateVerification['status'];

// Green only while it is valid: red for a withdrawal, amber for a certificate that simply ran out.
const STATUSES = {
  active: { variant: 'success', icon: ShieldCheckIcon, notice: 'border-success/30 bg-success/10 text-success' },
  suspended: {
    variant: 'warning',
    icon: ShieldAlertIcon,
    notice: 'border-accent-foreground/20 bg-accent text-accent-foreground',
  },
  expired: {
    variant: 'warning',
    icon: ShieldAlertIcon,
    notice: 'border-accent-foreground/20 bg-accent text-accent-foreground',
  },
  withdrawn: {
    variant: 'destructive',
    icon: ShieldXIcon,
    notice: 'border-destructive/30 bg-destructive/10 text-destructive',
  },
} as const satisfies Record<Status, unknown>;

/** The status in a word, coloured: in the list of hits. */
export function CertificateStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('verification');
  const { variant, icon: Icon } = STATUSES[status];
  return (
    <Badge variant={variant} data-status={status}>
      <Icon aria-hidden />
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * The status as the verification page opens with it: the word, coloured, and what it means; for a
 * suspension or a withdrawal since when (`date`) and the public reason.
 */
export function CertificateStatusNotice({
  status,
  date,
  reason,
}: {
  status: Status;
  date: string | null;
  reason: string | null;
}) {
  const { t } = useTranslation('verification');
  const { notice, icon: Icon } = STATUSES[status];
  return (
    <div data-status={status} className={cn('flex items-start gap-3 rounded-lg border p-4', notice)}>
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p className="text-lg font-bold">{t(`status.${status}`)}</p>
        <p className="text-sm text-foreground">{t(`certificate.statusText.${status}`, { date: date ?? '' })}</p>
        {reason ? <p className="text-sm text-foreground">{t('certificate.reason', { reason })}</p> : null}
      </div>
    </div>
  );
}
