import { sql } from 'drizzle-orm';
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
