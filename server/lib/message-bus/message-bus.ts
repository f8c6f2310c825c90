import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/** A message was committed: only ids travel, listeners read the rest from the database. */
export interface MessageEvent {
  conversationId: string;
  messageId: string;
}

/**
 * Sessions of an account may have ended (sign-out, a password or address change, a revoked refresh
 * token, npm run admin:create): only the account's uuid travels, each process checks its own streams.
 */
export interface SessionsEndedEvent {
  userId: string;
}

/** Anything that runs a query: a Drizzle database or transaction. */
export interface MessageBusWriter {
  execute: (query: SQL) => Promise<unknown>;
}

export type MessageBusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Live message events across every app process (ARCHITECTURE "live updates"): PostgreSQL
 * LISTEN/NOTIFY on a server, an in-process bus on PGlite. Two kinds of event share it, each with its
 * own publish and subscribe: committed messages, and accounts whose sessions may have ended. Delivery
 * is at most once; a listener that must not miss anything catches up from the database on `onResync`.
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
  /**
   * Announces that sessions of an account may have ended, so every process ends the account's live
   * streams whose session is gone. Call it after the commit (or with the writing transaction, as
   * `publish`); the process that calls it receives it too.
   */
  publishSessionsEnded(writer: MessageBusWriter | undefined, event: SessionsEndedEvent): Promise<void>;
  /** Every sessions-ended event from any app process (or from npm run admin:create); returns the unsubscribe function. */
  subscribeSessionsEnded(listener: (event: SessionsEndedEvent) => void): () => void;
  /** Called after the bus lost and regained its connection: listeners must catch up from the database. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}
