import {
  CheckCircle2Icon,
  CircleSlashIcon,
  ClockIcon,
  type LucideIcon,
  ReceiptTextIcon,
  Undo2Icon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MembershipStatus, PaymentStatus } from '../../contracts/payments.ts';
import { Badge } from './ui/badge.tsx';

type Status = PaymentStatus | MembershipStatus;

const STATUSES: Record<Status, { variant: 'warning' | 'success' | 'destructive' | 'muted'; icon: LucideIcon }> = {
  none: { variant: 'warning', icon: CircleSlashIcon },
  pending: { variant: 'warning', icon: ClockIcon },
  invoiced: { variant: 'warning', icon: ReceiptTextIcon },
  paid: { variant: 'success', icon: CheckCircle2Icon },
  waived: { variant: 'success', icon: CheckCircle2Icon },
  failed: { variant: 'destructive', icon: CircleSlashIcon },
  cancelled: { variant: 'muted', icon: CircleSlashIcon },
  refunded: { variant: 'muted', icon: Undo2Icon },
};

/** A payment's or a membership year's status in words (issue 25), alike on the clinic's and the admin's pages. */
export function PaymentStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('payments');
  const { variant, icon: Icon } = STATUSES[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {t(`status.${status}`)}
    </Badge>
  );
}
