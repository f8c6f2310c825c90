import { sql } from 'drizzle-orm';
import type { AdminStats } from '../../../contracts/admin.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { messages, profiles } from '../../db/schema/index.ts';
import { dateInSweden } from '../certificates.ts';
import { listedProfiles } from '../listed.ts';

/** The overview's numbers in one round trip (the route adds whether the installation is a demo). */
export async function adminStats(db: Database, now = new Date()): Promise<Omit<AdminStats, 'demo'>> {
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
               count(*) FILTER (WHERE ${profiles.role} = 'customer')::int AS customers,
               count(*) FILTER (WHERE ${profiles.role} = 'clinic' AND ${profiles.applicationStatus} = 'Väntar')::int AS pending,
               (SELECT count(*) FROM ${messages} WHERE ${messages.readAt} IS NULL)::int AS unread
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
