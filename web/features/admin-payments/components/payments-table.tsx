import { CheckIcon, FileTextIcon, Undo2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type AdminPayment, formatOre, PAYMENT_STATUSES, type PaymentStatus } from '../../../../contracts/payments.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PaymentStatusBadge } from '../../../components/payment-status-badge.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Table,
  TableActionsCell,
  TableActionsHead,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { adminPaymentHref } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocalizedText } from '../../../lib/use-localized-text.ts';
import { useAdminPayments } from '../api/get-payments.ts';
import { type PaymentAction, usePaymentAction } from '../api/payment-action.ts';

const ALL = 'all';

const isPaymentStatus = (value: string | null): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly (string | null)[]).includes(value);

/** What the server allows (contracts/payments.ts): an unpaid invoice is marked paid, a paid Stripe payment refunded. */
const canMarkPaid = (payment: AdminPayment) => payment.status === 'invoiced';
const canRefund = (payment: AdminPayment) => payment.status === 'paid' && payment.provider === 'stripe';

/**
 * /admin/payments (issue 25): every payment and invoice newest first, page after page, filtered by
 * status (kept in the address: `?status=invoiced`). An unpaid invoice is marked paid and a paid Stripe
 * payment refunded, each after a confirmation; every row opens its invoice or receipt.
 */
export function PaymentsTable() {
  const { t } = useTranslation(['adminPayments', 'payments']);
  const localized = useLocalizedText();
  const filterId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = isPaymentStatus(requested) ? requested : null;
  const payments = useAdminPayments(status);
  const items = payments.data?.pages.flatMap((page) => page.items) ?? [];
  const [confirming, setConfirming] = useState<{ action: PaymentAction; payment: AdminPayment } | null>(null);
  // Focus goes back to the row's button when the dialog closes (the state is cleared by then), if the row is still there.
  const actionButton = useRef<HTMLElement | null>(null);
  const confirm = (action: PaymentAction, payment: AdminPayment, button: HTMLElement) => {
    actionButton.current = button;
    setConfirming({ action, payment });
  };

  const markPaid = usePaymentAction('paid', {
    onSuccess: (payment) => toast({ title: t('toasts.markedPaid', { number: payment.number }), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.markPaidError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const refund = usePaymentAction('refund', {
    onSuccess: (payment) => toast({ title: t('toasts.refunded', { number: payment.number }), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.refundError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const filter = (value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (isPaymentStatus(value)) next.set('status', value);
      else next.delete('status');
      return next;
    });
  const clinicOf = (payment: AdminPayment) => payment.clinicName ?? t('deletedClinic');
  const dialogProps = (action: PaymentAction) => {
    const payment = confirming?.action === action ? confirming.payment : null;
    const words = payment
      ? {
          number: payment.number,
          clinic: clinicOf(payment),
          amount: formatOre(payment.totalOre),
          year: payment.membershipYear,
        }
      : {};
    const key = action === 'paid' ? 'markPaid' : 'refund';
    return {
      open: payment !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setConfirming(null);
      },
      onCloseAutoFocus: (event: Event) => {
        if (!actionButton.current?.isConnected) return;
        event.preventDefault();
        actionButton.current.focus();
      },
      title: t(`${key}.title`, words),
      description: t(`${key}.description`, words),
      cancel: t(`${key}.cancel`),
      confirm: t(`${key}.confirm`),
      onConfirm: () => {
        if (payment) (action === 'paid' ? markPaid : refund).mutate(payment.id);
      },
    };
  };

  return (
    <div className="grid gap-6">
      <div className="grid max-w-xs gap-2">
        <label htmlFor={filterId} className="text-sm font-medium">
          {t('filter.label')}
        </label>
        <select
          id={filterId}
          value={status ?? ALL}
          onChange={(event) => filter(event.target.value)}
          className="flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm"
        >
          <option value={ALL}>{t('filter.all')}</option>
          {PAYMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`payments:status.${value}`)}
            </option>
          ))}
        </select>
      </div>

      {!payments.data ? (
        payments.isError ? (
          <LoadError message={t('loadError')} onRetry={() => void payments.refetch()} retrying={payments.isFetching} />
        ) : (
          <ListSkeleton rows={8} rowClassName="h-14" />
        )
      ) : items.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed bg-card p-10 text-center text-muted-foreground">
          {status ? t('empty.status', { status: t(`payments:status.${status}`) }) : t('empty.all')}
        </p>
      ) : (
        <div
          className={cn(
            // min-w-0: the table scrolls inside this frame instead of widening the page (web/components/paged-list.tsx).
            'min-w-0 rounded-lg border bg-card shadow-sm transition-opacity',
            payments.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={payments.isPlaceholderData}
        >
          <Table>
            <TableCaption className="sr-only">{t('tableCaption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('columns.number')}</TableHead>
                <TableHead scope="col">{t('columns.clinic')}</TableHead>
                <TableHead scope="col">{t('columns.year')}</TableHead>
                <TableHead scope="col">{t('columns.plan')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('columns.total')}
                </TableHead>
                <TableHead scope="col">{t('columns.provider')}</TableHead>
                <TableHead scope="col">{t('columns.status')}</TableHead>
                <TableHead scope="col">{t('columns.created')}</TableHead>
                <TableHead scope="col">{t('columns.paid')}</TableHead>
                <TableActionsHead scope="col">
                  <span className="sr-only">{t('columns.actions')}</span>
                </TableActionsHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell className="tabular-nums">{payment.number}</TableCell>
                  <TableCell className="font-medium">{clinicOf(payment)}</TableCell>
                  <TableCell className="tabular-nums">{payment.membershipYear}</TableCell>
                  <TableCell>{localized(payment.planName)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatOre(payment.totalOre)}
                  </TableCell>
                  <TableCell>{t(`payments:provider.${payment.provider}`)}</TableCell>
                  <TableCell>
                    <PaymentStatusBadge status={payment.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {payment.paidAt ? <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time> : '–'}
                  </TableCell>
                  <TableActionsCell>
                    <div className="flex justify-end gap-2">
                      <Button asChild variant="outline" size="sm">
                        <Link
                          to={adminPaymentHref(payment.id)}
                          aria-label={t('actions.openLabel', { number: payment.number })}
                        >
                          <FileTextIcon aria-hidden />
                          {t('actions.open')}
                        </Link>
                      </Button>
                      {canMarkPaid(payment) ? (
                        <Button
                          size="sm"
                          aria-label={t('actions.markPaidLabel', { number: payment.number })}
                          pending={markPaid.isPending && markPaid.variables === payment.id}
                          onClick={(event) => confirm('paid', payment, event.currentTarget)}
                        >
                          <CheckIcon aria-hidden />
                          {t('actions.markPaid')}
                        </Button>
                      ) : null}
                      {canRefund(payment) ? (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={t('actions.refundLabel', { number: payment.number })}
                          pending={refund.isPending && refund.variables === payment.id}
                          onClick={(event) => confirm('refund', payment, event.currentTarget)}
                        >
                          <Undo2Icon aria-hidden />
                          {t('actions.refund')}
                        </Button>
                      ) : null}
                    </div>
                  </TableActionsCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <ShowMoreButton query={payments} label={t('showMore')} loadingLabel={t('loadingMore')} />

      <ConfirmDialog {...dialogProps('paid')} />
      <ConfirmDialog {...dialogProps('refund')} destructive />
    </div>
  );
}
