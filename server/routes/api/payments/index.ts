import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/api-failure.ts';
import { handleStripeEvent, verifiedStripeEvent } from '../../../services/payments/stripe-webhook.ts';
import { refusals } from '../route-schemas.ts';

/** The largest event Stripe sends is far below this; a bigger body is refused before it is read. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/payments/stripe/webhook (issue 25 point 3): Stripe's events about Checkouts and refunds.
 * The signature is computed over the bytes as sent, so this route alone reads its body raw (ARCHITECTURE
 * "known pitfalls"). Without Stripe (the invoice provider) there is nothing here: 404.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/stripe/webhook',
    {
      schema: {
        summary:
          "Stripe's events (checkout.session.completed, its asynchronous success and failure, expired, charge.refunded), verified by their Stripe-Signature; each handled once",
        tags: ['payments'],
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: { 200: z.object({ received: z.literal(true) }), ...refusals(400, 404) },
      },
    },
    async (request) => {
      const stripe = app.payments.stripe;
      if (!stripe) throw notFound();
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = verifiedStripeEvent(stripe.client, body, request.headers['stripe-signature'], stripe.webhookSecret);
      const outcome = await handleStripeEvent(app.db, event, request.log);
      request.log.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true as const };
    },
  );
};
