import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatOre, type Payment, type PaymentDocument } from '../../contracts/payments.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { formatDate, formatDay } from '../lib/format.ts';
import { useLocalizedText } from '../lib/use-localized-text.ts';
import { DashboardPage } from './layouts/dashboard-page.tsx';
import { ListSkeleton } from './list-skeleton.tsx';
import { LoadError } from './load-error.tsx';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { Button } from './ui/button.tsx';

export type PaymentDocumentKind = 'invoice' | 'receipt' | 'payment';

/** An unpaid invoice is a Faktura, a paid (or since refunded) payment a Kvitto; any other is only a payment. */
export function documentKindOf({ status }: Pick<Payment, 'status'>): PaymentDocumentKind {
  if (status === 'invoiced') return 'invoice';
  if (status === 'paid' || status === 'refunded') return 'receipt';
  return 'payment';
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function Party({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-1 text-sm">
      <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      {children}
    </section>
  );
}

/**
 * A payment as its invoice or receipt (issue 25): seller and buyer, the line, the VAT and the total,
 * and how to pay an invoice or when a receipt was paid. It prints alone (web/styles.css, data-print-root);
 * the clinic's and the admin's pages show the same document.
 */
export function PaymentDocumentView({ document: { payment, seller } }: { document: PaymentDocument }) {
  const { t } = useTranslation('payments');
  const localized = useLocalizedText();
  const kind = documentKindOf(payment);
  return (
    <div className="grid gap-4">
      <Button type="button" className="w-fit" onClick={() => window.print()}>
        <PrinterIcon aria-hidden />
        {t('document.print')}
      </Button>
      <div data-print-root="document">
        <article className="mx-auto grid w-full max-w-3xl gap-8 rounded-lg border bg-card p-6 text-card-foreground shadow-sm sm:p-10">
          {seller.isExample ? (
            <p
              role="note"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium"
            >
              {t('document.example')}
            </p>
          ) : null}
          <header className="flex flex-wrap items-start justify-between gap-6">
            <div className="grid gap-2">
              <p className="text-3xl font-bold tracking-tight">{t(`document.kind.${kind}`)}</p>
              <PaymentStatusBadge status={payment.status} />
            </div>
            <dl className="grid min-w-56 gap-1 text-sm">
              <Detail label={t('document.number')}>{payment.number}</Detail>
              <Detail label={t('document.date')}>
                <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
              </Detail>
              {kind === 'invoice' && payment.dueDate ? (
                <Detail label={t('document.dueDate')}>
                  <time dateTime={payment.dueDate}>{formatDay(payment.dueDate)}</time>
                </Detail>
              ) : null}
            </dl>
          </header>

          <div className="grid gap-6 sm:grid-cols-2">
            <Party title={t('document.seller')}>
              <p className="font-semibold">{seller.name}</p>
              <p className="whitespace-pre-line">{seller.address}</p>
              <p>
                {t('document.organisationNumber')} {seller.organisationNumber}
              </p>
              <p>
                {t('document.vatNumber')} {seller.vatNumber}
              </p>
              <p className="break-all">{seller.email}</p>
            </Party>
            <Party title={t('document.buyer')}>
              <p className="font-semibold">{payment.buyer.name}</p>
              {payment.buyer.organisationNumber ? (
                <p>
                  {t('document.organisationNumber')} {payment.buyer.organisationNumber}
                </p>
              ) : null}
              <p className="break-all">{payment.buyer.email}</p>
            </Party>
          </div>

          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 font-medium">
                  {t('document.description')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('document.net')}
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              <tr className="border-b">
                <td className="py-3">
                  {t('document.line', { plan: localized(payment.planName), year: payment.membershipYear })}
                </td>
                <td className="py-3 text-right">{formatOre(payment.netOre)}</td>
              </tr>
              <tr>
                <th scope="row" className="pt-3 text-left font-normal text-muted-foreground">
                  {t('document.net')}
                </th>
                <td className="pt-3 text-right">{formatOre(payment.netOre)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-1 text-left font-normal text-muted-foreground">
                  {t('document.vat', { percent: payment.vatPercent })}
                </th>
                <td className="py-1 text-right">{formatOre(payment.vatOre)}</td>
              </tr>
              <tr className="text-base font-semibold">
                <th scope="row" className="pt-2 text-left">
                  {kind === 'invoice' ? t('document.total') : t('document.totalPaid')}
                </th>
                <td className="pt-2 text-right">{formatOre(payment.totalOre)}</td>
              </tr>
            </tbody>
          </table>

          <dl className="grid gap-1 rounded-md bg-muted/60 p-4 text-sm sm:max-w-sm">
            {kind === 'invoice' ? (
              <>
                <Detail label={t('document.bankgiro')}>{seller.bankgiro}</Detail>
                <Detail label={t('document.reference')}>{payment.reference}</Detail>
                <Detail label={t('document.total')}>{formatOre(payment.totalOre)}</Detail>
                {payment.dueDate ? (
                  <Detail label={t('document.dueDate')}>
                    <time dateTime={payment.dueDate}>{formatDay(payment.dueDate)}</time>
                  </Detail>
                ) : null}
              </>
            ) : (
              <>
                <Detail label={t('document.status')}>{t(`status.${payment.status}`)}</Detail>
                <Detail label={t('document.paidWith')}>{t(`provider.${payment.provider}`)}</Detail>
                {payment.paidAt ? (
                  <Detail label={t('document.paidAt')}>
                    <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
                  </Detail>
                ) : null}
                {payment.refundedAt ? (
                  <Detail label={t('document.refundedAt')}>
                    <time dateTime={payment.refundedAt}>{formatDate(payment.refundedAt)}</time>
                  </Detail>
                ) : null}
              </>
            )}
          </dl>
        </article>
      </div>
    </div>
  );
}

/**
 * The page of one invoice or receipt, for the clinic and the admin alike (each loads it from its own
 * route): its title names the document, and the way back leads to the list it was opened from.
 */
export function PaymentDocumentPage({ query, backHref }: { query: UseQueryResult<PaymentDocument>; backHref: string }) {
  const { t } = useTranslation('payments');
  let title = t('document.kind.payment');
  let content: ReactNode;
  if (query.data) {
    const { payment } = query.data;
    title = t('document.showLabel', { kind: t(`document.kind.${documentKindOf(payment)}`), number: payment.number });
    content = <PaymentDocumentView document={query.data} />;
  } else if (query.isError) {
    // An address that names no payment of this account (a mistyped or old link) is not a failure to retry.
    const missing =
      query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400);
    content = missing ? (
      <p className="rounded-lg border border-dashed bg-card p-10 text-center text-muted-foreground">
        {t('document.notFound')}
      </p>
    ) : (
      <LoadError message={t('document.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  } else {
    content = <ListSkeleton rows={1} rowClassName="h-[36rem]" />;
  }
  return (
    <div className="grid gap-4">
      <Link
        to={backHref}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t('document.back')}
      </Link>
      <DashboardPage title={title}>{content}</DashboardPage>
    </div>
  );
}
