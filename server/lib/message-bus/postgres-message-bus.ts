import type { MessageBus } from './message-bus.ts';
import { callEach, decodeMessageEvent, encodeMessageEvent } from './message-event.ts';
import { listenToPostgresChannel, type PostgresChannelOptions } from './postgres-channel.ts';

export type PostgresMessageBusOptions = Omit<PostgresChannelOptions, 'channel' | 'name' | 'applicationName'> & {
  channel?: string;
  applicationName?: string;
};

/**
 * The bus on a PostgreSQL server: the channel `ck_messages` on a listening connection of its own
 * (postgres-channel.ts: heartbeat, reconnects, resync). Resolves once it listens; rejects when the
 * first connection fails.
 */
export async function createPostgresMessageBus({ channel = 'ck_messages', applicationName = 'ck-message-bus', ...options }: PostgresMessageBusOptions): Promise<MessageBus> {
  const { log } = options;
  const notices = await listenToPostgresChannel({ ...options, channel, applicationName, name: 'message bus' });
  return {
    publish: (writer, event) => notices.notify(writer, encodeMessageEvent(event)),
    subscribe(listener) {
      return notices.subscribe((payload) => {
        const event = decodeMessageEvent(payload);
        if (event) callEach([listener], [event], log);
        else log.warn({ channel }, 'message bus ignored a notice that is not a message event');
      });
    },
    onResync: (listener) => notices.onResync(listener),
    close: () => notices.close(),
  };
}
