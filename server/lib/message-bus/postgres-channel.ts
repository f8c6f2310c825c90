import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { MessageBusLog, MessageBusWriter } from './message-bus.ts';
import { callEach } from './message-event.ts';

export interface PostgresChannelOptions {
  url: string;
  log: MessageBusLog;
  channel: string;
  /** What the log calls this listener ("message bus"). */
  name: string;
  /** How often the listening connection is asked `SELECT 1`; no answer within as long counts as lost. */
  heartbeatMs?: number;
  /** The waits before each reconnect attempt in turn; the last one repeats. */
  backoffMs?: readonly number[];
  /** How the listening connection shows in pg_stat_activity. */
  applicationName: string;
}

/** The notices of one PostgreSQL channel, from every session of the database. */
export interface PostgresChannel {
  /**
   * Sends a notice: with a writer on its transaction (PostgreSQL sends it at commit, never on
   * rollback), without one at once on the listening connection.
   */
  notify(writer: MessageBusWriter | undefined, payload: string): Promise<void>;
  subscribe(listener: (payload: string) => void): () => void;
  /** Called after the connection was lost and regained: notices sent meanwhile are gone. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000];
const CONNECT_TIMEOUT_MS = 10_000;

/** What a log may say about a failure: pg's message and SQLSTATE, never the connection string. */
function describeError(error: unknown): { message: string; code?: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? { message: error.message, code } : { message: error.message };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * LISTEN on a PostgreSQL server: one dedicated connection, not from the pool, LISTENs to the channel
 * (a pooled connection would be handed to other queries and its LISTEN lost: ARCHITECTURE "Known
 * pitfalls"). A heartbeat finds a connection that died without a word; a lost connection is reopened
 * with backoff, LISTENs again and tells the resync listeners, since notices sent meanwhile are gone.
 * Resolves once it listens; rejects when the first connection fails.
 */
export async function listenToPostgresChannel(options: PostgresChannelOptions): Promise<PostgresChannel> {
  const { url, log, channel, name, heartbeatMs = 25_000, backoffMs = DEFAULT_BACKOFF_MS, applicationName } = options;
  if (backoffMs.length === 0) throw new Error(`The ${name} needs at least one backoff step.`);

  const listeners = new Set<(payload: string) => void>();
  const resyncListeners = new Set<() => void>();
  /** The listening connection while it is up. */
  let client: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let reconnecting: Promise<void> | undefined;
  let cancelWait: (() => void) | undefined;
  let closed = false;

  async function listen(): Promise<pg.Client> {
    const candidate = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // pg emits 'error' when the server drops the connection; unhandled, that would end the process.
    candidate.on('error', (error) => connectionLost(candidate, error));
    candidate.on('end', () => connectionLost(candidate, new Error('connection ended')));
    candidate.on('notification', (notice) => {
      if (notice.channel === channel) callEach(listeners, [notice.payload ?? ''], log);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${candidate.escapeIdentifier(channel)}`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      throw error;
    }
    return candidate;
  }

  function startHeartbeat(listening: pg.Client): void {
    heartbeat = setTimeout(async () => {
      try {
        await withTimeout(listening.query('SELECT 1'), heartbeatMs, 'heartbeat timed out');
        if (listening === client) startHeartbeat(listening);
      } catch (error) {
        connectionLost(listening, error);
      }
    }, heartbeatMs);
  }

  function connectionLost(lost: pg.Client, error: unknown): void {
    if (lost !== client || closed) return;
    client = undefined;
    clearTimeout(heartbeat);
    // Also ends a socket that hangs: pg destroys it when a query (the heartbeat) is still waiting.
    lost.end().catch(() => undefined);
    log.warn({ err: describeError(error) }, `${name} lost its connection, reconnecting`);
    reconnecting = reconnect();
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        cancelWait = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      cancelWait = () => {
        clearTimeout(timer);
        done();
      };
    });
  }

  async function reconnect(): Promise<void> {
    for (let attempt = 0; !closed; attempt += 1) {
      await wait(backoffMs[Math.min(attempt, backoffMs.length - 1)] as number);
      if (closed) return;
      try {
        const restored = await listen();
        if (closed) {
          await restored.end().catch(() => undefined);
          return;
        }
        client = restored;
        startHeartbeat(restored);
        log.warn({ attempts: attempt + 1 }, `${name} reconnected, listeners resync`);
        callEach(resyncListeners, [], log);
        return;
      } catch (error) {
        const nextDelayMs = backoffMs[Math.min(attempt + 1, backoffMs.length - 1)];
        log.warn({ err: describeError(error), attempt: attempt + 1, nextDelayMs }, `${name} could not reconnect`);
      }
    }
  }

  client = await listen();
  startHeartbeat(client);

  return {
    async notify(writer, payload) {
      if (writer) {
        // On the writer's transaction: PostgreSQL sends the notice at commit, and never on rollback.
        await writer.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
        return;
      }
      if (!client) throw new Error(`The ${name} is reconnecting; notify through the writing transaction instead.`);
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(heartbeat);
      cancelWait?.();
      await reconnecting;
      const listening = client;
      client = undefined;
      listeners.clear();
      resyncListeners.clear();
      await listening?.end();
    },
  };
}
