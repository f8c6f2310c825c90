import { randomUUID } from 'node:crypto';
import { formatOre, paymentDocumentPath, paymentReference } from '../../../contracts/payments.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { addDays, dateInSweden } from '../../lib/swedish-date.ts';
import { compose } from '../decision-emails.ts';
import { sendOrRefuse } from '../messages/commands.ts';
import { insertPayment } from './orders.ts';
import { toPayment, type PaymentRow } from './payments.ts';
import type { PaymentContext, PaymentProvider } from './provider.ts';

/** The invoice's email: what to pay, by when, to which bankgiro, with which reference; the invoice itself is linked. */
function invoiceEmail({ siteUrl, seller }: PaymentContext, row: PaymentRow): MailMessage {
  const reference = paymentReference(row.number);
  const amounts = `${formatOre(row.netOre)} + moms ${row.vatPercent} % ${formatOre(row.vatOre)} = ${formatOre(row.totalOre)}`;
  return compose(
    row.buyerEmail,
    row.buyerName,
    {
      subject: [`Faktura ${row.number} för medlemskap ${row.membershipYear}`, `Invoice ${row.number} for membership`],
      sv: [
        `Tack för er beställning av medlemskapet ${row.planName.sv} för ${row.membershipYear}.`,
        `Att betala: ${amounts}.`,
        `Betala senast ${row.dueDate} till bankgiro ${seller.bankgiro} med referens (OCR) ${reference}.`,
      ].join('\n'),
      svNext: 'Fakturan med vårt organisations- och momsnummer finns under Betalning & Medlemskap:',
      en: [
        `Thank you for ordering the membership ${row.planName.en} for ${row.membershipYear}.`,
        `To pay: ${amounts} (VAT ${row.vatPercent} %), by ${row.dueDate}, to bankgiro ${seller.bankgiro} with the reference (OCR) ${reference}.`,
        'The invoice, with our organisation and VAT numbers, is under Payments & Membership (the link above).',
      ],
    },
    new URL(paymentDocumentPath(row.id), siteUrl).href,
  );
}

/**
 * The default provider, without a payment account: the order is an invoice, emailed in the
 * transaction that stores it (a failed send stores nothing), and an admin marks it paid when the
 * money has come in. Until then the invoiced year counts for sending an application in.
 */
export const invoiceProvider: PaymentProvider = {
  kind: 'invoice',
  order: (context, order) =>
    context.db.transaction(async (tx) => {
      const row = await insertPayment(tx, order, {
        id: randomUUID(),
        provider: 'invoice',
        status: 'invoiced',
        dueDate: addDays(dateInSweden(order.now), context.invoiceDueDays),
      });
      await sendOrRefuse(context.mailer, invoiceEmail(context, row), 'invoiceMailFailed');
      return { provider: 'invoice', payment: toPayment(row) };
    }),
  // An invoice is never left open by a Checkout: nothing to end.
  cancel: async () => true,
  refund: async () => {
    throw new ApiFailure(409, 'refund_not_possible', 'refundNotPossible');
  },
};
