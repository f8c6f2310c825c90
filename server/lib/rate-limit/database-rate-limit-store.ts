import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What a limit passes to `createRateLimit` besides max and window: the name that keeps its counters apart. */
export interface NamedRateLimit {
  nameSpace: string;
}

/**
 * Counts one request of `key` in the database, in one statement: the first request of a window
 * inserts the row, later ones add one, and the first after the window has ended starts a new one.
 * The database's clock decides, so every app process agrees on the window.
 */
export async function countRequest(
  db: Database,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const window = sql`(${timeWindowMs} * interval '1 millisecond')`;
  const [row] = await queryRows<{ current: number; ttl: number }>(
    db,
    sql`INSERT INTO ${rateLimits} AS r (key, count, window_started_at, expires_at)
        VALUES (${key}, 1, now(), now() + ${window})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END,
          window_started_at = CASE WHEN r.expires_at <= now() THEN now() ELSE r.window_started_at END,
          expires_at = CASE WHEN r.expires_at <= now() THEN now() + ${window} ELSE r.expires_at END
        RETURNING count AS current, greatest(0, ceil(extract(epoch FROM (expires_at - now())) * 1000))::int AS ttl`,
  );
  if (!row) throw new Error('The rate limit counter was not written');
  return row;
}

/**
 * The key as stored: as it is when short and free of NUL, else its SHA-256. Keys can come from a
 * request body (the email of a sign-in); a NUL cannot be in a PostgreSQL text value and a btree entry
 * has a size limit, so such a key failed the request with a 500 (found by the route fuzzer, server/fuzz).
 */
function storedKey(key: string): string {
  return key.length <= 300 && !key.includes('\u0000')
    ? key
    : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * A @fastify/rate-limit store in the database (issue 12): every app process counts against the same
 * rows, so a limit holds behind a load balancer. Each limit is a child store with its own name
 * (`nameSpace` in the options of `createRateLimit`); a limit without a name is refused, so two
 * limits can never count into each other's keys.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string | undefined;

    constructor(options: object) {
      const { nameSpace } = options as { nameSpace?: unknown };
      this.prefix = typeof nameSpace === 'string' ? nameSpace : undefined;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (!this.prefix) {
        callback(new Error('A shared rate limit needs a nameSpace'));
        return;
      }
      countRequest(db, `${this.prefix}:${storedKey(key)}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the limit's merged options, `nameSpace` among them (the type does not know it).
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}

/** Removes the counters whose window has ended (the housekeeping job); returns how many. */
export async function deleteExpiredRateLimits(db: Database): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM ${rateLimits} WHERE expires_at <= now() RETURNING key`,
  );
  return rows.length;
}
