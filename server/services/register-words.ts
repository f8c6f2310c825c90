import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { type RegisterChanges, untilRegisterChanges } from '../lib/register-changes.ts';

/**
 * The register words (register_search_words, three letters or more; a typed word of one or two may
 * also be a word of as few, register_short_words) containing a typed word: a clinic's name or city
 * contains a word of letters and digits exactly when one of its words does, so the rows of
 * those words in register_words (migration 0028) hold, in the register's order, every clinic that may
 * match. More than this many for one typed word (`klin`: every …klinik) and its rows would be many lists
 * to merge; the other plans serve such common words well.
 */
const MERGED_WORDS_MAX = 8;
/**
 * How many typed words' lists a page merges: the two with the fewest clinics, the rest checked clinic by
 * clinic. With three, PostgreSQL derived a join of the second and third lists it judged a thousand
 * times too large and nested them (`johanssons hud aser`: 24 s).
 */
const MERGED_LISTS = 2;

/** A typed word's register words, and how many clinics have one of them (counted up to CLINICS_COUNTED). */
export interface WordList {
  words: string[];
  clinics: number;
}

export interface TypedWordLists {
  /**
   * Each typed word's list, in the order typed; undefined for a word in more than MERGED_WORDS_MAX
   * words, and for one of one or two letters that a word of as few in a name or city matches
   * (register_short_words: those are in no list).
   */
  lists: (WordList | undefined)[];
  /**
   * Two typed words are together in no clinic: for a text, two neighbouring ones, with the signs typed
   * between them, are inside no pair of a clinic's name or city (register_search_pairs, migration 0029);
   * for a near match, two of its whole lists share no clinic (listsApart). The search is in no clinic.
   */
  pairInNoClinic: boolean;
}

/**
 * How far a list's clinics are counted: enough to tell a surname's list from a kind's (`åns estetiska
 * klinik`: Åns is rarer than Estetiska, which has fewer words), at a few milliseconds a list, once per
 * text while the register stays the same (cachedRegisterWordLists).
 */
export const CLINICS_COUNTED = 20_000;

interface WordListRow extends Record<string, unknown> {
  position: number | null;
  words: string[] | null;
  clinics: number | null;
  pending: boolean | null;
  pair_missing: boolean | null;
}

/**
 * The register words matching each typed word of `typedWords` (rows of `word`, `position` from 1, and
 * the LIKE `pattern` a register word must match; the words of one position make one list), with the
 * clinics that have one of them; and `inNoClinic`, a condition on those lists (`matching`: position,
 * words, whole) that proves the search in no clinic. Once the backfills are done: before, no list is whole.
 */
async function wordLists(db: Database, typedWords: SQL, inNoClinic: SQL): Promise<TypedWordLists> {
  const rows = await queryRows<WordListRow>(
    db,
    sql`
      WITH matching AS (
        SELECT typed.position::int AS position, bool_and(listed.whole) AS whole,
          coalesce(array_agg(DISTINCT register_word.word) FILTER (WHERE register_word.word IS NOT NULL), '{}') AS words
        FROM (${typedWords}) AS typed
        CROSS JOIN LATERAL (
          SELECT length(typed.word) >= 3 OR (NOT EXISTS (SELECT 1 FROM register_short_words_backfill)
            AND NOT EXISTS (SELECT 1 FROM register_short_words WHERE register_short_words.word LIKE typed.pattern)) AS whole) AS listed
        LEFT JOIN LATERAL (
          SELECT word FROM register_search_words
          WHERE word LIKE typed.pattern
          LIMIT ${MERGED_WORDS_MAX + 1}) AS register_word ON true
        GROUP BY typed.position)
      SELECT position, words, NULL::boolean AS pending, NULL::boolean AS pair_missing,
        CASE WHEN whole AND cardinality(words) <= ${MERGED_WORDS_MAX} THEN (
          SELECT count(*)::int FROM (
            SELECT 1 FROM register_words WHERE register_words.word = ANY (matching.words) LIMIT ${CLINICS_COUNTED}) AS counted)
        END AS clinics
      FROM matching
      UNION ALL
      SELECT NULL, NULL, EXISTS (SELECT 1 FROM register_words_backfill), ${inNoClinic}, NULL`,
  );
  // While register_words is being filled no list is whole: the page is planned as before it existed.
  const pending = rows.some((row) => row.pending === true);
  const lists: (WordList | undefined)[] = [];
  for (const { position, words, clinics } of rows) {
    if (position !== null) lists[position - 1] = !pending && words && clinics !== null ? { words, clinics } : undefined;
  }
  return { lists: Array.from(lists), pairInNoClinic: rows.some((row) => row.pair_missing === true) };
}

/**
 * Whether two typed words' lists share no clinic: both whole, no word in both, and no word of one
 * together with a word of the other in a clinic (register_word_pairs, migration 0031), which is what a
 * near match asks of its words in any order. Never while register_word_pairs is being filled.
 */
const listsApart = sql`
  NOT EXISTS (SELECT 1 FROM register_word_pairs_backfill) AND EXISTS (
    SELECT 1 FROM matching AS one JOIN matching AS other ON one.position < other.position
    WHERE one.whole AND other.whole
      AND cardinality(one.words) <= ${MERGED_WORDS_MAX} AND cardinality(other.words) <= ${MERGED_WORDS_MAX}
      AND NOT one.words && other.words
      AND NOT EXISTS (
        SELECT 1 FROM register_word_pairs
        WHERE (first_word = ANY (one.words) AND second_word = ANY (other.words))
          OR (first_word = ANY (other.words) AND second_word = ANY (one.words))))`;

/**
 * Whether a typed pair is inside no register pair, as a LIKE pattern of the pair with its %, _ and \\
 * escaped (the signs between words may be any of them); never while register_search_pairs is being filled.
 */
const pairMissing = (typedPairs: SQL) => sql`
  NOT EXISTS (SELECT 1 FROM register_search_pairs_backfill) AND EXISTS (
    SELECT 1 FROM (${typedPairs}) AS typed
    WHERE NOT EXISTS (
      SELECT 1 FROM register_search_pairs
      WHERE register_search_pairs.pair LIKE '%' || replace(replace(replace(typed.pair, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'))`;

/**
 * The typed words of a search text as names are split (ck_search_words of its search key): a clinic
 * whose name or city contains the text has a word that ends with the first typed word (one that starts
 * the text, not after a space or sign), words that are each typed word between, and a word that starts
 * with the last (one that ends the text); a text of one word is contained in one of its words.
 */
const textWordLists = (db: Database, search: string): Promise<TypedWordLists> =>
  wordLists(
    db,
    sql`
      SELECT typed.word, typed.position,
        CASE WHEN typed.position = 1 AND typed_text.key ~ '^[[:alnum:]]' THEN '%' ELSE '' END || typed.word ||
        CASE WHEN typed.position = count(*) OVER () AND typed_text.key ~ '[[:alnum:]]$' THEN '%' ELSE '' END AS pattern
      FROM (SELECT ck_search_key(${search}) AS key) AS typed_text,
        ck_search_words(typed_text.key) WITH ORDINALITY AS typed (word, position)`,
    pairMissing(sql`SELECT ck_search_pairs(ck_search_key(${search})) AS pair`),
  );

/**
 * For a near match, each typed word's keys (the typed word and the register words standing in for it)
 * as one list of the register words containing any of them. A near match asks no order of its words,
 * so its lists come fewest words first: where two are counted to CLINICS_COUNTED and tie, the one of
 * fewer words is likely the shorter (`hud y spa luleå`: lulea's one word, not hud's eight: 360 -> 45 ms
 * at a million). Not so for a text's lists: its first word's few (`%sjons`) may be in many clinics.
 */
const keyGroupWordLists = async (db: Database, keyGroups: readonly string[][]): Promise<TypedWordLists> => {
  const keys = keyGroups.flatMap((group, index) => group.map((key) => ({ key, position: index + 1 })));
  const { lists, pairInNoClinic } = await wordLists(
    db,
    sql`
      SELECT word, position, '%' || word || '%' AS pattern
      FROM unnest(${sql.param(keys.map(({ key }) => key))}::text[], ${sql.param(keys.map(({ position }) => position))}::int[])
        AS typed (word, position)`,
    listsApart,
  );
  const words = (list: WordList | undefined) => list?.words.length ?? Number.POSITIVE_INFINITY;
  return { lists: lists.toSorted((a, b) => words(a) - words(b)), pairInNoClinic };
};

/** The word lists a page merges, and whether it must bound how many candidates it reads. */
export interface MergedLists {
  lists: string[][];
  /**
   * A typed word has no list in the merge, so it is checked clinic by clinic, and every merged list has
   * CLINICS_COUNTED clinics or more: they may hold few that match (`zz stokholm`: all 85,000 Stockholm
   * clinics read for none). A shorter list is read to its end if need be (`strandens hu`: 10,000 at a
   * million, 30 ms, where the other plans walked 700,000 names).
   */
  bounded: boolean;
  /** A merged list has no clinic, or a typed pair is in no clinic (TypedWordLists): none has the text. */
  inNoClinic: boolean;
}

/**
 * How many candidates a bounded merge reads before it asks the other plans instead: a candidate that
 * fails the check costs one probe of the register's covering index, so about 10 ms at most.
 */
export const MERGED_CANDIDATES = 2_000;

/**
 * The lists a page merges: MERGED_LISTS of the whole ones, those with the fewest clinics; undefined when
 * no typed word has a whole list and no typed pair is missing.
 */
export function mergedLists({ lists, pairInNoClinic }: TypedWordLists): MergedLists | undefined {
  if (pairInNoClinic) return { lists: [], bounded: false, inNoClinic: true };
  const whole = lists.filter((list) => list !== undefined).sort((a, b) => a.clinics - b.clinics);
  const merged = whole.slice(0, MERGED_LISTS);
  const fewest = merged[0];
  if (!fewest) return undefined;
  return {
    lists: merged.map(({ words }) => words),
    bounded: merged.length < lists.length && fewest.clinics >= CLINICS_COUNTED,
    inNoClinic: fewest.clinics === 0,
  };
}

/** Where the register search learns a search's word lists: the database, or a cache of it. */
export interface RegisterWordLists {
  ofText(db: Database, search: string): Promise<TypedWordLists>;
  ofKeyGroups(db: Database, keyGroups: readonly string[][]): Promise<TypedWordLists>;
}

export const registerWordLists: RegisterWordLists = { ofText: textWordLists, ofKeyGroups: keyGroupWordLists };

// A few hundred bytes each: at most a few MB, and the searches asked most stay.
const CACHED_SEARCHES_MAX = 10_000;

/**
 * The word lists of the searches asked, in memory until the register changes (a new name may bring new
 * words), so a search asked before costs only the statements of its page. Lists read while the backfill
 * was pending (none whole) are kept too: its end is a register change. It listens as long as `changes` does.
 */
export function cachedRegisterWordLists(changes: RegisterChanges): RegisterWordLists {
  const cache = untilRegisterChanges<TypedWordLists>(changes, { max: CACHED_SEARCHES_MAX });
  return {
    ofText: (db, search) => cache.get(`text ${search}`, () => textWordLists(db, search)),
    ofKeyGroups: (db, keyGroups) =>
      cache.get(`near ${JSON.stringify(keyGroups)}`, () => keyGroupWordLists(db, keyGroups)),
  };
}
