import { count, eq, sql } from 'drizzle-orm';
import type { AdminReportCount, AdminStats } from '../../../contracts/admin.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';
import { dateInSweden } from '../certificates.ts';
import { listedProfiles } from '../listed.ts';
import type { Reader } from '../messages/policy.ts';
import { unreadTotalQuery } from '../messages/queries.ts';
import { waitingForDecision } from './clinics.ts';

/**
 * The overview's numbers in one round trip (the route adds whether the installation is a demo). Each is
 * counted by the rule of the page it leads to (issue 28): the pending applications as the applications
 * list's waiting ones, the unread messages as the admin's inbox and the menu's badge count them.
 */
export async function adminStats(db: Database, admin: Reader, now = new Date()): Promise<Omit<AdminStats, 'demo'>> {
  const [row] = await queryRows<{
    clinics: number;
    listed: number;
    customers: number;
    pending: number;
    unread: number;
  }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${profiles.role} = 'clinic')::int AS clinics,
               (SELECT count(*) FROM ${listedProfiles(dateInSweden(now))})::int AS listed,
               count(*) FILTER (WHERE ${profiles.role} = 'customer' AND ${profiles.deletedAt} IS NULL)::int AS customers,
               count(*) FILTER (WHERE ${profiles.role} = 'clinic' AND ${waitingForDecision()})::int AS pending,
               (${unreadTotalQuery(admin)}) AS unread
        FROM ${profiles}`,
  );
  return {
    clinics: row?.clinics ?? 0,
    listedClinics: row?.listed ?? 0,
    customers: row?.customers ?? 0,
    pendingApplications: row?.pending ?? 0,
    unreadMessages: row?.unread ?? 0,
  };
}

/** The reports no admin has answered yet (SPEC section 4: Ny until an answer makes it Hanterad): the menu's badge. */
export async function countWaitingReports(db: Database): Promise<AdminReportCount> {
  const [row] = await db.select({ waiting: count() }).from(reports).where(eq(reports.status, 'Ny'));
  return { waiting: row?.waiting ?? 0 };
}
