import { sql } from 'drizzle-orm';
import type { MessageBus, MessageBusWriter, MessageEvent, SessionsEndedEvent } from './message-bus.ts';
import { callEach, decodeBusNotice, encodeMessageEvent, encodeSessionsEndedEvent } from './message-event.ts';
import { listenToPostgresChannel, type PostgresChannelOptions } from './postgres-channel.ts';

/** The channel every app process's bus listens to on a PostgreSQL server. */
export const MESSAGE_BUS_CHANNEL = 'ck_messages';

export type PostgresMessageBusOptions = Omit<PostgresChannelOptions, 'channel' | 'name' | 'applicationName'> & {
  channel?: string;
  applicationName?: string;
};

/**
 * The bus on a PostgreSQL server: the channel `ck_messages` on a listening connection of its own
 * (postgres-channel.ts: heartbeat, reconnects, resync). Each notice is decoded once and handed to the
 * listeners of its kind; one of no known kind is logged and dropped. Resolves once it listens;
 * rejects when the first connection fails.
 */
export async function createPostgresMessageBus({
  channel = MESSAGE_BUS_CHANNEL,
  applicationName = 'ck-message-bus',
  ...options
}: PostgresMessageBusOptions): Promise<MessageBus> {
  const { log } = options;
  const notices = await listenToPostgresChannel({ ...options, channel, applicationName, name: 'message bus' });
  const messageListeners = new Set<(event: MessageEvent) => void>();
  const sessionsEndedListeners = new Set<(event: SessionsEndedEvent) => void>();
  notices.subscribe((payload) => {
    const notice = decodeBusNotice(payload);
    if (!notice) log.warn({ channel }, 'message bus ignored a notice that is not one of its events');
    else if (notice.kind === 'message') callEach(messageListeners, [notice.event], log);
    else callEach(sessionsEndedListeners, [notice.event], log);
  });
  return {
    publish: (writer, event) => notices.notify(writer, encodeMessageEvent(event)),
    subscribe(listener) {
      const own = (event: MessageEvent) => listener(event);
      messageListeners.add(own);
      return () => messageListeners.delete(own);
    },
    publishSessionsEnded: (writer, event) => notices.notify(writer, encodeSessionsEndedEvent(event)),
    subscribeSessionsEnded(listener) {
      const own = (event: SessionsEndedEvent) => listener(event);
      sessionsEndedListeners.add(own);
      return () => sessionsEndedListeners.delete(own);
    },
    onResync: (listener) => notices.onResync(listener),
    close: () => notices.close(),
  };
}

/**
 * Tells the app processes on this PostgreSQL database that sessions of an account may have ended,
 * from a process that has no bus of its own (npm run admin:create): pg_notify on the bus's channel
 * through `writer` (inside a transaction PostgreSQL sends it at commit).
 */
export async function notifySessionsEnded(writer: MessageBusWriter, event: SessionsEndedEvent): Promise<void> {
  await writer.execute(sql`SELECT pg_notify(${MESSAGE_BUS_CHANNEL}, ${encodeSessionsEndedEvent(event)})`);
}
