import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FollowedPage, FollowedQuery } from '../../../contracts/customer-area.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { afterCursor, cursorTime, type Keyset, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { followedClinics, profiles } from '../../db/schema/index.ts';
import { dateInSweden } from '../certificates.ts';
import { type ClinicCardRow, clinicCardColumns, toClinicCard } from '../clinic-register.ts';
import {
  latestCertificate,
  latestCertificateColumns,
  type LatestCertificateRow,
  leftRegisterOf,
  publicClinic,
} from '../left-register.ts';
import { isListed } from '../listed.ts';

// A follow is kept whatever happens to the clinic; the customer sees it while the clinic is listed
// (services/listed.ts), with its status once it left the register, and not while it chose to be hidden.

/** Follows a clinic of the register; following twice (a double click) is the same as once. False when the clinic is not in the register. */
export async function followClinic(
  db: Database,
  customerId: string,
  clinicId: string,
  now = new Date(),
): Promise<boolean> {
  const [clinic] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), isListed(profiles.id, dateInSweden(now))));
  if (!clinic) return false;
  await db.insert(followedClinics).values({ userId: customerId, clinicId }).onConflictDoNothing();
  return true;
}

/** Stops following; unfollowing what is not followed changes nothing. */
export async function unfollowClinic(db: Database, customerId: string, clinicId: string): Promise<void> {
  await db
    .delete(followedClinics)
    .where(and(eq(followedClinics.userId, customerId), eq(followedClinics.clinicId, clinicId)));
}

/** Which of these clinics the customer follows: the follow buttons of a whole page of cards in one query. */
export async function followedAmong(db: Database, customerId: string, clinicIds: readonly string[]): Promise<string[]> {
  if (clinicIds.length === 0) return [];
  const rows = await db
    .select({ clinicId: followedClinics.clinicId })
    .from(followedClinics)
    .where(and(eq(followedClinics.userId, customerId), inArray(followedClinics.clinicId, [...clinicIds])));
  return rows.map((row) => row.clinicId);
}

interface FollowedRow extends ClinicCardRow, LatestCertificateRow {
  followed_at: string;
  listed: boolean;
}

const FOLLOWED_ORDER: Keyset = {
  sortKey: followedClinics.createdAt,
  kind: 'time',
  id: followedClinics.clinicId,
  direction: 'desc',
};

/**
 * The followed clinics in the register, and those that left it with why and since when (issue 28
 * point 4): a follower keeps a clinic whose certificate was withdrawn, has expired or is suspended,
 * until they stop following it. A clinic that chose to be hidden is not shown (services/left-register.ts).
 * Most recently followed first (keyset pagination); `total` counts the same clinics.
 */
export async function listFollowedClinics(
  db: Database,
  customerId: string,
  { limit, cursor }: FollowedQuery,
  now = new Date(),
): Promise<FollowedPage> {
  const today = dateInSweden(now);
  const followed = sql`FROM ${followedClinics} JOIN ${profiles} ON ${profiles.id} = ${followedClinics.clinicId}
    JOIN ${latestCertificate(today)} ON true`;
  const shown = and(eq(followedClinics.userId, customerId), publicClinic);
  const rows = await queryRows<FollowedRow>(
    db,
    sql`SELECT ${clinicCardColumns}, ${cursorTime(followedClinics.createdAt)} AS followed_at,
          ${isListed(profiles.id, today)} AS listed, ${latestCertificateColumns}
        ${followed}
        WHERE ${and(shown, afterCursor(FOLLOWED_ORDER, cursor))}
        ORDER BY ${keysetOrder(FOLLOWED_ORDER)}
        LIMIT ${limit + 1}`,
  );
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total ${followed} WHERE ${shown}`,
  );
  const page = keysetPage(rows, limit, (row) => [row.followed_at, row.id]);
  return {
    items: page.rows.map((row) => {
      const leftRegister = row.listed ? null : leftRegisterOf(row, today);
      return { ...toClinicCard(row), isCertified: row.listed, leftRegister };
    }),
    nextCursor: page.nextCursor,
    total: counted?.total ?? 0,
  };
}
