import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { MEMBERSHIP_PAYMENT_STATUSES } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { payments, stripeEvents } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { lockPayment } from './payments.ts';

// POST /api/payments/stripe/webhook (issue 25 point 3): Stripe's events, verified on the raw body,
// each handled once (its id is stored in the transaction that handles it) and in any order: a
// payment only moves forward (pending or failed to paid, paid to refunded), so a late or replayed
// event finds nothing left to do.

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/** The event of a request whose Stripe-Signature matches its raw body; anything else is refused (400). */
export function verifiedStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): Stripe.Event {
  try {
    if (!signature) throw new Error('no signature');
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new ApiFailure(400, 'webhook_signature_invalid', 'webhookSignatureInvalid');
  }
}

const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The payment a Checkout Session was made for: by the id it carries, or by the session's own. */
function ofSession(session: Stripe.Checkout.Session): SQL {
  const paymentId = session.metadata?.payment_id ?? session.client_reference_id;
  const bySession = eq(payments.stripeCheckoutSessionId, session.id);
  return paymentId && /^[0-9a-f-]{36}$/i.test(paymentId)
    ? (or(eq(payments.id, paymentId), bySession) as SQL)
    : bySession;
}

async function markPaid(
  tx: Transaction,
  session: Stripe.Checkout.Session,
  log: Log,
  at: Date,
): Promise<WebhookOutcome> {
  const payment = await lockPayment(tx, ofSession(session));
  if (!payment) {
    log.warn({ session: session.id }, 'stripe: a paid Checkout of no payment here');
    return 'ignored';
  }
  if (payment.status === 'paid' || payment.status === 'refunded') return 'handled';
  if (session.amount_total !== payment.totalOre || session.currency !== 'sek') {
    log.error({ payment: payment.id, session: session.id }, 'stripe: a Checkout paid another sum than its payment');
    return 'ignored';
  }
  // A deleted clinic's payment (clinic_id null) has no year left to hold.
  const sameYear = payment.clinicId
    ? and(eq(payments.clinicId, payment.clinicId), eq(payments.membershipYear, payment.membershipYear))
    : undefined;
  if (sameYear) {
    // Paid after a newer order replaced it: the newer one, still open, gives way.
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(sameYear, eq(payments.status, 'pending'), ne(payments.id, payment.id)));
    const [paidBefore] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(sameYear, inArray(payments.status, MEMBERSHIP_PAYMENT_STATUSES)));
    if (paidBefore) {
      log.error(
        { payment: payment.id, paidBefore: paidBefore.id },
        'stripe: a year was paid twice; refund one of them',
      );
      return 'ignored';
    }
  }
  await tx
    .update(payments)
    .set({ status: 'paid', paidAt: at, stripePaymentIntentId: idOf(session.payment_intent) })
    .where(eq(payments.id, payment.id));
  log.info({ payment: payment.id, year: payment.membershipYear }, 'stripe: membership paid');
  return 'handled';
}

async function markFailed(
  tx: Transaction,
  session: Stripe.Checkout.Session,
  log: Log,
  at: Date,
): Promise<WebhookOutcome> {
  const payment = await lockPayment(tx, ofSession(session));
  if (!payment) return 'ignored';
  if (payment.status !== 'pending') return 'handled';
  await tx.update(payments).set({ status: 'failed', failedAt: at }).where(eq(payments.id, payment.id));
  log.info({ payment: payment.id }, 'stripe: membership payment failed');
  return 'handled';
}

async function markRefunded(tx: Transaction, charge: Stripe.Charge, at: Date): Promise<WebhookOutcome> {
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent || !charge.refunded) return 'ignored';
  const payment = await lockPayment(tx, eq(payments.stripePaymentIntentId, paymentIntent));
  if (!payment) return 'ignored';
  if (payment.status === 'paid') {
    await tx.update(payments).set({ status: 'refunded', refundedAt: at }).where(eq(payments.id, payment.id));
  }
  return 'handled';
}

/** Handles one verified event in one transaction with its id: a replay answers `duplicate` and changes nothing. */
export async function handleStripeEvent(db: Database, event: Stripe.Event, log: Log): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'duplicate';
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
        // Paid at once (card, Swish), or later by an asynchronous method, whose own event follows.
        return event.data.object.payment_status === 'unpaid' ? 'handled' : markPaid(tx, event.data.object, log, at);
      case 'checkout.session.async_payment_succeeded':
        return markPaid(tx, event.data.object, log, at);
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return markFailed(tx, event.data.object, log, at);
      case 'charge.refunded':
        return markRefunded(tx, event.data.object, at);
      default:
        return 'ignored';
    }
  });
}
