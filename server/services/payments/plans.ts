import { asc, eq } from 'drizzle-orm';
import type { MembershipPlan, MembershipPlanUpdate } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { recordAudit } from '../admin/audit.ts';

/**
 * The plans a new installation starts with (SPEC section 9: 990 and 1,990 SEK a year without VAT);
 * from then on they are the admin's data (issue 25 point 6).
 */
const DEFAULT_PLANS = [
  {
    code: 'individual',
    name: { sv: 'Individuell', en: 'Individual' },
    description: { sv: 'För dig som driver kliniken på egen hand.', en: 'For you who run the clinic on your own.' },
    priceOre: 99_000,
    vatPercent: 25,
    sortOrder: 1,
  },
  {
    code: 'company',
    name: { sv: 'Företag', en: 'Company' },
    description: {
      sv: 'För kliniker med flera behandlare och anställda.',
      en: 'For clinics with several practitioners and employees.',
    },
    priceOre: 199_000,
    vatPercent: 25,
    sortOrder: 2,
  },
] as const;

/** The plan a clinic's payments page starts on (SPEC section 9: company). */
export const DEFAULT_PLAN_CODE = 'company';

/** Adds the default plans that are missing; plans an admin changed are kept as they are. */
export async function seedMembershipPlans(db: Database): Promise<void> {
  await db
    .insert(membershipPlans)
    .values(DEFAULT_PLANS.map((plan) => ({ ...plan })))
    .onConflictDoNothing();
}

type PlanRow = typeof membershipPlans.$inferSelect;

const toPlan = ({ id, code, name, description, priceOre, vatPercent, active }: PlanRow): MembershipPlan => ({
  id,
  code,
  name,
  description,
  priceOre,
  vatPercent,
  active,
});

/** Every plan in the order the payments page shows them; `activeOnly` leaves out the ones no longer sold. */
export async function listPlans(db: Database, { activeOnly = false } = {}): Promise<MembershipPlan[]> {
  const rows = await db
    .select()
    .from(membershipPlans)
    .where(activeOnly ? eq(membershipPlans.active, true) : undefined)
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.code));
  return rows.map(toPlan);
}

/** A plan a clinic can buy now; anything else is refused as unknown (issue 25: a plan that does not exist). */
export async function requireActivePlan(db: Database, planId: string): Promise<MembershipPlan> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, planId));
  if (!row?.active) throw new ApiFailure(404, 'plan_not_found', 'planUnknown');
  return toPlan(row);
}

/**
 * PUT /api/admin/plans/:id: the admin changes a plan; the audit log keeps it before and after (its
 * history). Payments already made keep what they charged.
 */
export async function updatePlan(
  db: Database,
  adminId: string,
  planId: string,
  update: MembershipPlanUpdate,
  now = new Date(),
): Promise<MembershipPlan> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, planId)).for('update');
    if (!before) throw new ApiFailure(404, 'plan_not_found', 'planUnknown');
    const [after] = await tx
      .update(membershipPlans)
      .set({ ...update, updatedAt: now })
      .where(eq(membershipPlans.id, planId))
      .returning();
    if (!after) throw new ApiFailure(404, 'plan_not_found', 'planUnknown');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'plan.changed',
      targetId: planId,
      before: auditedPlan(before),
      after: auditedPlan(after),
    });
    return toPlan(after);
  });
}

/** What the history keeps of a plan: everything but its id, which is the entry's target. */
const auditedPlan = (row: PlanRow) => {
  const { id: _id, ...plan } = toPlan(row);
  return plan;
};
