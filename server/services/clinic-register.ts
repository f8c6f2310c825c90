import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type ClinicCard,
  type ClinicPage,
  type ClinicSearch,
  NEAR_RADIUS_KM,
  type Place,
  type RegisterCard,
} from '../../contracts/clinics.ts';
import { ratingSummary } from '../../contracts/reviews.ts';
import type { TreatmentId } from '../../contracts/treatments.ts';
import { queryRows, type Database } from '../db/client.ts';
import { afterCursor, type Keyset, keysetOrder, keysetPage } from '../db/keyset.ts';
import { fixedSql } from '../db/fixed-sql.ts';
import { queryRowsPlannedOnce } from '../db/planned-once.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { ApiFailure } from '../lib/api-failure.ts';
import { findPlace } from '../lib/places/places.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { mapPoint } from './clinic-position.ts';
import { isListed, isPublicClinic, listedProfiles } from './listed.ts';
import {
  MERGED_CANDIDATES,
  type MergedLists,
  mergedLists,
  type RegisterWordLists,
  registerWordLists,
  type TypedWordLists,
} from './register-words.ts';

// Below this length a typo-tolerant match finds too much to be useful; substrings still match.
const FUZZY_MIN_LENGTH = 4;
// A register word stands in for a typed word only when at least this word_similarity (pg_trgm) close:
// enough for "stokholm" to find Stockholm (0.58), not for "lazer" to find Laser (0.33).
const NEAR_WORD_MIN_SIMILARITY = 0.5;
// How many of the closest register words to look at per typed word; only the closest of them are used.
const NEAR_WORD_CANDIDATES = 5;

/** Swedish order: ck_swedish_sort_key (migration 0000) writes names so that they order byte-wise as Swedish does. */
const REGISTER_ORDER: Keyset = { sortKey: profiles.nameSortKey, kind: 'text', id: profiles.id, direction: 'asc' };

/**
 * Where a search looks from (issue 24): a point, how far around it, and the place `near` named.
 * Distances are great-circle metres on earthdistance's sphere (decision 037).
 */
interface Origin {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  place?: Place;
}

/** Digits of a distance in metres in the nearest-first sort key: 500 km (the largest radius) has 6. */
const DISTANCE_DIGITS = 7;

/**
 * The search's origin: the place `near` names, or `lat` + `lon`; undefined without either. A place
 * the list of places does not have is refused: "Ingen ort hittades".
 */
function searchOrigin({ near, lat, lon, radius = NEAR_RADIUS_KM.fallback }: ClinicSearch): Origin | undefined {
  const radiusMeters = radius * 1000;
  if (near) {
    const place = findPlace(near);
    if (!place) {
      throw new ApiFailure(400, 'place_unknown', 'placeUnknown', [
        { path: ['near'], message: 'validation:placeUnknown' },
      ]);
    }
    return { latitude: place.latitude, longitude: place.longitude, radiusMeters, place };
  }
  return lat === undefined || lon === undefined ? undefined : { latitude: lat, longitude: lon, radiusMeters };
}

const originPoint = ({ latitude, longitude }: Origin): SQL => sql`ll_to_earth(${latitude}, ${longitude})`;
/** The clinic's point on earthdistance's sphere, as the register's GiST index holds it (migration 0024). */
const clinicPoint = sql`ck_earth_point(${profiles.latitude}, ${profiles.longitude})`;

/** Metres from the origin, rounded to the metre. */
const distanceMeters = (origin: Origin): SQL => sql`round(earth_distance(${originPoint(origin)}, ${clinicPoint}))::int`;

/**
 * Clinics within the radius: earth_box's cube around the origin finds the candidates in the index; as
 * its corners lie farther than the radius, each candidate's distance is checked as well.
 */
function withinRadius(origin: Origin): SQL {
  const center = originPoint(origin);
  return sql`(earth_box(${center}, ${origin.radiusMeters}) @> ${clinicPoint}
    AND earth_distance(${center}, ${clinicPoint}) <= ${origin.radiusMeters})`;
}

/**
 * Nearest first, then in Swedish name order (clinics of one town share its position): one text key,
 * the distance in metres zero-padded before the name's sort key, so that the register's one keyset
 * cursor (decision 028) pages it as it pages names.
 */
const nearestOrder = (origin: Origin): Keyset => ({
  sortKey: sql`lpad(${distanceMeters(origin)}::text, ${DISTANCE_DIGITS}, '0') || ' ' || ${profiles.nameSortKey}`,
  kind: 'text',
  id: profiles.id,
  direction: 'asc',
});
const NEAREST_CURSOR = new RegExp(`^\\d{${DISTANCE_DIGITS}} `);

/** The text as a literal inside a LIKE pattern: its %, _ and \\ match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function nameOrCityLike(pattern: SQL | string): SQL {
  return sql`(${profiles.nameSearchKey} LIKE ${pattern} OR ${profiles.citySearchKey} LIKE ${pattern})`;
}

/**
 * The search key of a text of one or two letters whose key is as long (ck_search_key for letters,
 * digits and å, ä, ö with other accents): undefined for anything longer, or whose key may be (æ is "ae").
 */
function shortKey(text: string): string | undefined {
  const key = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return /^[\x20-\x7e]{1,2}$/.test(key) && key.length === [...text].length ? key : undefined;
}

/**
 * How a condition is asked: of the register's indexes, to find every match, or of a row already read (a
 * walk in name order, a merged list's candidate), where the cheapest test of the row is the best.
 */
type Asked = 'of indexes' | 'of a row';

/**
 * A text of one or two letters occurs in the name or city exactly when it is one of their grams
 * (ck_search_grams, migration 0027): the trigram indexes cannot serve it, the grams index can. A row
 * already read is asked with strpos only: its grams cost 40 µs a row, the walk of `a` a millisecond.
 */
function containsShortKey(key: string, asked: Asked): SQL {
  const inRow = sql`(strpos(${profiles.nameSearchKey}, ${key}) > 0 OR strpos(${profiles.citySearchKey}, ${key}) > 0)`;
  return asked === 'of a row'
    ? inRow
    : sql`(${inRow} AND ck_search_grams(${profiles.nameSearchKey}, ${profiles.citySearchKey}) @> ARRAY[${key}]::text[])`;
}

/**
 * A search's text condition, and whether its page walks the register first (walkFirstPageQuery): a text
 * of one or two letters, which the planner takes for rarer than it is, and a near match, whose words it
 * takes for independent. A longer text it judges well enough from the trigram statistics, and the walk's
 * larger statement costs planning time on every search (the fixed mix at 100,000 clinics lost a third of
 * its rate when every text walked).
 */
interface TextMatch {
  condition: SQL;
  /** The same condition asked of a row already read. */
  rowCondition: SQL;
  walksFirst: boolean;
  /** The register words of the typed words whose rows the page merges in name order instead (mergedWordsPageQuery). */
  merged?: MergedLists;
}

/** The match paged from the merged rows of its word lists, when some are whole (mergedLists). */
function withWordLists<Match extends TextMatch>(match: Match, lists: TypedWordLists): Match {
  const merged = mergedLists(lists);
  return merged ? { ...match, merged } : match;
}

const inNoClinic = (text: TextMatch | undefined) => text?.merged?.inNoClinic ?? false;

function containsText(search: string): TextMatch {
  const key = shortKey(search);
  if (key)
    return {
      condition: containsShortKey(key, 'of indexes'),
      rowCondition: containsShortKey(key, 'of a row'),
      walksFirst: true,
    };
  const condition = nameOrCityLike(sql`ck_search_key(${`%${escapeLike(search)}%`})`);
  return { condition, rowCondition: condition, walksFirst: false };
}

/** `key` is already a search key (lower case, no accents), as the words of register_search_words are. */
function containsKey(key: string, asked: Asked): SQL {
  return shortKey(key) ? containsShortKey(key, asked) : nameOrCityLike(`%${escapeLike(key)}%`);
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
  latitude: number | null;
  longitude: number | null;
}

/** The columns of a card, by the name a raw query gives each (ClinicCardRow). */
const CARD_COLUMNS: { [Name in keyof ClinicCardRow]: SQLWrapper } = {
  id: profiles.id,
  full_name: profiles.fullName,
  city: profiles.city,
  website: profiles.website,
  cover_image_url: profiles.coverImageUrl,
  slug: profiles.slug,
  review_count: profiles.reviewCount,
  review_rating_sum: profiles.reviewRatingSum,
  latitude: profiles.latitude,
  longitude: profiles.longitude,
};

/** The select list of a card, for the raw queries that list clinics (the register, the followed clinics). */
export const clinicCardColumns = fixedSql(
  sql.join(
    Object.entries(CARD_COLUMNS).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
    sql`, `,
  ),
);

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
    position: mapPoint(row),
  };
}

interface CardRow extends ClinicCardRow {
  sort_key: string;
  /** Metres from the search's origin; null without one. */
  distance_m: number | null;
}

interface NearWordRow extends Record<string, unknown> {
  typed: string | null;
  near: string | null;
  distance: number | null;
}

/**
 * How a page is read: merged from its text's word lists, by a walk in name order first, or as the
 * planner judges (no text, an origin, whose radius already bounds the rows, or a longer text).
 */
function pagePlan(text: TextMatch | undefined, origin: Origin | undefined): 'merged' | 'walk' | 'planner' {
  if (!text || origin) return 'planner';
  if (text.merged) return 'merged';
  return text.walksFirst ? 'walk' : 'planner';
}

/**
 * The rows of one register page and one more (to tell whether a next page exists). Written as SQL
 * rather than with the query builder so that it can be combined with the near-word lookup below, and
 * because this is the hottest query of the product: mapping its few columns by hand is cheaper.
 */
function registerPageQuery(
  text: TextMatch | undefined,
  scope: SQL | undefined,
  query: ClinicSearch,
  today: string,
  origin: Origin | undefined,
): SQL {
  const plan = pagePlan(text, origin);
  if (plan === 'merged' && text?.merged) {
    const { merged, ...planned } = text;
    // The page of the other plans, for a merge that may read a long list for a few matches.
    const otherwise = merged.bounded ? registerPageQuery(planned, scope, query, today, origin) : undefined;
    return mergedWordsPageQuery(merged.lists, text.rowCondition, scope, query, today, otherwise);
  }
  if (plan === 'walk' && text) return walkFirstPageQuery(text, scope, query, today);
  const match = and(text?.condition, scope);
  const { limit, cursor } = query;
  const order = origin ? nearestOrder(origin) : REGISTER_ORDER;
  const where = and(match, afterCursor(order, cursor));
  return sql`
    SELECT ${clinicCardColumns}, ${order.sortKey} AS sort_key,
      ${origin ? distanceMeters(origin) : sql`NULL::int`} AS distance_m
    FROM ${listedProfiles(today)}
    ${where ? sql`WHERE ${where}` : sql``}
    ORDER BY ${keysetOrder(order)}
    LIMIT ${limit + 1}`;
}

/**
 * How many public clinics in name order walkFirstPageQuery reads before it asks the text's indexes
 * instead: about 5 ms at most; a text that fills no page in them has few enough matches to sort.
 */
const WALK_FIRST = 10_000;

/** The register's order of walkFirstPageQuery's matches, by the names `matched` gives their columns. */
const MATCHED_ORDER: Keyset = { ...REGISTER_ORDER, sortKey: sql.identifier('sort_key'), id: sql.identifier('id') };

/** What the walk reads of a public clinic besides its sort key: its card and search keys, all in the register's covering index. */
const REGISTER_CARD_COLUMNS = fixedSql(
  sql.join([...Object.values(CARD_COLUMNS), profiles.nameSearchKey, profiles.citySearchKey], sql`, `),
);

/**
 * The first page of the listed clinics among `source` (rows of a clinic's card and search keys, its
 * sort key as name_sort_key, named as profiles) that have `match` and the treatment's scope. The scope,
 * like being listed, is asked only of rows that have the text, in order.
 */
function listedPageOf(source: SQL, match: SQL | undefined, scope: SQL | undefined, limit: number, today: string): SQL {
  return sql`
    SELECT ${clinicCardColumns}, ${REGISTER_ORDER.sortKey} AS sort_key, NULL::int AS distance_m
    FROM ${source} AS ${profiles}
    WHERE ${and(match, scope, isListed(profiles.id, today))}
    ORDER BY ${keysetOrder(REGISTER_ORDER)}
    LIMIT ${limit + 1}`;
}

/**
 * A page of a short text or a near match in name order (TextMatch), planned the same way whatever
 * PostgreSQL guesses of the text (issue 29). It estimates LIKE '%text%' from a sample of 100 names: at a million clinics it took
 * `pettersson` (11,792 names) for 86 and sorted every match, and `sandb` or a typo's near match (`stina
 * ahlén`: Stina with Ahlén or Dahlén, estimated as if the words were independent) for common ones whose
 * page a walk in name order would soon fill, when all of them begin with S: it walked 940,000 names.
 * A text of one or two letters that no name has it takes for one in 400 (migration 0027's statistics).
 * Instead the page walks the first WALK_FIRST public clinics after the cursor in name order (the
 * register's covering index, no table read); only when they hold less than a page does it take every
 * match from the text's indexes, sort their ids and keep the first that are listed (sortedMatchesPageQuery).
 * The walk's plan is its SQL's, whatever the text: it is sent as a named statement (queryRowsPlannedOnce).
 */
function walkPageQuery(text: TextMatch, scope: SQL | undefined, { limit, cursor }: ClinicSearch, today: string): SQL {
  const walked = sql`(
    SELECT ${REGISTER_CARD_COLUMNS}, ${profiles.nameSortKey} FROM ${profiles}
    WHERE ${and(isPublicClinic, afterCursor(REGISTER_ORDER, cursor))}
    ORDER BY ${keysetOrder(REGISTER_ORDER)} LIMIT ${WALK_FIRST})`;
  return listedPageOf(walked, text.rowCondition, scope, limit, today);
}

/** The page of a text whose walk held less than a page: every match from the text's indexes, sorted. */
function sortedMatchesPageQuery(
  text: TextMatch,
  scope: SQL | undefined,
  { limit, cursor }: ClinicSearch,
  today: string,
): SQL {
  const sorted = sql`(
    SELECT ${REGISTER_CARD_COLUMNS}, sorted.sort_key AS name_sort_key
    FROM (SELECT * FROM matched ORDER BY ${keysetOrder(MATCHED_ORDER)}) AS sorted
    JOIN ${profiles} ON ${profiles.id} = sorted.id)`;
  return sql`
    -- Only the id and sort key of each match: the sort is of thousands of rows, the cards of a page.
    WITH matched AS MATERIALIZED (
      SELECT ${profiles.id} AS id, ${profiles.nameSortKey} AS sort_key FROM ${profiles}
      WHERE ${and(isPublicClinic, afterCursor(REGISTER_ORDER, cursor), text.condition)})
    ${listedPageOf(sorted, undefined, scope, limit, today)}`;
}

/** The walk and, when it holds less than a page, the sorted matches, in one statement (inside another). */
function walkFirstPageQuery(text: TextMatch, scope: SQL | undefined, query: ClinicSearch, today: string): SQL {
  const wanted = query.limit + 1;
  return sql`
    WITH walked AS MATERIALIZED (${walkPageQuery(text, scope, query, today)})
    SELECT * FROM walked WHERE (SELECT count(*) FROM walked) = ${wanted}
    UNION ALL
    SELECT * FROM (${sortedMatchesPageQuery(text, scope, query, today)}) AS found
    WHERE (SELECT count(*) FROM walked) < ${wanted}`;
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

function toRegisterCard(row: CardRow): RegisterCard {
  const card = toClinicCard(row);
  return row.distance_m === null ? card : { ...card, distanceKm: row.distance_m / 1000 };
}

function toPage(rows: readonly CardRow[], limit: number, origin: Origin | undefined): ClinicPage {
  const page = keysetPage(rows, limit, (row) => [row.sort_key, row.id]);
  return {
    items: page.rows.map(toRegisterCard),
    nextCursor: page.nextCursor,
    ...(origin?.place ? { place: origin.place } : {}),
  };
}

async function registerPage(
  db: Database,
  text: TextMatch | undefined,
  scope: SQL | undefined,
  query: ClinicSearch,
  today: string,
  origin: Origin | undefined,
): Promise<ClinicPage> {
  if (inNoClinic(text)) return toPage([], query.limit, origin);
  if (pagePlan(text, origin) === 'walk' && text) {
    // The walk alone first, named; the sort of every match, planned for its text, only when it is short.
    const walked = await queryRowsPlannedOnce<CardRow>(db, walkPageQuery(text, scope, query, today));
    const rows =
      walked.length > query.limit
        ? walked
        : await queryRows<CardRow>(db, sortedMatchesPageQuery(text, scope, query, today));
    return toPage(rows, query.limit, origin);
  }
  const rows = await pageRows<CardRow>(db, text, origin, registerPageQuery(text, scope, query, today, origin));
  return toPage(rows, query.limit, origin);
}

/**
 * The rows of a page's statement: named when its text's page merges word lists to the end (no other
 * plans as fallback), whose plan is fixed by its SQL (queryRowsPlannedOnce).
 */
function pageRows<Row extends Record<string, unknown>>(
  db: Database,
  text: TextMatch | undefined,
  origin: Origin | undefined,
  query: SQL,
): Promise<Row[]> {
  const planFixed = pagePlan(text, origin) === 'merged' && !text?.merged?.bounded;
  return planFixed ? queryRowsPlannedOnce<Row>(db, query) : queryRows<Row>(db, query);
}

/** A near match's condition, and each typed word's keys: the word itself and the register words standing in for it. */
interface NearMatch extends TextMatch {
  keyGroups: string[][];
}

/**
 * Near match, for a search whose text no clinic contains: every typed word occurs in the name or city,
 * or one of the register words closest to it does (a typo, or words of name and city together).
 */
function nearMatch(rows: readonly NearWordRow[]): NearMatch | undefined {
  const nearWords = new Map<string, { word: string; distance: number }[]>();
  for (const { typed, near, distance } of rows) {
    if (typed === null) continue;
    const candidates = nearWords.get(typed) ?? [];
    nearWords.set(typed, candidates);
    if (near !== null && distance !== null) candidates.push({ word: near, distance });
  }
  const keyGroups = [...nearWords].map(([typed, candidates]) => {
    // Only the closest word stands in for the typed one, and any as close (a tie).
    const closest = Math.min(...candidates.map(({ distance }) => distance));
    const alternatives = candidates.filter(({ distance }) => distance === closest).map(({ word }) => word);
    return [...new Set([typed, ...alternatives])];
  });
  const asked = (how: Asked) => and(...keyGroups.map((keys) => or(...keys.map((key) => containsKey(key, how)))));
  const condition = asked('of indexes');
  const rowCondition = asked('of a row');
  return condition && rowCondition ? { condition, rowCondition, walksFirst: true, keyGroups } : undefined;
}

/**
 * One page of a text or a near match in name order from register_words (issue 29): the rows of each
 * merged typed word's words, each list read in index order (a MergeAppend of them), merge-joined on the
 * clinic's place in the register (ck_register_key, migration 0028), so a page reads about a page's worth
 * of each list however long they are (a kind and a town: `skönhetsklinik malmö`, 52,000 and 42,000
 * clinics at a million, 2,400 with both), and however rare PostgreSQL takes the text for (`holmqvist`:
 * 85 estimated from the sampled names, 11,808 clinics, all read and sorted). Each candidate is checked
 * against the clinic itself (checkedPage): the whole text or near match, the treatment's scope. With
 * `otherwise`, the page of the other plans, a typed word has no list in the merge: then at most
 * MERGED_CANDIDATES are read, and when they hold no page and more follow, `otherwise` answers.
 */
function mergedWordsPageQuery(
  groups: readonly string[][],
  condition: SQL,
  scope: SQL | undefined,
  { limit, cursor }: ClinicSearch,
  today: string,
  otherwise: SQL | undefined,
): SQL {
  const after =
    cursor && sql`register_words.register_key > ck_register_key(${cursor[0]}, ${cursor[1]}::uuid) COLLATE "C"`;
  const firstRow = (word: string) => sql`(SELECT register_words.register_key FROM register_words
    WHERE ${and(sql`register_words.word = ${word}`, after)} ORDER BY register_words.register_key LIMIT 1)`;
  // No clinic is in every list before each has begun: the lists are read from the last of their first
  // rows, one probe of the index each. A merge join cannot skip, and `ängens hud` read the 242,000
  // clinics of hud's words from A to L, where the first Lövängens clinic is. (GREATEST and LEAST pass
  // over a list with none: the start is then earlier than need be, never later.)
  const mergeStart = sql`merge_start AS MATERIALIZED (SELECT GREATEST(${sql.join(
    groups.map((words) => sql`LEAST(${sql.join(words.map(firstRow), sql`, `)})`),
    sql`, `,
  )}) AS register_key)`;
  const lists = groups.map((words, index) => {
    // Each word's rows with their own ORDER BY: a UNION ALL of plain SELECTs becomes one scan whose
    // index order PostgreSQL does not see (word differs per branch), and it sorted all 100,000 rows.
    const rows = words.map(
      (word) => sql`(SELECT register_words.register_key FROM register_words
        WHERE register_words.word = ${word} AND register_words.register_key >= (SELECT register_key FROM merge_start)
        ORDER BY register_words.register_key)`,
    );
    return sql`(${sql.join(rows, sql` UNION ALL `)}) AS ${sql.identifier(`list${index}`)}`;
  });
  const joined = lists
    .slice(1)
    .map((list, index) => sql`JOIN ${list} ON ${sql.identifier(`list${index + 1}`)}.register_key = list0.register_key`);
  const candidates = sql`${lists[0]} ${sql.join(joined, sql` `)}`;
  if (!otherwise) {
    // Naming every list makes the check wait for the merge: on list0 alone PostgreSQL checked all of it
    // (11,468 Forsberg clinics for `åke forberg`) before the merge had narrowed it to a page.
    const merging = lists
      .slice(1)
      .map((_, index) => sql`${sql.identifier(`list${index + 1}`)}.register_key IS NOT NULL`);
    return sql`WITH ${mergeStart}
      ${checkedPage(candidates, sql`list0.register_key`, and(...merging, condition, scope), limit, today)}`;
  }
  // A typed word checked clinic by clinic may be in few of the candidates (`zz stokholm`: all 85,000
  // Stockholm clinics read for none): past MERGED_CANDIDATES without a page, the other plans' page.
  const bounded = sql`(SELECT list0.register_key FROM ${candidates} ORDER BY list0.register_key LIMIT ${MERGED_CANDIDATES}) AS candidate`;
  const moreCandidates = sql`SELECT 1 FROM ${candidates} ORDER BY list0.register_key OFFSET ${MERGED_CANDIDATES}`;
  return sql`
    WITH ${mergeStart},
    merged AS MATERIALIZED (${checkedPage(bounded, sql`candidate.register_key`, and(condition, scope), limit, today)}),
    -- Once, though asked twice; the more candidates only when the page is short.
    fallback AS MATERIALIZED (
      SELECT (SELECT count(*) FROM merged) <= ${limit} AND EXISTS (${moreCandidates}) AS taken)
    SELECT * FROM merged WHERE NOT (SELECT taken FROM fallback)
    UNION ALL
    SELECT * FROM (${otherwise}) AS other WHERE (SELECT taken FROM fallback)`;
}

/**
 * The first page of listed clinics among `candidates` (rows of register keys, in the register's order,
 * `key` naming the column) that meet `check`. The clinic of each candidate, in the candidates' order:
 * OFFSET 0 keeps PostgreSQL from joining the other way round, from its guess of the matches in profiles
 * (81,000 for `stokholm`, sorted). DISTINCT ON for a clinic with two of a typed word's words: in the
 * page's own query, so that PostgreSQL plans it for the page's LIMIT (in a subquery it planned for every
 * candidate, sorted them and took 30 ms). A row the backfill left stale (another sort key) is skipped.
 */
function checkedPage(candidates: SQL, key: SQL, check: SQL | undefined, limit: number, today: string): SQL {
  return sql`
    SELECT DISTINCT ON (${key}) clinic.*
    FROM ${candidates}
    CROSS JOIN LATERAL (
      SELECT ${clinicCardColumns}, ${profiles.nameSortKey} AS sort_key, NULL::int AS distance_m
      FROM ${profiles}
      WHERE ${and(
        sql`${profiles.nameSortKey} COLLATE "C" = split_part(${key}, chr(1), 1)
          AND ${profiles.id} = split_part(${key}, chr(1), 2)::uuid`,
        isPublicClinic,
        check,
        isListed(profiles.id, today),
      )}
      OFFSET 0
    ) AS clinic
    ORDER BY ${key}
    LIMIT ${limit + 1}`;
}

/**
 * One page of the public register on `today` (a Swedish date): listed clinics whose name or city
 * contains the search text (case- and accent-insensitive) or, only when no clinic does anywhere in the
 * register, nearly matches it (see nearMatch), in Swedish order; every page of one search follows the
 * same rule. With a treatment, the register is only the clinics whose certificate in force covers it,
 * for the text match and for the near match alike. With a place (`near`) or a position (`lat`, `lon`),
 * it is only the clinics within `radius` km of it, nearest first and then in Swedish order, each card
 * with its distance (issue 24); a treatment and a text narrow that further, as they narrow the register.
 *
 * A text first needs its register words (`wordLists`: the app keeps them in
 * memory until the register changes). A search that finds its text then costs one query. One that does
 * not gets the near words from that same query and costs a second: under load every query waits its
 * turn for a pooled connection, so each extra round trip adds a full wait to the request.
 */
export async function searchClinics(
  db: Database,
  query: ClinicSearch,
  today = dateInSweden(new Date()),
  wordLists: RegisterWordLists = registerWordLists,
): Promise<ClinicPage> {
  const { search, cursor, limit, treatment } = query;
  const origin = searchOrigin(query);
  // A cursor of another order (names) would start a nearest-first list at a meaningless position.
  if (origin && cursor && !NEAREST_CURSOR.test(cursor[0])) {
    throw new ApiFailure(400, 'invalid_request', 'cursorInvalid', [
      { path: ['cursor'], message: 'validation:cursorInvalid' },
    ]);
  }
  const scope = and(treatment ? scopeCovers(treatment, today) : undefined, origin ? withinRadius(origin) : undefined);
  if (!search) return registerPage(db, undefined, scope, query, today, origin);
  let text = containsText(search);
  // Near a place the radius already bounds the rows.
  if (!origin) text = withWordLists(text, await wordLists.ofText(db, search));
  if (search.length < FUZZY_MIN_LENGTH) return registerPage(db, text, scope, query, today, origin);

  const rows = inNoClinic(text)
    ? await queryRows<NearWordRow>(db, nearWordsQuery(search))
    : await pageRows<CardRow & NearWordRow>(
        db,
        text,
        origin,
        pageOrNearWordsQuery(search, text, scope, query, today, origin),
      );
  const cards = rows.filter((row): row is CardRow & NearWordRow => row.typed === null);
  if (cards.length > 0 || rows.length === 0) return toPage(cards, limit, origin);
  const near = nearMatch(rows);
  if (!near) return toPage([], limit, origin);
  return registerPage(
    db,
    origin ? near : withWordLists(near, await wordLists.ofKeyGroups(db, near.keyGroups)),
    scope,
    query,
    today,
    origin,
  );
}

/**
 * The page of a text that some clinic may contain and, when no listed clinic contains it anywhere, the
 * near words of each typed word (nearWordsQuery) instead, in one statement.
 */
function pageOrNearWordsQuery(
  search: string,
  text: TextMatch,
  scope: SQL | undefined,
  query: ClinicSearch,
  today: string,
  origin: Origin | undefined,
): SQL {
  // Without a cursor the page itself tells whether the text occurs anywhere; after one it may not.
  const anywhere = { ...query, cursor: undefined, limit: 0 };
  const occursNowhere = !query.cursor
    ? sql`NOT EXISTS (SELECT 1 FROM page)`
    : text.merged
      ? // From a subquery with its own LIMIT: as EXISTS's own, PostgreSQL dropped the ORDER BY and the LIMIT
        // and nested the lists' joins row by row (minutes for `ängens hud` at a million clinics).
        sql`NOT EXISTS (SELECT 1 FROM (${registerPageQuery(text, scope, anywhere, today, origin)}) AS anywhere)`
      : sql`NOT EXISTS (SELECT 1 FROM ${listedProfiles(today)} WHERE ${and(text.condition, scope)})`;
  return sql`
    WITH page AS MATERIALIZED (${registerPageQuery(text, scope, query, today, origin)})
    SELECT page.*, NULL::text AS typed, NULL::text AS near, NULL::real AS distance FROM page
    UNION ALL
    -- A NULL for each of page's columns (clinicCardColumns, sort_key, distance_m).
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, words.typed, words.near, words.distance
    FROM (${nearWordsQuery(search)}) AS words
    WHERE ${occursNowhere}`;
}
