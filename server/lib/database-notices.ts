import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { listenToPostgresChannel } from './message-bus/postgres-channel.ts';

/** The notices of one channel a trigger of the database sends, from whichever process wrote. */
export interface DatabaseNotices {
  /** The listener runs after every committed notice, and after a lost connection (a notice may have been missed). */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface DatabaseNoticesOptions {
  channel: string;
  /** What the log calls the listener ("register change listener"). */
  name: string;
  /** How its connection shows in pg_stat_activity. */
  applicationName: string;
  log: FastifyBaseLogger;
}

/** LISTENs on the database itself: a connection of its own on PostgreSQL, the embedded one on PGlite. */
export async function listenForNotices(
  handle: DatabaseHandle,
  { channel, name, applicationName, log }: DatabaseNoticesOptions,
): Promise<DatabaseNotices> {
  const listeners = new Set<() => void>();
  const notified = () => {
    for (const listener of listeners) listener();
  };
  let stop: () => Promise<void>;
  if (handle.pglite) {
    stop = await handle.pglite.listen(channel, notified);
  } else {
    if (!handle.url) throw new Error(`The ${name} needs the database URL for its own connection.`);
    const listening = await listenToPostgresChannel({ url: handle.url, log, channel, name, applicationName });
    listening.subscribe(notified);
    listening.onResync(notified);
    stop = () => listening.close();
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

/**
 * The channel a trigger on `certificate_events` notifies whenever one is written (migration 0018): an
 * admin's suspension, the lifecycle's expiry, a renewal, in any process. The follower notifier wakes on it.
 */
export const CERTIFICATE_EVENT_CHANNEL = 'ck_certificate_event';

export const listenForCertificateEvents = (handle: DatabaseHandle, { log }: { log: FastifyBaseLogger }) =>
  listenForNotices(handle, {
    channel: CERTIFICATE_EVENT_CHANNEL,
    name: 'certificate event listener',
    applicationName: 'ck-certificate-events',
    log,
  });
