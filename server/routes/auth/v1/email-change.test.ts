import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { GoTrueSessionSchema, GoTrueUserSchema } from '../../../../contracts/auth.ts';
import { queryRows } from '../../../db/client.ts';
import { sha256 } from '../../../services/auth/tokens.ts';
import { bearer, createAuthClient, newAccount, signUpWith, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

const SITE_URL = 'https://klinik.example';
const clock = { offsetMs: 0 };

// Issue 27 point 6: a new address takes effect only when the link mailed to it is followed (as GoTrue).
describeEachEngine(
  'email change: PUT /auth/v1/user and POST /auth/v1/verify type email_change',
  { env: { SITE_URL, ADMIN_EMAIL: TEST_ADMIN_EMAIL }, auth: { now: () => new Date(Date.now() + clock.offsetMs) } },
  (t) => {
    beforeEach(async () => {
      clock.offsetMs = 0;
      // A mail the last test sent in the background lands first, not in this test's outbox.
      await t.app.mailer.idle();
      await rm(path.join(t.dataDir, 'outbox'), { recursive: true, force: true });
    });

    const client = () => createAuthClient(t.app);
    const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/auth/v1/verify', payload });

    async function storedEmail(userId: string) {
      const [row] = await queryRows<{ users_email: string; profile_email: string; role: string }>(
        t.db,
        sql`SELECT u.email AS users_email, p.email AS profile_email, p.role FROM users u JOIN profiles p USING (id) WHERE u.id = ${userId}`,
      );
      return row;
    }

    /** A signed-up person who asked for `newEmail`: the client holding the session, and the mailed token. */
    async function requestChange(newEmail: string) {
      const auth = client();
      const account = newAccount();
      const session = await signUpWith(auth, account);
      const { data, error } = await auth.updateUser({ email: newEmail, current_password: account.password });
      await t.app.mailer.idle();
      expect(error).toBeNull();
      const emails = await readOutbox(t.dataDir);
      const mail = emails.find((email) => email.to === newEmail.trim().toLowerCase());
      return { auth, account, session, user: data.user, mail, token: String(mail?.token) };
    }

    it('stores the change as pending and mails a single-use link to the new address; the address changes only when it is followed', async () => {
      const { auth, account, session, user, mail, token } = await requestChange(' Ny.Adress@Test.example ');

      // The answer says the change waits, in GoTrue's fields; the address is still the old one.
      expect(GoTrueUserSchema.parse(user)).toMatchObject({
        email: account.email,
        new_email: 'ny.adress@test.example',
        email_change_sent_at: expect.any(String),
      });
      expect(await storedEmail(session.user.id)).toMatchObject({
        users_email: account.email,
        profile_email: account.email,
      });
      expect(
        (await client().signInWithPassword({ email: 'ny.adress@test.example', password: account.password })).error
          ?.code,
      ).toBe('invalid_credentials');
      expect((await auth.getUser()).data.user).toMatchObject({
        email: account.email,
        new_email: 'ny.adress@test.example',
      });

      // The link goes to the new address only, and only its hash is stored.
      expect(mail?.subject).toContain('Bekräfta din nya e-postadress');
      expect(mail?.link).toMatch(
        new RegExp(`^${SITE_URL}/confirm-email\\?token_hash=[A-Za-z0-9_-]{43}&type=email_change$`),
      );
      expect((await readOutbox(t.dataDir)).map((email) => email.to)).toEqual(['ny.adress@test.example']);
      const [stored] = await queryRows<{ email_change_token_hash: string }>(
        t.db,
        sql`SELECT email_change_token_hash FROM users WHERE id = ${session.user.id}`,
      );
      expect(stored?.email_change_token_hash).toBe(sha256(token));

      // Following it: a session in GoTrue's shape, with the new address.
      const confirmer = client();
      const verified = await confirmer.verifyOtp({ token_hash: token, type: 'email_change' });
      expect(verified.error).toBeNull();
      const confirmed = GoTrueSessionSchema.parse(verified.data.session);
      expect(confirmed.user.email).toBe('ny.adress@test.example');
      expect(confirmed.user).not.toHaveProperty('new_email');
      expect(await storedEmail(session.user.id)).toMatchObject({
        users_email: 'ny.adress@test.example',
        profile_email: 'ny.adress@test.example',
      });
      expect(
        (await client().signInWithPassword({ email: 'ny.adress@test.example', password: account.password })).error,
      ).toBeNull();
      expect(
        (await client().signInWithPassword({ email: account.email, password: account.password })).error?.code,
      ).toBe('invalid_credentials');

      // The old address is told; the link works once.
      await t.app.mailer.idle();
      const notice = (await readOutbox(t.dataDir)).find((email) => email.to === account.email);
      expect(notice?.subject).toContain('Din e-postadress har ändrats');
      expect(notice?.text).toContain('ny.adress@test.example');
      const again = await verify({ type: 'email_change', token_hash: token });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ error_code: 'otp_expired' });
    });

    it('ends every other session and stops reset links issued before the change', async () => {
      const { auth, account, session, token } = await requestChange(`ny-${Date.now()}@test.example`);
      const other = client();
      const otherSession = (await other.signInWithPassword({ email: account.email, password: account.password })).data
        .session;
      await client().resetPasswordForEmail(account.email);
      await t.app.mailer.idle();
      const reset = (await readOutbox(t.dataDir)).find(
        (email) => email.to === account.email && email.link?.includes('type=recovery'),
      );
      expect(reset?.token).toBeTruthy();

      const verified = await client().verifyOtp({ token_hash: token, type: 'email_change' });
      expect(verified.error).toBeNull();
      const fresh = GoTrueSessionSchema.parse(verified.data.session);

      for (const accessToken of [session.access_token, String(otherSession?.access_token)]) {
        const answer = await t.app.inject({ url: '/auth/v1/user', headers: bearer(accessToken) });
        expect(answer.statusCode).toBe(401);
      }
      expect((await auth.refreshSession()).error).toBeTruthy();
      expect((await t.app.inject({ url: '/auth/v1/user', headers: bearer(fresh.access_token) })).statusCode).toBe(200);

      const resetAnswer = await verify({ type: 'recovery', token_hash: String(reset?.token) });
      expect(resetAnswer.statusCode).toBe(403);
      expect(resetAnswer.json()).toMatchObject({ error_code: 'otp_expired' });
    });

    it('refuses a link older than a day, changing nothing', async () => {
      const { account, session, token } = await requestChange(`sen-${Date.now()}@test.example`);
      clock.offsetMs = 24 * 60 * 60_000 + 60_000;
      const answer = await verify({ type: 'email_change', token_hash: token });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({
        code: 403,
        error_code: 'otp_expired',
        msg: 'Email link is invalid or has expired',
      });
      expect(await storedEmail(session.user.id)).toMatchObject({ users_email: account.email });
      // (The access token has expired by the clock; the session itself is still there.)
      const sessions = await queryRows<{ id: string }>(
        t.db,
        sql`SELECT id FROM auth_sessions WHERE user_id = ${session.user.id}`,
      );
      expect(sessions).toHaveLength(1);
    });

    it('keeps only the newest link working', async () => {
      const auth = client();
      const account = newAccount();
      const session = await signUpWith(auth, account);
      await auth.updateUser({ email: `forsta-${Date.now()}@test.example`, current_password: account.password });
      const second = `andra-${Date.now()}@test.example`;
      await auth.updateUser({ email: second, current_password: account.password });
      await t.app.mailer.idle();
      const [first, latest] = await readOutbox(t.dataDir);
      expect((await verify({ type: 'email_change', token_hash: String(first?.token) })).statusCode).toBe(403);
      expect((await verify({ type: 'email_change', token_hash: String(latest?.token) })).statusCode).toBe(200);
      expect(await storedEmail(session.user.id)).toMatchObject({ users_email: second });
    });

    it('refuses with 422 email_exists when the address was taken before the link was followed, changing nothing', async () => {
      const wanted = `eftertraktad-${Date.now()}@test.example`;
      const { account, session, token } = await requestChange(wanted);
      await signUpWith(client(), newAccount({ email: wanted }));
      const answer = await verify({ type: 'email_change', token_hash: token });
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ code: 422, error_code: 'email_exists' });
      expect(await storedEmail(session.user.id)).toMatchObject({
        users_email: account.email,
        profile_email: account.email,
      });
      expect((await t.app.inject({ url: '/auth/v1/user', headers: bearer(session.access_token) })).statusCode).toBe(
        200,
      );
    });

    it('answers bad input with 400 and a reason', async () => {
      for (const payload of [
        { type: 'email_change' },
        { type: 'email_change', token_hash: '' },
        { type: 'signup', token_hash: 'x' },
        {},
      ]) {
        const answer = await verify(payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: expect.any(String) });
      }
      expect((await verify({ type: 'email_change', token_hash: 'not-a-token' })).statusCode).toBe(403);
    });

    it('does not make an account admin when it moves onto the ADMIN_EMAIL address', async () => {
      const { session, token } = await requestChange(TEST_ADMIN_EMAIL);
      const verified = await client().verifyOtp({ token_hash: token, type: 'email_change' });
      expect(verified.error).toBeNull();
      const fresh = GoTrueSessionSchema.parse(verified.data.session);
      expect(fresh.user).toMatchObject({ email: TEST_ADMIN_EMAIL, app_metadata: { role: 'customer' } });
      expect(await storedEmail(session.user.id)).toMatchObject({ users_email: TEST_ADMIN_EMAIL, role: 'customer' });
      expect((await t.app.inject({ url: '/api/admin/stats', headers: bearer(fresh.access_token) })).statusCode).toBe(
        403,
      );
    });
  },
);
