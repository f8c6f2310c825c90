import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../contracts/constants.ts';
import { type MembershipOrder, type MembershipOrderResult, priceWithVat } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { payments } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import { getClinicOwnProfile } from '../clinic-area/clinic-profile.ts';
import { LIVE_PAYMENT_STATUSES, membershipYearDue } from './membership.ts';
import { requireActivePlan } from './plans.ts';
import type { PaymentRow } from './payments.ts';
import type { PaymentContext, PaymentOrder, PaymentProvider } from './provider.ts';

const alreadyPaid = () => new ApiFailure(409, 'membership_already_paid', 'membershipAlreadyPaid');

/**
 * POST /api/clinic/membership/orders: the clinic pays its due year with a plan, through the
 * installation's provider. A paid or invoiced year is refused (409); a Checkout it left open is
 * ended first, so the new order takes its place.
 */
export async function orderMembership(
  context: PaymentContext,
  provider: PaymentProvider,
  clinicId: string,
  { planId }: MembershipOrder,
  language: Language,
  now = new Date(),
): Promise<MembershipOrderResult> {
  const { db } = context;
  const profile = await getClinicOwnProfile(db, clinicId, now);
  if (!profile) throw notFound();
  const plan = await requireActivePlan(db, planId);
  const year = membershipYearDue(profile, now);
  const [live] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.clinicId, clinicId),
        eq(payments.membershipYear, year),
        inArray(payments.status, LIVE_PAYMENT_STATUSES),
      ),
    );
  if (live && live.status !== 'pending') throw alreadyPaid();
  if (live) await cancelOpenCheckout(db, provider, live);
  const order: PaymentOrder = {
    clinicId,
    year,
    plan,
    amounts: priceWithVat(plan.priceOre, plan.vatPercent),
    buyer: {
      name: profile.companyName ?? profile.fullName,
      organisationNumber: profile.orgNumber,
      email: profile.contactEmail ?? profile.email,
    },
    language,
    now,
  };
  return provider.order(context, order);
}

/** Ends a Checkout the clinic left open; one paid meanwhile (its event on the way) is no longer open: 409. */
async function cancelOpenCheckout(db: Database, provider: PaymentProvider, payment: PaymentRow): Promise<void> {
  if (!(await provider.cancel(payment))) throw new ApiFailure(409, 'payment_in_progress', 'paymentInProgress');
  await db
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
}

/**
 * Stores the payment of `order` with `fields` (status and what the provider adds) in `tx`. The
 * unique index holds one open or paid payment per clinic and year, so of two orders at once one is
 * stored and the other refused (409).
 */
export async function insertPayment(
  tx: Pick<Database, 'insert'>,
  order: PaymentOrder,
  fields: Pick<typeof payments.$inferInsert, 'id' | 'provider' | 'status' | 'dueDate'>,
): Promise<PaymentRow> {
  try {
    const [row] = await tx
      .insert(payments)
      .values({
        ...fields,
        clinicId: order.clinicId,
        planId: order.plan.id,
        planName: order.plan.name,
        membershipYear: order.year,
        ...order.amounts,
        vatPercent: order.plan.vatPercent,
        buyerName: order.buyer.name,
        buyerOrganisationNumber: order.buyer.organisationNumber,
        buyerEmail: order.buyer.email,
        createdAt: order.now,
      })
      .returning();
    if (!row) throw new Error('The payment was not stored');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyPaid();
    throw error;
  }
}
