import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { listenToPostgresChannel } from './message-bus/postgres-channel.ts';

/**
 * The channel a trigger on `profiles` notifies whenever a row enters, leaves or changes in the public
 * register (migration 0012): whatever wrote it, an admin's approval, a clinic's new name, the
 * certificate lifecycle or a script.
 */
export const REGISTER_CHANGED_CHANNEL = 'ck_register_changed';

/** Tells this process that the register changed, in this or any other process. */
export interface RegisterChanges {
  /** The listener runs after every committed change, and after a lost connection (a change may have been missed). */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

/** LISTENs on the database itself: a connection of its own on PostgreSQL, the embedded one on PGlite. */
export async function listenForRegisterChanges(
  handle: DatabaseHandle,
  { log }: { log: FastifyBaseLogger },
): Promise<RegisterChanges> {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  let stop: () => Promise<void>;
  if (handle.pglite) {
    stop = await handle.pglite.listen(REGISTER_CHANGED_CHANNEL, changed);
  } else {
    if (!handle.url) throw new Error('Listening for register changes needs the database URL for its own connection.');
    const channel = await listenToPostgresChannel({
      url: handle.url,
      log,
      channel: REGISTER_CHANGED_CHANNEL,
      name: 'register change listener',
      applicationName: 'ck-register-changes',
    });
    channel.subscribe(changed);
    channel.onResync(changed);
    stop = () => channel.close();
  }
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
