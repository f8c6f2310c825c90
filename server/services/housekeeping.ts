import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authSessions, refreshTokens } from '../db/schema/index.ts';
import { deleteExpiredRateLimits } from '../lib/rate-limit/database-rate-limit-store.ts';
import { REVOKED_REFRESH_TOKEN_KEEP_MS, SESSION_INACTIVITY_TIMEOUT_MS } from './auth/settings.ts';

export interface HousekeepingRun {
  expiredSessions: number;
  revokedRefreshTokens: number;
  endedRateLimitWindows: number;
}

/**
 * What the database need not keep (issue 12), deleted in every app process every hour, as GoTrue's
 * cleanup does: sessions expired by inactivity (with their refresh tokens), refresh tokens revoked
 * long enough ago that reuse detection no longer needs them, and rate-limit windows that have ended.
 * Each statement stands alone, so two processes running it at once only find less to delete.
 */
export async function runHousekeeping(db: Database, now = new Date()): Promise<HousekeepingRun> {
  const sessions = await db
    .delete(authSessions)
    .where(lt(authSessions.updatedAt, new Date(now.getTime() - SESSION_INACTIVITY_TIMEOUT_MS)))
    .returning({ id: authSessions.id });
  const tokens = await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.revoked, true), lt(refreshTokens.updatedAt, new Date(now.getTime() - REVOKED_REFRESH_TOKEN_KEEP_MS))))
    .returning({ id: refreshTokens.id });
  return { expiredSessions: sessions.length, revokedRefreshTokens: tokens.length, endedRateLimitWindows: await deleteExpiredRateLimits(db) };
}
