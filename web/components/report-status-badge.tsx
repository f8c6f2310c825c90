import { CheckCircle2Icon, type LucideIcon, MailIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '../../contracts/constants.ts';
import { Badge } from './ui/badge.tsx';

const STATUSES: Record<ReportStatus, { key: string; variant: 'warning' | 'success'; icon: LucideIcon }> = {
  Ny: { key: 'new', variant: 'warning', icon: MailIcon },
  Hanterad: { key: 'handled', variant: 'success', icon: CheckCircle2Icon },
};

/** SPEC section 4: a report is Ny until an admin answers it, then Hanterad; the customer's and the admin's pages show it alike. */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  const { key, variant, icon: Icon } = STATUSES[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {t(`reportStatus.${key}`)}
    </Badge>
  );
}
