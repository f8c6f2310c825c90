import type { RunStatement } from './run-statement.ts';

/** Public clinics per transaction: a few thousand rows of register_words, a short lock on each. */
const REGISTER_WORDS_BATCH = 5_000;

/**
 * Fills register_words (migration 0028) for the public clinics saved before it, in batches of their
 * ids, each its own transaction, so profiles takes writes meanwhile; then removes the row that says it
 * is pending and tells every process the register changed, and only then does the register search use
 * it (clinic-register.ts). The triggers keep
 * every clinic saved since. A clinic changed while its batch ran may keep a stale row beside its new
 * ones: the search checks every candidate against the clinic itself, so a stale row costs a read,
 * never a wrong result.
 */
export async function backfillRegisterWords(run: RunStatement): Promise<void> {
  const { rows: pending } = await run('SELECT 1 FROM register_words_backfill');
  if (pending.length === 0) return;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await run(
      `WITH batch AS (
         SELECT id, name_sort_key, name_search_key, city_search_key FROM profiles
         WHERE role = 'clinic' AND is_public AND id > $1 ORDER BY id LIMIT $2),
       filled AS (
         INSERT INTO register_words (word, register_key, clinic_id)
         SELECT word, ck_register_key(batch.name_sort_key, batch.id), batch.id
         FROM batch, ck_register_words_of(batch.name_search_key, batch.city_search_key) AS word
         ON CONFLICT DO NOTHING)
       SELECT id::text AS last FROM batch ORDER BY id DESC LIMIT 1`,
      [after, REGISTER_WORDS_BATCH],
    );
    const last = rows[0]?.last;
    if (typeof last !== 'string') break;
    after = last;
  }
  // The notice every process's register caches listen for (REGISTER_CHANGED_CHANNEL in
  // server/lib/register-changes.ts): the word lists they kept while it was pending had none whole.
  await run(`WITH done AS (DELETE FROM register_words_backfill) SELECT pg_notify('ck_register_changed', '')`);
}
