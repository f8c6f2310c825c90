import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authSessions, guestThreadTokens, refreshTokens, users } from '../db/schema/index.ts';
import { deleteExpiredRateLimits } from '../lib/rate-limit/database-rate-limit-store.ts';
import {
  EMAIL_CHANGE_TOKEN_TTL_MS,
  REVOKED_REFRESH_TOKEN_KEEP_MS,
  SESSION_INACTIVITY_TIMEOUT_MS,
} from './auth/settings.ts';
import { GUEST_THREAD_LINK_TTL_MS } from './messages/contact.ts';

export interface HousekeepingRun {
  expiredSessions: number;
  revokedRefreshTokens: number;
  endedRateLimitWindows: number;
  /** Changes of address whose link expired unfollowed (issue 27): the account keeps its address. */
  expiredEmailChanges: number;
  /** Links for guests to continue a conversation, past their time (issue 27). */
  expiredGuestThreadLinks: number;
}

/**
 * What the database need not keep (issue 12), deleted in every app process every hour, as GoTrue's
 * cleanup does: sessions expired by inactivity (with their refresh tokens), refresh tokens revoked
 * long enough ago that reuse detection no longer needs them, rate-limit windows that have ended, and
 * expired email-change and guest-conversation links.
 * Each statement stands alone, so two processes running it at once only find less to delete.
 */
export async function runHousekeeping(db: Database, now = new Date()): Promise<HousekeepingRun> {
  const sessions = await db
    .delete(authSessions)
    .where(lt(authSessions.updatedAt, new Date(now.getTime() - SESSION_INACTIVITY_TIMEOUT_MS)))
    .returning({ id: authSessions.id });
  const tokens = await db
    .delete(refreshTokens)
    .where(
      and(
        eq(refreshTokens.revoked, true),
        lt(refreshTokens.updatedAt, new Date(now.getTime() - REVOKED_REFRESH_TOKEN_KEEP_MS)),
      ),
    )
    .returning({ id: refreshTokens.id });
  const endedRateLimitWindows = await deleteExpiredRateLimits(db);
  const emailChanges = await db
    .update(users)
    .set({ emailChange: null, emailChangeTokenHash: null, emailChangeSentAt: null })
    .where(lt(users.emailChangeSentAt, new Date(now.getTime() - EMAIL_CHANGE_TOKEN_TTL_MS)))
    .returning({ id: users.id });
  const guestLinks = await db
    .delete(guestThreadTokens)
    .where(lt(guestThreadTokens.createdAt, new Date(now.getTime() - GUEST_THREAD_LINK_TTL_MS)))
    .returning({ tokenHash: guestThreadTokens.tokenHash });
  return {
    expiredSessions: sessions.length,
    revokedRefreshTokens: tokens.length,
    endedRateLimitWindows,
    expiredEmailChanges: emailChanges.length,
    expiredGuestThreadLinks: guestLinks.length,
  };
}
