import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  authSessions,
  conversations,
  guestThreadTokens,
  rateLimits,
  refreshTokens,
  users,
} from '../db/schema/index.ts';
import { countRequest } from '../lib/rate-limit/database-rate-limit-store.ts';
import { createAuthClient, newAccount, signUpWith } from '../testing/auth-client.ts';
import { describeEachEngine } from '../testing/test-app.ts';
import { SESSION_INACTIVITY_TIMEOUT_MS } from './auth/settings.ts';
import { runHousekeeping } from './housekeeping.ts';

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine('housekeeping', {}, (t) => {
  it('expires a session left unrefreshed for 30 days: its refresh token is refused, and the job deletes it with its tokens', async () => {
    const stale = createAuthClient(t.app);
    const staleSession = await signUpWith(stale, newAccount());
    const active = createAuthClient(t.app);
    await signUpWith(active, newAccount());
    const staleId =
      (
        await t.db
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(eq(authSessions.userId, staleSession.user.id))
      )[0]?.id ?? '';
    await t.db
      .update(authSessions)
      .set({ updatedAt: new Date(Date.now() - SESSION_INACTIVITY_TIMEOUT_MS - DAY) })
      .where(eq(authSessions.id, staleId));

    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: staleSession.refresh_token },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
    expect((await active.refreshSession()).error).toBeNull();

    const run = await runHousekeeping(t.db);
    expect(run.expiredSessions).toBe(1);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.id, staleId))).toEqual([]);
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, staleId))).toEqual([]);
    expect((await active.refreshSession()).error).toBeNull();
  });

  it('keeps revoked refresh tokens a day for reuse detection, then deletes them; and deletes ended rate-limit windows', async () => {
    const client = createAuthClient(t.app);
    await signUpWith(client, newAccount());
    expect((await client.refreshSession()).error).toBeNull();
    const revoked = () =>
      t.db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.revoked, true));
    expect(await revoked()).toHaveLength(1);
    expect((await runHousekeeping(t.db)).revokedRefreshTokens).toBe(0);
    expect((await runHousekeeping(t.db, new Date(Date.now() + 2 * DAY))).revokedRefreshTokens).toBe(1);
    expect(await revoked()).toEqual([]);
    // The token in use is kept.
    expect((await client.refreshSession()).error).toBeNull();

    await countRequest(t.db, 'test:ended', 1);
    await countRequest(t.db, 'test:open', 60_000);
    await t.db.execute(sql`SELECT pg_sleep(0.01)`);
    expect((await runHousekeeping(t.db)).endedRateLimitWindows).toBeGreaterThanOrEqual(1);
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toContain('test:open');
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).not.toContain(
      'test:ended',
    );
  });

  it('forgets a change of address whose link expired unfollowed, and guest-conversation links past 90 days (issue 27)', async () => {
    const client = createAuthClient(t.app);
    const account = newAccount();
    const session = await signUpWith(client, account);
    expect(
      (await client.updateUser({ email: `ny-${account.email}`, current_password: account.password })).data.user
        ?.new_email,
    ).toBe(`ny-${account.email}`);
    const pending = () =>
      t.db
        .select({ emailChange: users.emailChange, hash: users.emailChangeTokenHash })
        .from(users)
        .where(eq(users.id, session.user.id));
    expect((await runHousekeeping(t.db)).expiredEmailChanges).toBe(0);
    expect((await runHousekeeping(t.db, new Date(Date.now() + 2 * DAY))).expiredEmailChanges).toBe(1);
    expect(await pending()).toEqual([{ emailChange: null, hash: null }]);
    expect((await client.getUser()).data.user).not.toHaveProperty('new_email');

    const [conversation] = await t.db
      .insert(conversations)
      .values({ guestEmail: 'gast@example.com', guestName: 'Gäst' })
      .returning({ id: conversations.id });
    await t.db.insert(guestThreadTokens).values([
      { tokenHash: 'old', conversationId: conversation?.id ?? '', createdAt: new Date(Date.now() - 91 * DAY) },
      { tokenHash: 'new', conversationId: conversation?.id ?? '' },
    ]);
    expect((await runHousekeeping(t.db)).expiredGuestThreadLinks).toBe(1);
    expect(
      (await t.db.select({ tokenHash: guestThreadTokens.tokenHash }).from(guestThreadTokens)).map(
        (row) => row.tokenHash,
      ),
    ).toEqual(['new']);
  });
});
