import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type MembershipOrderResult,
  type Payment,
  type PaymentStatus,
  priceWithVat,
} from '../../contracts/payments.ts';
import type { Database } from '../db/client.ts';
import { membershipPlans, payments } from '../db/schema/index.ts';
import type { PaymentRow } from '../services/payments/payments.ts';
import { bearer } from './auth-client.ts';

/** A seeded plan by its code (individual, company). */
export async function planOf(db: Database, code: 'individual' | 'company') {
  const [plan] = await db.select().from(membershipPlans).where(eq(membershipPlans.code, code));
  if (!plan) throw new Error(`No plan ${code}: site content seeds them`);
  return plan;
}

/**
 * A payment of a clinic inserted directly, for tests that need one in a given state without
 * paying: the company plan, this year by default.
 */
export async function insertPayment(
  db: Database,
  {
    clinicId,
    status,
    provider = 'invoice',
    year = new Date().getFullYear(),
    stripePaymentIntentId = null,
  }: {
    clinicId: string;
    status: PaymentStatus;
    provider?: 'invoice' | 'stripe';
    year?: number;
    stripePaymentIntentId?: string | null;
  },
): Promise<PaymentRow> {
  const plan = await planOf(db, 'company');
  const [row] = await db
    .insert(payments)
    .values({
      id: randomUUID(),
      clinicId,
      planId: plan.id,
      planName: plan.name,
      membershipYear: year,
      provider,
      status,
      ...priceWithVat(plan.priceOre, plan.vatPercent),
      vatPercent: plan.vatPercent,
      buyerName: 'Testkliniken AB',
      buyerOrganisationNumber: '556677-8899',
      buyerEmail: 'faktura@klinik.example',
      dueDate: provider === 'invoice' ? '2099-12-31' : null,
      paidAt: status === 'paid' ? new Date() : null,
      stripePaymentIntentId,
    })
    .returning();
  if (!row) throw new Error('The payment was not stored');
  return row;
}

/**
 * The clinic orders its due year's membership as its payments page does (an invoice, on an app
 * without Stripe): what sending an application or a renewal in needs (issue 25 point 2).
 */
export async function orderMembership(app: FastifyInstance, token: string): Promise<Payment> {
  const plan = await planOf(app.db, 'company');
  const ordered = await app.inject({
    method: 'POST',
    url: '/api/clinic/membership/orders',
    headers: bearer(token),
    payload: { planId: plan.id },
  });
  if (ordered.statusCode !== 201) throw new Error(`The membership order failed: ${ordered.statusCode} ${ordered.body}`);
  const result = ordered.json<MembershipOrderResult>();
  if (result.provider !== 'invoice') throw new Error('orderMembership pays by invoice only');
  return result.payment;
}
