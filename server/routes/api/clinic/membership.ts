import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClinicMembershipSchema,
  MembershipOrderResultSchema,
  MembershipOrderSchema,
  PaymentDocumentSchema,
  PaymentIdParamsSchema,
} from '../../../../contracts/payments.ts';
import { requestLanguage } from '../../../lib/messages.ts';
import { clinicMembership } from '../../../services/payments/clinic-membership.ts';
import { orderMembership } from '../../../services/payments/orders.ts';
import { findPayment } from '../../../services/payments/payments.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['clinic', 'payments'];

/** The clinic's membership and its payments (issue 25): only ever its own, found by the id in its token. */
export const clinicMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/membership',
    {
      schema: {
        summary: 'The plans, the membership of the year to pay (and of this year during a renewal), and every payment',
        tags,
        security,
        response: { 200: ClinicMembershipSchema, ...signedInRefusals(404) },
      },
    },
    async (request) =>
      clinicMembership(
        app.db,
        { provider: app.payments.provider.kind, invoiceDueDays: app.payments.context.invoiceDueDays },
        request.account.id,
        app.now(),
      ),
  );

  app.post(
    '/membership/orders',
    {
      schema: {
        summary:
          'Pay the year due with a plan: an invoice by email (invoice), or a Stripe Checkout to go to (stripe). A paid or invoiced year is refused',
        tags,
        security,
        body: MembershipOrderSchema,
        response: { 201: MembershipOrderResultSchema, ...signedInRefusals(404, 409, 502, 503) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await orderMembership(
            app.payments.context,
            app.payments.provider,
            request.account.id,
            request.body,
            requestLanguage(request),
            app.now(),
          ),
        ),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        summary: "One of the clinic's payments with the seller: its invoice or receipt",
        tags,
        security,
        params: PaymentIdParamsSchema,
        response: { 200: PaymentDocumentSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => ({
      payment: await findPayment(app.db, request.params.id, request.account.id),
      seller: app.payments.context.seller,
    }),
  );
};
