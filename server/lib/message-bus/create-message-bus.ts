// The factory lives apart from the MessageBus interface, which both implementations import: kept
// together they formed an import cycle (decision 029).
import type { DatabaseHandle } from '../../db/client.ts';
import type { MessageBus } from './message-bus.ts';
import { createInProcessMessageBus } from './in-process-message-bus.ts';
import { createPostgresMessageBus, type PostgresMessageBusOptions } from './postgres-message-bus.ts';

export type CreateMessageBusOptions = Omit<PostgresMessageBusOptions, 'url'>;

/** The bus that fits the database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite (one process). */
export async function createMessageBus(handle: DatabaseHandle, options: CreateMessageBusOptions): Promise<MessageBus> {
  if (handle.engine === 'pglite') return createInProcessMessageBus({ log: options.log });
  if (!handle.url)
    throw new Error('The PostgreSQL message bus needs the database URL for its own listening connection.');
  return createPostgresMessageBus({ ...options, url: handle.url });
}
