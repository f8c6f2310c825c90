import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { createInProcessMessageBus } from './in-process-message-bus.ts';
import { createPostgresMessageBus, type PostgresMessageBusOptions } from './postgres-message-bus.ts';

/** A message was committed: only ids travel, listeners read the rest from the database. */
export interface MessageEvent {
  conversationId: string;
  messageId: string;
}

/** Anything that runs a query: a Drizzle database or transaction. */
export interface MessageBusWriter {
  execute: (query: SQL) => Promise<unknown>;
}

export type MessageBusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Live message events across every app process (ARCHITECTURE "live updates"): PostgreSQL
 * LISTEN/NOTIFY on a server, an in-process bus on PGlite. Delivery is at most once; a listener
 * that must not miss anything catches up from the database on `onResync`.
 */
export interface MessageBus {
  /**
   * Announces a committed message. On PostgreSQL call it with the writing transaction so the notice
   * goes out only on commit (pg_notify inside the transaction); without a writer it goes out at once.
   * On PGlite the writer is unused and delivery follows on the next turn of the event loop, behind
   * the transaction (in-process-message-bus.ts says why that is enough).
   */
  publish(writer: MessageBusWriter | undefined, event: MessageEvent): Promise<void>;
  /** Every event from any app process; returns the unsubscribe function. */
  subscribe(listener: (event: MessageEvent) => void): () => void;
  /** Called after the bus lost and regained its connection: listeners must catch up from the database. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export type CreateMessageBusOptions = Omit<PostgresMessageBusOptions, 'url'>;

/** The bus that fits the database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite (one process). */
export async function createMessageBus(handle: DatabaseHandle, options: CreateMessageBusOptions): Promise<MessageBus> {
  if (handle.engine === 'pglite') return createInProcessMessageBus({ log: options.log });
  if (!handle.url) throw new Error('The PostgreSQL message bus needs the database URL for its own listening connection.');
  return createPostgresMessageBus({ ...options, url: handle.url });
}
