import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatOre, type Payment, paymentDocumentPath } from '../../../../contracts/payments.ts';
import { documentKindOf } from '../../../components/payment-document.tsx';
import { PaymentStatusBadge } from '../../../components/payment-status-badge.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLocalizedText } from '../../../lib/use-localized-text.ts';

/** Every payment of the clinic, newest first, each with its invoice or receipt (issue 25). */
export function PaymentsList({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('payments');
  const localized = useLocalizedText();
  return (
    <section className="grid gap-4">
      <h2 className="text-lg font-semibold">{t('list.title')}</h2>
      {payments.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-center text-muted-foreground">
          {t('list.empty')}
        </p>
      ) : (
        // min-w-0: the table scrolls inside its frame instead of widening the page (web/components/paged-list.tsx).
        <div className="min-w-0 rounded-lg border bg-card shadow-sm">
          <Table>
            <TableCaption className="sr-only">{t('list.caption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('list.columns.number')}</TableHead>
                <TableHead scope="col">{t('list.columns.year')}</TableHead>
                <TableHead scope="col">{t('list.columns.plan')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('list.columns.amount')}
                </TableHead>
                <TableHead scope="col">{t('list.columns.status')}</TableHead>
                <TableHead scope="col">{t('list.columns.date')}</TableHead>
                <TableHead scope="col">{t('list.columns.document')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {payments.map((payment) => {
                const kind = documentKindOf(payment);
                return (
                  <TableRow key={payment.id}>
                    <TableCell className="tabular-nums">{payment.number}</TableCell>
                    <TableCell className="tabular-nums">{payment.membershipYear}</TableCell>
                    <TableCell>{localized(payment.planName)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatOre(payment.totalOre)}
                    </TableCell>
                    <TableCell>
                      <PaymentStatusBadge status={payment.status} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
                    </TableCell>
                    <TableCell>
                      <Link
                        to={paymentDocumentPath(payment.id)}
                        aria-label={t('document.showLabel', {
                          kind: t(`document.show.${kind}`),
                          number: payment.number,
                        })}
                        className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
                      >
                        {t(`document.show.${kind}`)}
                      </Link>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
