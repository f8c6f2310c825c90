import { and, eq, inArray } from 'drizzle-orm';
import type { ClinicOwnProfile } from '../../../contracts/clinic-area.ts';
import { MEMBERSHIP_PAYMENT_STATUSES, type MembershipYear } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { membershipWaivers, payments } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';

// A membership is a calendar year, as a certificate is (SPEC section 2: valid until 31 December): a
// paid payment for the year makes it, through 31 December. Sending an application or a renewal in
// needs it paid or invoiced, or an admin's waiver (issue 25 point 2).

/** The payments that hold a clinic's year: at most one of them at a time (payments_one_live_per_year_idx). */
export const LIVE_PAYMENT_STATUSES = ['pending', 'invoiced', 'paid'] as const;

type Reader = Pick<Database, 'select'>;

/** Whether a payment in `status` makes the year's membership (contracts: MEMBERSHIP_PAYMENT_STATUSES). */
const isMembershipPayment = (status: string): status is (typeof MEMBERSHIP_PAYMENT_STATUSES)[number] =>
  (MEMBERSHIP_PAYMENT_STATUSES as readonly string[]).includes(status);

/**
 * The year the clinic's next application or renewal is for, the one it pays: next year once the
 * renewal of its certificate in force has opened (1 November), this year otherwise.
 */
export function membershipYearDue(profile: Pick<ClinicOwnProfile, 'renewal'>, now: Date): number {
  const today = dateInSweden(now);
  const thisYear = Number(today.slice(0, 4));
  return profile.renewal && today >= profile.renewal.opensOn
    ? Number(profile.renewal.opensOn.slice(0, 4)) + 1
    : thisYear;
}

/** Where the clinic's membership of `year` stands. */
export async function membershipOf(db: Reader, clinicId: string, year: number): Promise<MembershipYear> {
  const [[live], [waiver]] = await Promise.all([
    db
      .select({ status: payments.status, planName: payments.planName })
      .from(payments)
      .where(
        and(
          eq(payments.clinicId, clinicId),
          eq(payments.membershipYear, year),
          inArray(payments.status, LIVE_PAYMENT_STATUSES),
        ),
      ),
    db
      .select({ reason: membershipWaivers.reason })
      .from(membershipWaivers)
      .where(and(eq(membershipWaivers.clinicId, clinicId), eq(membershipWaivers.year, year))),
  ]);
  if (live?.status === 'paid') {
    return { year, status: 'paid', planName: live.planName, validThrough: `${year}-12-31`, waiverReason: null };
  }
  if (waiver) return { year, status: 'waived', planName: null, validThrough: null, waiverReason: waiver.reason };
  return {
    year,
    status: live?.status === 'invoiced' || live?.status === 'pending' ? live.status : 'none',
    planName: live?.planName ?? null,
    validThrough: null,
    waiverReason: null,
  };
}

/** Refuses sending in for `year` without a paid or invoiced membership or a waiver (409 membership_required). */
export async function requireMembership(db: Reader, clinicId: string, year: number): Promise<void> {
  const { status } = await membershipOf(db, clinicId, year);
  if (status !== 'waived' && !isMembershipPayment(status)) {
    throw new ApiFailure(409, 'membership_required', 'membershipRequired');
  }
}
