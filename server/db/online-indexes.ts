import { backfillRegisterWords } from './online-backfills.ts';
import type { RunStatement } from './run-statement.ts';

// Indexes built without taking their table offline (issue 29, decision 040). The migrations run in one
// transaction, where PostgreSQL cannot build an index CONCURRENTLY; a plain CREATE INDEX on a large
// table holds off every write to it (a clinic saving its profile, a sign-up) while it builds, about a
// minute at a million clinics. These are built after the migrations instead, CONCURRENTLY: reads and
// writes go on, and until it is ready the queries it serves are slower, not wrong.

interface OnlineIndex {
  name: string;
  /** What follows `CREATE INDEX … <name>`: the table, method, expression and predicate. */
  definition: string;
}

export const ONLINE_INDEXES: readonly OnlineIndex[] = [
  {
    // The grams of the register's names and cities, for searches of one or two letters (migration 0027).
    name: 'profiles_register_grams_idx',
    definition: `ON profiles USING gin (ck_search_grams(name_search_key, city_search_key))
      WHERE role = 'clinic' AND is_public`,
  },
];

/**
 * The steps after the migrations that must leave the tables online: builds each index that is
 * missing, then fills the tables that need it (online-backfills.ts). On PostgreSQL CONCURRENTLY, and
 * one that a failed build left invalid is dropped and built again; only one process builds (an
 * advisory lock it does not wait for: the others start without the index and find it when ready).
 * `run` must send on one connection, which holds that lock. Not under the migrations' lock: a
 * concurrent build waits for every older transaction, and a process waiting for that lock would wait
 * for it in turn. PGlite has one connection and builds at once.
 */
export async function runOnlineSteps(run: RunStatement, engine: 'pglite' | 'postgres'): Promise<void> {
  if (engine === 'pglite') {
    for (const { name, definition } of ONLINE_INDEXES) await run(`CREATE INDEX IF NOT EXISTS ${name} ${definition}`);
    await backfillRegisterWords(run);
    return;
  }
  const { rows: locked } = await run('SELECT pg_try_advisory_lock($1) AS locked', [ONLINE_INDEX_LOCK_ID]);
  if (locked[0]?.locked !== true) return;
  try {
    for (const { name, definition } of ONLINE_INDEXES) {
      const { rows } = await run('SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)', [name]);
      const state = rows[0];
      if (state?.valid === true) continue;
      if (state) await run(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
      await run(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ${definition}`);
    }
    await backfillRegisterWords(run);
  } finally {
    await run('SELECT pg_advisory_unlock($1)', [ONLINE_INDEX_LOCK_ID]);
  }
}

// Any fixed number other than the migrations' lock (client.ts).
const ONLINE_INDEX_LOCK_ID = 7_204_119;
