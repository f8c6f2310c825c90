import type { RunStatement } from './run-statement.ts';

/** Public clinics per transaction: a few thousand rows written, a short lock on each. */
const BACKFILL_BATCH = 5_000;

/** A table a migration left to fill after the migrations, and the statement that fills one batch. */
interface Backfill {
  /** Holds a row while the backfill is pending. */
  pendingTable: string;
  /**
   * Fills what the public clinics of `batch` (id, name_sort_key, name_search_key, city_search_key)
   * need; a CTE named `filled` of the statement that ends with their last id.
   */
  fill: string;
}

const BACKFILLS: readonly Backfill[] = [
  {
    // Migration 0028: each word of a clinic's name and city, in the register's order.
    pendingTable: 'register_words_backfill',
    fill: `INSERT INTO register_words (word, register_key, clinic_id)
      SELECT word, ck_register_key(batch.name_sort_key, batch.id), batch.id
      FROM batch, ck_register_words_of(batch.name_search_key, batch.city_search_key) AS word
      ON CONFLICT DO NOTHING`,
  },
  {
    // Migration 0029: each two neighbouring words of a clinic's name, and of its city.
    pendingTable: 'register_search_pairs_backfill',
    fill: `INSERT INTO register_search_pairs (pair)
      SELECT DISTINCT pair
      FROM batch, LATERAL (SELECT ck_search_pairs(batch.name_search_key)
        UNION ALL SELECT ck_search_pairs(batch.city_search_key)) AS pairs (pair)
      WHERE pair IS NOT NULL
      ON CONFLICT DO NOTHING`,
  },
  {
    // Migration 0030: the words of one or two letters or digits of a clinic's name and city.
    pendingTable: 'register_short_words_backfill',
    fill: `INSERT INTO register_short_words (word)
      SELECT DISTINCT word
      FROM batch, ck_search_words(batch.name_search_key || ' ' || batch.city_search_key) AS word
      WHERE length(word) < 3
      ON CONFLICT DO NOTHING`,
  },
  {
    // Migration 0031: each two register words a clinic has together.
    pendingTable: 'register_word_pairs_backfill',
    fill: `INSERT INTO register_word_pairs (first_word, second_word)
      SELECT DISTINCT pair.first_word, pair.second_word
      FROM batch, ck_register_word_pairs_of(batch.name_search_key, batch.city_search_key) AS pair
      ON CONFLICT DO NOTHING`,
  },
];

/**
 * Fills the register's word tables (migrations 0028, 0029, 0030 and 0031) for the public clinics saved before
 * them, in batches of their ids, each its own transaction, so profiles takes writes meanwhile; then
 * removes the row that says it is pending and tells every process the register changed, and only then
 * does the register search use it (register-words.ts). The triggers keep every clinic saved since. A
 * clinic changed while its batch ran may keep a stale row beside its new ones: the search checks every
 * candidate against the clinic itself, so a stale row costs a read, never a wrong result.
 */
export async function backfillRegisterWords(run: RunStatement): Promise<void> {
  for (const { pendingTable, fill } of BACKFILLS) {
    const { rows: pending } = await run(`SELECT 1 FROM ${pendingTable}`);
    if (pending.length === 0) continue;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await run(
        `WITH batch AS (
           SELECT id, name_sort_key, name_search_key, city_search_key FROM profiles
           WHERE role = 'clinic' AND is_public AND id > $1 ORDER BY id LIMIT $2),
         filled AS (${fill})
         SELECT id::text AS last FROM batch ORDER BY id DESC LIMIT 1`,
        [after, BACKFILL_BATCH],
      );
      const last = rows[0]?.last;
      if (typeof last !== 'string') break;
      after = last;
    }
    // The notice every process's register caches listen for (REGISTER_CHANGED_CHANNEL in
    // server/lib/register-changes.ts): the word lists they kept while it was pending were not whole.
    await run(`WITH done AS (DELETE FROM ${pendingTable}) SELECT pg_notify('ck_register_changed', '')`);
  }
}
