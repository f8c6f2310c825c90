import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type MembershipYear, type Payment, paymentDocumentPath } from '../../../../contracts/payments.ts';
import { documentKindOf } from '../../../components/payment-document.tsx';
import { PaymentStatusBadge } from '../../../components/payment-status-badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useLocalizedText } from '../../../lib/use-localized-text.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * One membership year as the clinic reads it (issue 25): its status in words, the plan, how long it
 * is valid, and for an unpaid invoice when and with which reference to pay it, with its document.
 */
export function MembershipYearCard({
  title,
  description,
  membership,
  payment,
  action,
}: {
  title: string;
  description?: string;
  membership: MembershipYear;
  /** The year's invoice or receipt (paymentOfYear). */
  payment: Payment | null;
  action?: ReactNode;
}) {
  const { t } = useTranslation('payments');
  const localized = useLocalizedText();
  const { year, status, planName, validThrough, waiverReason } = membership;
  const invoice = payment?.status === 'invoiced' ? payment : null;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">{title}</CardTitle>
          <PaymentStatusBadge status={status} />
        </div>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">{t(`year.text.${status}`, { year })}</p>
        {planName || validThrough || invoice || waiverReason ? (
          <dl className="grid gap-1 text-sm">
            {planName ? <Fact label={t('year.plan')}>{localized(planName)}</Fact> : null}
            {validThrough ? (
              <Fact label={t('year.validThrough')}>
                <time dateTime={validThrough}>{formatDay(validThrough)}</time>
              </Fact>
            ) : null}
            {invoice?.dueDate ? (
              <Fact label={t('year.dueDate')}>
                <time dateTime={invoice.dueDate}>{formatDay(invoice.dueDate)}</time>
              </Fact>
            ) : null}
            {invoice ? <Fact label={t('year.reference')}>{invoice.reference}</Fact> : null}
            {waiverReason ? <Fact label={t('year.waiverReason')}>{waiverReason}</Fact> : null}
          </dl>
        ) : null}
        {payment || action ? (
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {payment ? (
              <Link
                to={paymentDocumentPath(payment.id)}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {t(`document.show.${documentKindOf(payment)}`)}
              </Link>
            ) : null}
            {action}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
