import type { ClinicMembership, PaymentProviderKind } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/api-failure.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { getClinicOwnProfile } from '../clinic-area/clinic-profile.ts';
import { membershipOf, membershipYearDue } from './membership.ts';
import { clinicPayments } from './payments.ts';
import { listPlans } from './plans.ts';

/** GET /api/clinic/membership: the plans for sale, the due year (and this year during a renewal), every payment. */
export async function clinicMembership(
  db: Database,
  { provider, invoiceDueDays }: { provider: PaymentProviderKind; invoiceDueDays: number },
  clinicId: string,
  now: Date,
): Promise<ClinicMembership> {
  const profile = await getClinicOwnProfile(db, clinicId, now);
  if (!profile) throw notFound();
  const dueYear = membershipYearDue(profile, now);
  const thisYear = Number(dateInSweden(now).slice(0, 4));
  const [plans, due, current, own] = await Promise.all([
    listPlans(db, { activeOnly: true }),
    membershipOf(db, clinicId, dueYear),
    dueYear === thisYear ? null : membershipOf(db, clinicId, thisYear),
    clinicPayments(db, clinicId),
  ]);
  return { provider, plans, due, current, payments: own, invoiceDueDays };
}
