import { and, eq } from 'drizzle-orm';
import type { MembershipWaiver, Payment } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { membershipWaivers, payments, profiles } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import { recordAudit } from '../admin/audit.ts';
import { lockPayment, toPayment } from './payments.ts';
import type { PaymentProvider } from './provider.ts';

// What an admin does with payments (issue 25 point 4), each in the audit log with the payment as its target.

/** POST /api/admin/payments/:id/paid: the money of an invoice has come in. Only an unpaid invoice can be. */
export async function markInvoicePaid(
  db: Database,
  adminId: string,
  paymentId: string,
  now = new Date(),
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, eq(payments.id, paymentId));
    if (!payment) throw notFound();
    if (payment.status !== 'invoiced') throw new ApiFailure(409, 'payment_not_invoiced', 'paymentNotInvoiced');
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', paidAt: now })
      .where(eq(payments.id, paymentId))
      .returning();
    if (!paid) throw notFound();
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payment.marked_paid',
      targetId: paymentId,
      details: { number: paid.number, clinicId: paid.clinicId, year: paid.membershipYear, totalOre: paid.totalOre },
    });
    return toPayment(paid);
  });
}

/**
 * POST /api/admin/payments/:id/refund: gives a paid Stripe payment back through Stripe's API, then
 * records it; the year's membership goes with it. Stripe's own charge.refunded event then finds it done.
 */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  adminId: string,
  paymentId: string,
  now = new Date(),
): Promise<Payment> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound();
  if (payment.status !== 'paid' || payment.provider !== 'stripe' || provider.kind !== 'stripe') {
    throw new ApiFailure(409, 'refund_not_possible', 'refundNotPossible');
  }
  await provider.refund(payment);
  return db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({ status: 'refunded', refundedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
      .returning();
    // Stripe's event came first: it is refunded already, and audited here all the same.
    const result = refunded ?? (await lockPayment(tx, eq(payments.id, paymentId)));
    if (!result) throw notFound();
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payment.refunded',
      targetId: paymentId,
      details: {
        number: result.number,
        clinicId: result.clinicId,
        year: result.membershipYear,
        totalOre: result.totalOre,
      },
    });
    return toPayment(result);
  });
}

/**
 * POST /api/admin/clinics/:id/membership-waiver: the clinic may send in for `year` without a paid
 * or invoiced membership; the reason goes to the audit log with it (issue 25 point 2).
 */
export async function waiveMembership(
  db: Database,
  adminId: string,
  clinicId: string,
  { year, reason }: MembershipWaiver,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [clinic] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
    if (!clinic) throw notFound();
    const [waived] = await tx
      .insert(membershipWaivers)
      .values({ clinicId, year, reason, adminId })
      .onConflictDoNothing()
      .returning({ year: membershipWaivers.year });
    if (!waived) throw new ApiFailure(409, 'membership_already_waived', 'membershipAlreadyWaived');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'membership.waived',
      targetId: clinicId,
      details: { year, reason },
    });
  });
}
