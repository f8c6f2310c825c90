import { and, eq, gt, ne } from 'drizzle-orm';
import type { GoTrueSession } from '../../../contracts/auth.ts';
import type { Role } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { authSessions, profiles, refreshTokens } from '../../db/schema/index.ts';
import { type Account, findAccountById, markSignedIn, toGoTrueUser } from './accounts.ts';
import { type AuthError, authErrors } from '../../lib/auth-error.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AuthSettings,
  REFRESH_TOKEN_REUSE_INTERVAL_MS,
  SESSION_INACTIVITY_TIMEOUT_MS,
} from './settings.ts';
import {
  type AuthMethod,
  newOpaqueToken,
  sha256,
  signAccessToken,
  type VerifiedClaims,
  verifyAccessToken,
} from './tokens.ts';

export interface SessionRow {
  id: string;
  method: AuthMethod;
  createdAt: Date;
}

/** The signed-in person of a request, from a valid access token whose session still exists. */
export interface AuthContext {
  userId: string;
  email: string;
  /** The profile's role now (not the one in the token, which may be up to an hour old). */
  role: Role;
  session: SessionRow;
}

/**
 * Opens a session with its first refresh token and records the sign-in. Runs inside the caller's
 * transaction, so a sign-up that fails later leaves no session behind.
 */
export async function startSession(
  tx: Database,
  userId: string,
  method: AuthMethod,
  now: Date,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const [session] = await tx
    .insert(authSessions)
    .values({ userId, method, createdAt: now, updatedAt: now })
    .returning({ id: authSessions.id, method: authSessions.method, createdAt: authSessions.createdAt });
  if (!session) throw new Error('session insert returned no row');
  const refreshToken = newOpaqueToken();
  await tx
    .insert(refreshTokens)
    .values({ tokenHash: sha256(refreshToken), userId, sessionId: session.id, createdAt: now, updatedAt: now });
  await markSignedIn(tx, userId, now);
  return { session, refreshToken };
}

/** GoTrue's session answer: a fresh access token for the session plus the refresh token to keep. */
export async function issueSession(
  settings: AuthSettings,
  account: Account,
  session: SessionRow,
  refreshToken: string,
): Promise<GoTrueSession> {
  const { token, expiresAt } = await signAccessToken(settings, {
    userId: account.id,
    email: account.email,
    role: account.role,
    fullName: account.fullName,
    sessionId: session.id,
    method: session.method,
    authenticatedAt: session.createdAt,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toGoTrueUser(account),
  };
}

/**
 * The session of a verified access token, if it still exists: one query by primary key, joined
 * with the profile for the current role. A signed-out or revoked session finds nothing.
 */
async function findLiveSession(db: Database, claims: VerifiedClaims): Promise<AuthContext | undefined> {
  const [row] = await db
    .select({
      id: authSessions.id,
      method: authSessions.method,
      createdAt: authSessions.createdAt,
      userId: authSessions.userId,
      role: profiles.role,
      email: profiles.email,
    })
    .from(authSessions)
    .innerJoin(profiles, eq(profiles.id, authSessions.userId))
    .where(and(eq(authSessions.id, claims.session_id), eq(authSessions.userId, claims.sub)));
  if (!row) return undefined;
  return {
    userId: row.userId,
    email: row.email,
    role: row.role,
    session: { id: row.id, method: row.method, createdAt: row.createdAt },
  };
}

/**
 * Who a bearer token speaks for (ARCHITECTURE "Auth"): its signature and expiry, then its session,
 * which must still exist (one query by primary key), so signing out takes effect at once.
 */
export async function identifyBearer(
  db: Database,
  settings: AuthSettings,
  token: string,
): Promise<AuthContext | AuthError> {
  const check = await verifyAccessToken(settings, token);
  if (!check.ok) return authErrors.badJwt(check.reason);
  return (await findLiveSession(db, check.claims)) ?? authErrors.sessionNotFound();
}

export type RefreshOutcome =
  | { kind: 'refreshed'; session: GoTrueSession }
  /** A rotated token came back after the reuse interval: its session is gone now. */
  | { kind: 'reused'; userId: string; sessionId: string };

/**
 * `grant_type=refresh_token`. Every refresh rotates: the presented token is revoked and a child is
 * issued. A revoked token presented within the reuse interval (two tabs refreshing at once, a lost
 * answer) gets a sibling token, as GoTrue does; later, it is taken for a stolen token and the whole
 * session is revoked. The row lock serializes concurrent refreshes of one token.
 * @see https://supabase.com/docs/guides/auth/sessions#refresh-token-reuse-detection
 */
export async function refreshSession(
  db: Database,
  settings: AuthSettings,
  presented: string | undefined,
): Promise<RefreshOutcome> {
  if (!presented) throw authErrors.refreshTokenMissing();
  const now = settings.now();
  const presentedHash = sha256(presented);
  return db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [token] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        sessionId: refreshTokens.sessionId,
        revoked: refreshTokens.revoked,
        updatedAt: refreshTokens.updatedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, presentedHash))
      .for('update');
    if (!token) throw authErrors.refreshTokenNotFound();

    if (token.revoked) {
      if (now.getTime() - token.updatedAt.getTime() > REFRESH_TOKEN_REUSE_INTERVAL_MS) {
        // Committed, not rolled back: the revocation must stand although the answer is an error.
        await tx.delete(authSessions).where(eq(authSessions.id, token.sessionId));
        return { kind: 'reused', userId: token.userId, sessionId: token.sessionId };
      }
    } else {
      await tx.update(refreshTokens).set({ revoked: true, updatedAt: now }).where(eq(refreshTokens.id, token.id));
    }

    const refreshToken = newOpaqueToken();
    await tx.insert(refreshTokens).values({
      tokenHash: sha256(refreshToken),
      userId: token.userId,
      sessionId: token.sessionId,
      parent: presentedHash,
      createdAt: now,
      updatedAt: now,
    });
    // An expired session (SESSION_INACTIVITY_TIMEOUT_MS without a refresh) is not revived.
    const [session] = await tx
      .update(authSessions)
      .set({ updatedAt: now })
      .where(
        and(
          eq(authSessions.id, token.sessionId),
          gt(authSessions.updatedAt, new Date(now.getTime() - SESSION_INACTIVITY_TIMEOUT_MS)),
        ),
      )
      .returning({ id: authSessions.id, method: authSessions.method, createdAt: authSessions.createdAt });
    const account = await findAccountById(tx, token.userId);
    if (!session || !account) throw authErrors.refreshTokenNotFound();
    return { kind: 'refreshed', session: await issueSession(settings, account, session, refreshToken) };
  });
}

export type LogoutScope = 'global' | 'local' | 'others';

/** GoTrue's scopes: every session of the person (global), this one (local), or all but this one (others). */
export async function signOut(db: Database, auth: AuthContext, scope: LogoutScope): Promise<void> {
  const mine = eq(authSessions.userId, auth.userId);
  const condition =
    scope === 'local'
      ? and(mine, eq(authSessions.id, auth.session.id))
      : scope === 'others'
        ? and(mine, ne(authSessions.id, auth.session.id))
        : mine;
  await db.delete(authSessions).where(condition);
}
