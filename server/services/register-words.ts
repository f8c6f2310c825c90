import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { type RegisterChanges, untilRegisterChanges } from '../lib/register-changes.ts';

/**
 * The register words (register_search_words, three letters or more) containing a typed word: a clinic's
 * name or city contains a word of letters and digits exactly when one of its words does, so the rows of
 * those words in register_words (migration 0028) hold, in the register's order, every clinic that may
 * match. More than this many for one typed word (`klin`: every …klinik) and its rows would be many lists
 * to merge; the other plans serve such common words well.
 */
export const MERGED_WORDS_MAX = 8;
/**
 * How many typed words' lists a page merges: the two with the fewest words, the rest checked clinic by
 * clinic. With three, PostgreSQL derived a join of the second and third lists it judged a thousand
 * times too large and nested them (`johanssons hud aser`: 24 s).
 */
const MERGED_LISTS = 2;

/**
 * Each typed word's register words, in the order typed; undefined for a word under three letters (no
 * register word list has it) or in more than MERGED_WORDS_MAX words.
 */
export type TypedWordLists = (string[] | undefined)[];

interface ContainingWordRow extends Record<string, unknown> {
  position: number | null;
  typed: string | null;
  word: string | null;
  pending: boolean | null;
}

/**
 * The register words containing each typed word of `typedWords` (a set of `word` and `position`, from 1;
 * the words of one position make one list).
 */
async function containingWords(db: Database, typedWords: SQL): Promise<TypedWordLists> {
  const rows = await queryRows<ContainingWordRow>(
    db,
    sql`
      SELECT typed.position::int AS position, typed.word AS typed, containing.word, NULL::boolean AS pending
      FROM (${typedWords}) AS typed
      -- A typed word is letters and digits only (ck_search_words splits at the rest): no LIKE wildcard.
      LEFT JOIN LATERAL (
        SELECT word FROM register_search_words
        WHERE length(typed.word) >= 3 AND word LIKE '%' || typed.word || '%'
        LIMIT ${MERGED_WORDS_MAX + 1}) AS containing ON true
      UNION ALL
      SELECT NULL, NULL, NULL, EXISTS (SELECT 1 FROM register_words_backfill)`,
  );
  // While register_words is being filled no list is whole: the page is planned as before it existed.
  const pending = rows.some((row) => row.pending === true);
  const lists: { words: Set<string>; whole: boolean }[] = [];
  for (const { position, typed, word } of rows) {
    if (position === null || typed === null) continue;
    const list = (lists[position - 1] ??= { words: new Set(), whole: !pending });
    if (typed.length < 3) list.whole = false;
    if (word !== null) list.words.add(word);
  }
  return Array.from(lists, (list) =>
    list?.whole && list.words.size <= MERGED_WORDS_MAX ? [...list.words] : undefined,
  );
}

/** The typed words of a search text as names are split (ck_search_words of its search key), each with its register words. */
export const textWordLists = (db: Database, search: string): Promise<TypedWordLists> =>
  containingWords(
    db,
    sql`SELECT word, position FROM ck_search_words(ck_search_key(${search})) WITH ORDINALITY AS typed (word, position)`,
  );

/**
 * For a near match, each typed word's keys (the typed word and the register words standing in for it)
 * as one list of the register words containing any of them.
 */
export function keyGroupWordLists(db: Database, keyGroups: readonly string[][]): Promise<TypedWordLists> {
  const keys = keyGroups.flatMap((group, index) => group.map((key) => ({ key, position: index + 1 })));
  return containingWords(
    db,
    sql`SELECT * FROM unnest(${sql.param(keys.map(({ key }) => key))}::text[], ${sql.param(keys.map(({ position }) => position))}::int[])
      AS typed (word, position)`,
  );
}

/**
 * The lists a page merges (MERGED_LISTS of them, those with the fewest words), or undefined when a
 * typed word has no whole list: a rare word checked clinic by clinic could make a page read a long list
 * to its end (`zz stokholm` read all 85,000 Stockholm clinics). An empty list means no clinic has the word.
 */
export function mergedLists(lists: TypedWordLists): string[][] | undefined {
  if (lists.length === 0) return undefined;
  const whole = lists.filter((words) => words !== undefined);
  return whole.length === lists.length ? whole.sort((a, b) => a.length - b.length).slice(0, MERGED_LISTS) : undefined;
}

/** How the register search learns a text's word lists (textWordLists, or a cache of it). */
export type TextWordLists = (db: Database, search: string) => Promise<TypedWordLists>;

// A few hundred bytes each: at most a few MB, and the searches asked most stay.
const CACHED_TEXTS_MAX = 10_000;

/**
 * The word lists of the texts searched, in memory until the register changes (a new name may bring new
 * words), so a search asked before costs the one statement of its page. Lists read while the backfill
 * was pending (none whole) are kept too: its end is a register change. It listens as long as `changes` does.
 */
export function cachedTextWordLists(changes: RegisterChanges): TextWordLists {
  const cache = untilRegisterChanges<TypedWordLists>(changes, { max: CACHED_TEXTS_MAX });
  return (db, search) => cache.get(search, () => textWordLists(db, search));
}
