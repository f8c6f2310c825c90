import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { CHECKOUT_CANCELLED_PATH, CHECKOUT_SUCCESS_PATH, formatOre } from '../../../contracts/payments.ts';
import { payments } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { insertPayment } from './orders.ts';
import type { PaymentRow } from './payments.ts';
import type { PaymentProvider } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  /** Another address for Stripe's API: the local fake the tests start (STRIPE_API_URL). */
  apiUrl?: string;
}

/** The official client, pointed at Stripe or at `apiUrl` (its host, port and protocol options). */
export function createStripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const api = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const unavailable = () => new ApiFailure(502, 'payment_provider_unavailable', 'paymentProviderUnavailable');

/**
 * Stripe Checkout in payment mode, in SEK (issue 25 point 1). The payment is stored first, pending,
 * so the year is held while Stripe is asked (two orders at once: one is refused); the Checkout
 * Session carries its id, and the webhook (stripe-webhook.ts) marks it paid. No payment methods are
 * named: Checkout offers those the account has turned on (card, Swish, Klarna).
 */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    kind: 'stripe',
    async order({ db, siteUrl }, order) {
      const id = randomUUID();
      await insertPayment(db, order, { id, provider: 'stripe', status: 'pending', dueDate: null });
      const { netOre, vatOre, totalOre } = order.amounts;
      const planName = order.plan.name[order.language];
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            currency: 'sek',
            locale: order.language,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'sek',
                  unit_amount: totalOre,
                  product_data: {
                    name: `${planName} ${order.year}`,
                    // The price and its VAT, shown on the Checkout page before paying.
                    description:
                      order.language === 'sv'
                        ? `Medlemskap ${order.year}: ${formatOre(netOre)} + moms ${order.plan.vatPercent} % ${formatOre(vatOre)}`
                        : `Membership ${order.year}: ${formatOre(netOre)} + VAT ${order.plan.vatPercent} % ${formatOre(vatOre)}`,
                  },
                },
              },
            ],
            customer_email: order.buyer.email,
            client_reference_id: id,
            metadata: { payment_id: id, membership_year: String(order.year) },
            payment_intent_data: { metadata: { payment_id: id } },
            success_url: `${siteUrl}${CHECKOUT_SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${siteUrl}${CHECKOUT_CANCELLED_PATH}`,
          },
          { idempotencyKey: `checkout-${id}` },
        );
      } catch {
        await db.update(payments).set({ status: 'failed', failedAt: new Date() }).where(eq(payments.id, id));
        throw unavailable();
      }
      if (!session.url) throw unavailable();
      await db
        .update(payments)
        .set({ stripeCheckoutSessionId: session.id, stripeCheckoutUrl: session.url })
        .where(eq(payments.id, id));
      return { provider: 'stripe', checkoutUrl: session.url };
    },
    async cancel(payment: PaymentRow) {
      if (!payment.stripeCheckoutSessionId) return true;
      try {
        await stripe.checkout.sessions.expire(payment.stripeCheckoutSessionId);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: paid meanwhile, or already expired.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable();
        const session = await stripe.checkout.sessions.retrieve(payment.stripeCheckoutSessionId).catch(() => {
          throw unavailable();
        });
        return session.status === 'expired';
      }
    },
    async refund(payment: PaymentRow) {
      if (!payment.stripePaymentIntentId) throw new ApiFailure(409, 'refund_not_possible', 'refundNotPossible');
      try {
        await stripe.refunds.create(
          { payment_intent: payment.stripePaymentIntentId, metadata: { payment_id: payment.id } },
          { idempotencyKey: `refund-${payment.id}` },
        );
      } catch {
        throw unavailable();
      }
    },
  };
}
