import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { type DatabaseNotices, listenForNotices } from './database-notices.ts';

/**
 * The channel a trigger on `profiles` notifies whenever a row enters, leaves or changes in the public
 * register (migration 0012): whatever wrote it, an admin's approval, a clinic's new name, the
 * certificate lifecycle or a script.
 */
export const REGISTER_CHANGED_CHANNEL = 'ck_register_changed';

/**
 * The trigger's notice, for a change it does not watch: a clinic's position set without a new city
 * (an admin's correction, placing clinics at start; issue 24). Inside a transaction it goes out with the commit.
 */
export async function announceRegisterChange(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${REGISTER_CHANGED_CHANNEL}, '')`);
}

/** Tells this process that the register changed, in this or any other process. */
export type RegisterChanges = DatabaseNotices;

/** LISTENs on the database itself: a connection of its own on PostgreSQL, the embedded one on PGlite. */
export const listenForRegisterChanges = (handle: DatabaseHandle, { log }: { log: FastifyBaseLogger }) =>
  listenForNotices(handle, {
    channel: REGISTER_CHANGED_CHANNEL,
    name: 'register change listener',
    applicationName: 'ck-register-changes',
    log,
  });

/**
 * Values read from the public register, kept in memory until it changes in this or any other process:
 * a change starts a new generation at once. The key carries the generation, so a read that began
 * before the change, and may have seen the old register, fills only an entry that is never asked for
 * again. (Clearing the cache instead would abort such a read and fail the requests waiting on it.)
 * Callers asking for one key at the same time share one read. Without `changes`, an entry lasts `ttlMs` only.
 */
export function untilRegisterChanges<Value extends NonNullable<unknown>>(
  changes: RegisterChanges | undefined,
  { max, ttlMs }: { max: number; ttlMs?: number },
) {
  const entries = new LRUCache<string, Value, () => Promise<Value>>({
    max,
    ...(ttlMs ? { ttl: ttlMs } : {}),
    fetchMethod: (_key, _stale, { context: read }) => read(),
    // More distinct keys being read than the cache holds push out entries still being read: their
    // callers still get the value (without it they would get the eviction as an error); it is just not kept.
    ignoreFetchAbort: true,
  });
  let generation = 0;
  const stopListening = changes?.subscribe(() => {
    generation += 1;
  });
  return {
    /** The value kept for `key`, or what `read` gives (kept). */
    get: (key: string, read: () => Promise<Value>): Promise<Value> =>
      entries.forceFetch(`${generation} ${key}`, { context: read }),
    close: () => stopListening?.(),
  };
}
