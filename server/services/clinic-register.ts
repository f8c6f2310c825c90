import { and, eq, sql, type SQL } from 'drizzle-orm';
import { encodeClinicCursor, type ClinicCursor, type ClinicPage } from '../../contracts/clinics.ts';
import type { Database } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';

export interface ClinicSearch {
  search: string;
  limit: number;
  cursor?: ClinicCursor;
}

// Below this length a typo-tolerant match finds too much to be useful; substrings still match.
const FUZZY_MIN_LENGTH = 4;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * One page of the public register: clinics that are certified and public, whose name or city
 * contains the search text (case- and accent-insensitive, or nearly, for typos), in Swedish order.
 */
export async function searchClinics(db: Database, { search, limit, cursor }: ClinicSearch): Promise<ClinicPage> {
  // These three conditions match the partial indexes of the register (server/db/schema/profiles.ts).
  const conditions: SQL[] = [eq(profiles.role, 'clinic'), eq(profiles.isCertified, true), eq(profiles.isPublic, true)];
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const matches = [
      sql`ck_search_key(${profiles.fullName}) LIKE ck_search_key(${pattern})`,
      sql`ck_search_key(coalesce(${profiles.city}, '')) LIKE ck_search_key(${pattern})`,
    ];
    if (search.length >= FUZZY_MIN_LENGTH) {
      matches.push(sql`ck_search_key(${search}) <% ck_search_key(${profiles.fullName})`);
      matches.push(sql`ck_search_key(${search}) <% ck_search_key(coalesce(${profiles.city}, ''))`);
    }
    conditions.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  if (cursor) {
    conditions.push(sql`(${profiles.nameSortKey} COLLATE "C", ${profiles.id}) > (${cursor[0]} COLLATE "C", ${cursor[1]}::uuid)`);
  }

  const rows = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      city: profiles.city,
      website: profiles.website,
      coverImageUrl: profiles.coverImageUrl,
      isCertified: profiles.isCertified,
      sortKey: profiles.nameSortKey,
    })
    .from(profiles)
    .where(and(...conditions))
    .orderBy(sql`${profiles.nameSortKey} COLLATE "C"`, profiles.id)
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ sortKey: _sortKey, ...card }) => card),
    nextCursor: rows.length > limit && last ? encodeClinicCursor([last.sortKey, last.id]) : null,
  };
}
