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

// The register's own rows: the three conditions match the partial indexes (server/db/schema/profiles.ts).
const registerConditions = (): SQL[] => [eq(profiles.role, 'clinic'), eq(profiles.isCertified, true), eq(profiles.isPublic, true)];

function containsText(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return sql`(${profiles.nameSearchKey} LIKE ck_search_key(${pattern}) OR ${profiles.citySearchKey} LIKE ck_search_key(${pattern}))`;
}

function nearlyContainsText(search: string): SQL {
  return sql`(ck_search_key(${search}) <% ${profiles.nameSearchKey} OR ck_search_key(${search}) <% ${profiles.citySearchKey})`;
}

async function occursAnywhere(db: Database, match: SQL): Promise<boolean> {
  const [found] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(...registerConditions(), match))
    .limit(1);
  return found !== undefined;
}

async function registerPage(db: Database, match: SQL | undefined, { limit, cursor }: ClinicSearch): Promise<ClinicPage> {
  const conditions = registerConditions();
  if (match) conditions.push(match);
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

/**
 * One page of the public register: certified, public clinics whose name or city contains the search
 * text (case- and accent-insensitive) or, only when no clinic does, nearly contains it (a typo), in
 * Swedish order. Typo tolerance is by far the costliest part, so a search that finds its text does not
 * pay for it; every page of one search follows the same rule.
 */
export async function searchClinics(db: Database, query: ClinicSearch): Promise<ClinicPage> {
  const { search, cursor } = query;
  if (!search) return registerPage(db, undefined, query);
  const exact = containsText(search);
  if (search.length < FUZZY_MIN_LENGTH) return registerPage(db, exact, query);
  if (!cursor) {
    const page = await registerPage(db, exact, query);
    return page.items.length > 0 ? page : registerPage(db, nearlyContainsText(search), query);
  }
  return registerPage(db, (await occursAnywhere(db, exact)) ? exact : nearlyContainsText(search), query);
}
