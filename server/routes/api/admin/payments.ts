import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../../contracts/admin.ts';
import {
  AdminPaymentsPageSchema,
  AdminPaymentsQuerySchema,
  AdminPlanSchema,
  MembershipPlanSchema,
  MembershipPlanUpdateSchema,
  MembershipWaiverSchema,
  PaymentDocumentSchema,
  PaymentIdParamsSchema,
  PaymentSchema,
  PlanIdParamsSchema,
} from '../../../../contracts/payments.ts';
import { auditHistories } from '../../../services/admin/audit.ts';
import { markInvoicePaid, refundPayment, waiveMembership } from '../../../services/payments/admin-actions.ts';
import { adminPayments, findPayment } from '../../../services/payments/payments.ts';
import { listPlans, updatePlan } from '../../../services/payments/plans.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['admin', 'payments'];

/** The admin's payments, plans and waivers (issue 25 points 2, 4 and 6); every change audited. */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments',
    {
      schema: {
        summary: 'Every payment and invoice, newest first, a page at a time, optionally of one status',
        tags,
        security,
        querystring: AdminPaymentsQuerySchema,
        response: { 200: AdminPaymentsPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => adminPayments(app.db, request.query),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        summary: 'One payment with the seller: its invoice or receipt',
        tags,
        security,
        params: PaymentIdParamsSchema,
        response: { 200: PaymentDocumentSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => ({
      payment: await findPayment(app.db, request.params.id),
      seller: app.payments.context.seller,
    }),
  );

  app.post(
    '/payments/:id/paid',
    {
      schema: {
        summary: 'Mark an unpaid invoice paid',
        tags,
        security,
        params: PaymentIdParamsSchema,
        response: { 200: PaymentSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => markInvoicePaid(app.db, request.account.id, request.params.id, app.now()),
  );

  app.post(
    '/payments/:id/refund',
    {
      schema: {
        summary: 'Refund a paid Stripe payment through Stripe; its year is no longer paid',
        tags,
        security,
        params: PaymentIdParamsSchema,
        response: { 200: PaymentSchema, ...signedInRefusals(404, 409, 502) },
      },
    },
    async (request) => refundPayment(app.db, app.payments.provider, request.account.id, request.params.id, app.now()),
  );

  app.get(
    '/plans',
    {
      schema: {
        summary: 'Every membership plan with its history of changes',
        tags,
        security,
        response: { 200: z.array(AdminPlanSchema), ...signedInRefusals() },
      },
    },
    async () => {
      const plans = await listPlans(app.db);
      const histories = await auditHistories(
        app.db,
        plans.map((plan) => plan.id),
      );
      return plans.map((plan) => ({ ...plan, history: histories.get(plan.id) ?? [] }));
    },
  );

  app.put(
    '/plans/:id',
    {
      schema: {
        summary:
          "Change a plan's names, description, price, VAT or whether it is sold; payments made keep what they charged",
        tags,
        security,
        params: PlanIdParamsSchema,
        body: MembershipPlanUpdateSchema,
        response: { 200: MembershipPlanSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => updatePlan(app.db, request.account.id, request.params.id, request.body, app.now()),
  );

  app.post(
    '/clinics/:id/membership-waiver',
    {
      schema: {
        summary: 'Let a clinic send in for a year without a paid or invoiced membership, with the reason (audited)',
        tags,
        security,
        params: IdParamsSchema,
        body: MembershipWaiverSchema,
        response: { 204: z.null(), ...signedInRefusals(404, 409) },
      },
    },
    async (request, reply) => {
      await waiveMembership(app.db, request.account.id, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};
