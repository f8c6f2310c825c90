import { and, or, sql, type SQL } from 'drizzle-orm';
import type { ClinicCard, ClinicPage, ClinicSearch } from '../../contracts/clinics.ts';
import { ratingSummary } from '../../contracts/reviews.ts';
import type { TreatmentId } from '../../contracts/treatments.ts';
import { queryRows, type Database } from '../db/client.ts';
import { afterCursor, type Keyset, keysetOrder, keysetPage } from '../db/keyset.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { listedProfiles } from './listed.ts';

// Below this length a typo-tolerant match finds too much to be useful; substrings still match.
const FUZZY_MIN_LENGTH = 4;
// A register word stands in for a typed word only when at least this word_similarity (pg_trgm) close:
// enough for "stokholm" to find Stockholm (0.58), not for "lazer" to find Laser (0.33).
const NEAR_WORD_MIN_SIMILARITY = 0.5;
// How many of the closest register words to look at per typed word; only the closest of them are used.
const NEAR_WORD_CANDIDATES = 5;

const EMPTY_PAGE: ClinicPage = { items: [], nextCursor: null };

/** Swedish order: ck_swedish_sort_key (migration 0000) writes names so that they order byte-wise as Swedish does. */
const REGISTER_ORDER: Keyset = { sortKey: profiles.nameSortKey, kind: 'text', id: profiles.id, direction: 'asc' };

/** The text as a literal inside a LIKE pattern: its %, _ and \\ match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function nameOrCityLike(pattern: SQL | string): SQL {
  return sql`(${profiles.nameSearchKey} LIKE ${pattern} OR ${profiles.citySearchKey} LIKE ${pattern})`;
}

function containsText(search: string): SQL {
  return nameOrCityLike(sql`ck_search_key(${`%${escapeLike(search)}%`})`);
}

/** `key` is already a search key (lower case, no accents), as the words of register_search_words are. */
function containsKey(key: string): SQL {
  return nameOrCityLike(`%${escapeLike(key)}%`);
}

/**
 * The clinic's certificate in force on `today` covers `treatment`: only the verified scope counts, never
 * the treatments the clinic chose (issue 22). A probe of the clinic's active certificates beside the
 * listed one (certificates_one_active_per_year_idx), so the page still walks the register's indexes in
 * name order (docs/decisions/030).
 */
function scopeCovers(treatment: TreatmentId, today: string): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${certificates} AS scope
    WHERE scope.clinic_id = ${profiles.id} AND scope.status = 'active'
      AND scope.valid_from <= ${today}::date AND scope.valid_to >= ${today}::date
      AND scope.treatments @> ARRAY[${treatment}]::text[])`;
}

/** A clinic card as a raw query selects it with `clinicCardColumns`. */
export interface ClinicCardRow extends Record<string, unknown> {
  id: string;
  full_name: string;
  city: string | null;
  website: string | null;
  cover_image_url: string | null;
  slug: string;
  review_count: number;
  review_rating_sum: number;
}

/** The select list of a card, for the raw queries that list clinics (the register, the followed clinics). */
export const clinicCardColumns = sql`${profiles.id} AS id, ${profiles.fullName} AS full_name, ${profiles.city} AS city,
  ${profiles.website} AS website, ${profiles.coverImageUrl} AS cover_image_url, ${profiles.slug} AS slug,
  ${profiles.reviewCount} AS review_count, ${profiles.reviewRatingSum} AS review_rating_sum`;

export function toClinicCard(row: ClinicCardRow): ClinicCard {
  return {
    id: row.id,
    fullName: row.full_name,
    city: row.city,
    website: row.website,
    coverImageUrl: row.cover_image_url,
    // Cards are read from the listed clinics only (the register; the followed list says which left it).
    isCertified: true,
    slug: row.slug,
    rating: ratingSummary(row.review_count, row.review_rating_sum),
  };
}

interface CardRow extends ClinicCardRow {
  sort_key: string;
}

interface NearWordRow extends Record<string, unknown> {
  typed: string | null;
  near: string | null;
  distance: number | null;
}

/**
 * The rows of one register page and one more (to tell whether a next page exists). Written as SQL
 * rather than with the query builder so that it can be combined with the near-word lookup below, and
 * because this is the hottest query of the product: mapping its few columns by hand is cheaper.
 */
function registerPageQuery(match: SQL | undefined, { limit, cursor }: ClinicSearch, today: string): SQL {
  const where = and(match, afterCursor(REGISTER_ORDER, cursor));
  return sql`
    SELECT ${clinicCardColumns}, ${profiles.nameSortKey} AS sort_key
    FROM ${listedProfiles(today)}
    ${where ? sql`WHERE ${where}` : sql``}
    ORDER BY ${keysetOrder(REGISTER_ORDER)}
    LIMIT ${limit + 1}`;
}

/**
 * Each word of the search (ck_search_words of its search key, as names are split) with the register words
 * closest to it (ck_register_near_words, migration 0013). A typed word too short to have near words, or
 * with none close enough, comes back once with `near` null.
 */
function nearWordsQuery(search: string): SQL {
  return sql`
    SELECT typed, near, distance
    FROM ck_register_near_words(${search}, ${FUZZY_MIN_LENGTH}, ${NEAR_WORD_CANDIDATES}, ${1 - NEAR_WORD_MIN_SIMILARITY})`;
}

function toPage(rows: readonly CardRow[], limit: number): ClinicPage {
  const page = keysetPage(rows, limit, (row) => [row.sort_key, row.id]);
  return { items: page.rows.map(toClinicCard), nextCursor: page.nextCursor };
}

async function registerPage(
  db: Database,
  match: SQL | undefined,
  query: ClinicSearch,
  today: string,
): Promise<ClinicPage> {
  return toPage(await queryRows<CardRow>(db, registerPageQuery(match, query, today)), query.limit);
}

/**
 * Near match, for a search whose text no clinic contains: every typed word occurs in the name or city,
 * or one of the register words closest to it does (a typo, or words of name and city together).
 */
function nearMatch(rows: readonly NearWordRow[]): SQL | undefined {
  const nearWords = new Map<string, { word: string; distance: number }[]>();
  for (const { typed, near, distance } of rows) {
    if (typed === null) continue;
    const candidates = nearWords.get(typed) ?? [];
    nearWords.set(typed, candidates);
    if (near !== null && distance !== null) candidates.push({ word: near, distance });
  }
  if (nearWords.size === 0) return undefined;
  return and(
    ...[...nearWords].map(([typed, candidates]) => {
      // Only the closest word stands in for the typed one, and any as close (a tie).
      const closest = Math.min(...candidates.map(({ distance }) => distance));
      const alternatives = candidates.filter(({ distance }) => distance === closest).map(({ word }) => word);
      return or(...[typed, ...alternatives].map(containsKey));
    }),
  );
}

/**
 * One page of the public register on `today` (a Swedish date): listed clinics whose name or city
 * contains the search text (case- and accent-insensitive) or, only when no clinic does anywhere in the
 * register, nearly matches it (see nearMatch), in Swedish order; every page of one search follows the
 * same rule. With a treatment, the register is only the clinics whose certificate in force covers it,
 * for the text match and for the near match alike.
 *
 * A search that finds its text costs one query. One that does not gets the near words from that same
 * query and costs a second: under load every query waits its turn for a pooled connection, so each
 * extra round trip adds a full wait to the request.
 */
export async function searchClinics(
  db: Database,
  query: ClinicSearch,
  today = dateInSweden(new Date()),
): Promise<ClinicPage> {
  const { search, cursor, limit, treatment } = query;
  const scope = treatment ? scopeCovers(treatment, today) : undefined;
  if (!search) return registerPage(db, scope, query, today);
  const exact = and(containsText(search), scope);
  if (search.length < FUZZY_MIN_LENGTH) return registerPage(db, exact, query, today);

  // Without a cursor the page itself tells whether the text occurs anywhere; after one it may not.
  const occursNowhere = cursor
    ? sql`NOT EXISTS (SELECT 1 FROM ${listedProfiles(today)} WHERE ${exact})`
    : sql`NOT EXISTS (SELECT 1 FROM page)`;
  const rows = await queryRows<CardRow & NearWordRow>(
    db,
    sql`
      WITH page AS MATERIALIZED (${registerPageQuery(exact, query, today)})
      SELECT page.*, NULL::text AS typed, NULL::text AS near, NULL::real AS distance FROM page
      UNION ALL
      SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, words.typed, words.near, words.distance
      FROM (${nearWordsQuery(search)}) AS words
      WHERE ${occursNowhere}`,
  );
  const cards = rows.filter((row) => row.typed === null);
  if (cards.length > 0 || rows.length === 0) return toPage(cards, limit);
  const near = nearMatch(rows);
  return near ? registerPage(db, and(near, scope), query, today) : EMPTY_PAGE;
}
