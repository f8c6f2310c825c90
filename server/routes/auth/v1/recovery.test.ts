import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import { GoTrueSessionSchema } from '../../../../contracts/auth.ts';
import { sha256 } from '../../../services/auth/tokens.ts';
import { createAuthClient, newAccount, signUpWith } from '../../../testing/auth-client.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { queryRows } from '../../../db/client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

const SITE_URL = 'https://klinik.example';
const clock = { offsetMs: 0 };

describeEachEngine(
  'password reset: POST /auth/v1/recover and /verify',
  { env: { SITE_URL }, auth: { now: () => new Date(Date.now() + clock.offsetMs) } },
  (t) => {
    beforeEach(async () => {
      clock.offsetMs = 0;
      // A mail the last test sent in the background lands first, not in this test's outbox.
      await t.app.mailer.idle();
      await rm(path.join(t.dataDir, 'outbox'), { recursive: true, force: true });
    });

    const client = () => createAuthClient(t.app);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/auth/v1${url}`, payload });

    async function requestReset(email: string, options: { redirectTo?: string } = {}) {
      const result = await client().resetPasswordForEmail(email, options);
      await t.app.mailer.idle();
      return result;
    }

    it('emails a single-use link that opens a recovery session in which a new password can be set', async () => {
      const account = newAccount();
      await signUpWith(client(), account);

      const { data, error } = await requestReset(`  ${account.email.toUpperCase()}`);
      expect(error).toBeNull();
      expect(data).toEqual({});

      const emails = await readOutbox(t.dataDir);
      expect(emails).toHaveLength(1);
      const [email] = emails;
      expect(email?.file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z-[0-9a-f-]{36}\.eml$/);
      expect(email?.to).toBe(account.email);
      expect(email?.subject).toContain('Återställ ditt lösenord');
      expect(email?.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
      expect(email?.link).toMatch(
        new RegExp(`^${SITE_URL}/reset-password\\?token_hash=[A-Za-z0-9_-]{43}&type=recovery$`),
      );
      const token = String(email?.token);

      // Only the hash of the token is stored.
      const [stored] = await queryRows<{ recovery_token_hash: string }>(
        t.db,
        sql`SELECT recovery_token_hash FROM users WHERE email = ${account.email}`,
      );
      expect(stored?.recovery_token_hash).toBe(sha256(token));

      const recovery = client();
      const verified = await recovery.verifyOtp({ token_hash: token, type: 'recovery' });
      expect(verified.error).toBeNull();
      const session = GoTrueSessionSchema.parse(verified.data.session);
      expect(decodeJwt(session.access_token)).toMatchObject({
        amr: [{ method: 'recovery', timestamp: expect.any(Number) }],
      });

      // In a recovery session the current password is not needed.
      expect((await recovery.updateUser({ password: 'mitt-nya-lösenord' })).error).toBeNull();
      expect(
        (await client().signInWithPassword({ email: account.email, password: 'mitt-nya-lösenord' })).error,
      ).toBeNull();
      expect(
        (await client().signInWithPassword({ email: account.email, password: account.password })).error?.code,
      ).toBe('invalid_credentials');

      // Used once, gone: the same link again, and a second change without the current password, are refused.
      const again = await client().verifyOtp({ token_hash: token, type: 'recovery' });
      expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
      expect((await recovery.updateUser({ password: 'ännu-ett-lösenord' })).error).toMatchObject({
        code: 'reauthentication_needed',
      });
    });

    it('refuses a link older than an hour', async () => {
      const account = newAccount();
      await signUpWith(client(), account);
      await requestReset(account.email);
      const [email] = await readOutbox(t.dataDir);
      clock.offsetMs = 61 * 60_000;
      const { error } = await client().verifyOtp({ token_hash: String(email?.token), type: 'recovery' });
      expect(error).toMatchObject({
        status: 403,
        code: 'otp_expired',
        message: 'Email link is invalid or has expired',
      });
    });

    it('keeps only the newest link working', async () => {
      const account = newAccount();
      await signUpWith(client(), account);
      await requestReset(account.email);
      await requestReset(account.email);
      const emails = await readOutbox(t.dataDir);
      const [stored] = await queryRows<{ recovery_token_hash: string }>(
        t.db,
        sql`SELECT recovery_token_hash FROM users WHERE email = ${account.email}`,
      );
      // Two files may carry the same millisecond in their names; the stored hash tells which is newer.
      const newer = emails.find((email) => sha256(String(email.token)) === stored?.recovery_token_hash);
      const older = emails.find((email) => email !== newer);
      expect(emails).toHaveLength(2);
      expect(older?.token).not.toBe(newer?.token);
      expect((await client().verifyOtp({ token_hash: String(older?.token), type: 'recovery' })).error?.code).toBe(
        'otp_expired',
      );
      expect((await client().verifyOtp({ token_hash: String(newer?.token), type: 'recovery' })).error).toBeNull();
    });

    it('answers an unknown email exactly as a known one, and sends nothing', async () => {
      const account = newAccount();
      await signUpWith(client(), account);
      const known = await post('/recover', { email: account.email });
      const unknown = await post('/recover', { email: 'ingen@test.example' });
      await t.app.mailer.idle();
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(unknown.body).toBe(known.body);
      expect(unknown.json()).toEqual({});
      expect((await readOutbox(t.dataDir)).map((email) => email.to)).toEqual([account.email]);
    });

    it('sends the link to SITE_URL whatever redirect_to asks for', async () => {
      const account = newAccount();
      await signUpWith(client(), account);
      await requestReset(account.email, { redirectTo: 'https://evil.example/steal' });
      const [email] = await readOutbox(t.dataDir);
      expect(new URL(String(email?.link)).origin).toBe(SITE_URL);
      expect(email?.text).not.toContain('evil.example');
    });

    it('answers 400 to a missing email and 422 to an invalid one', async () => {
      const missing = await post('/recover', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
      const invalid = await post('/recover', { email: 'inte-en-adress' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json()).toMatchObject({ code: 422, error_code: 'email_address_invalid' });
    });

    it('refuses other verification types, a missing token and a made-up one', async () => {
      expect((await post('/verify', { type: 'signup', token_hash: 'x' })).json()).toMatchObject({
        code: 400,
        error_code: 'validation_failed',
      });
      expect((await post('/verify', { type: 'recovery' })).json()).toMatchObject({
        code: 400,
        error_code: 'validation_failed',
      });
      const madeUp = await post('/verify', { type: 'recovery', token_hash: 'A'.repeat(43) });
      expect(madeUp.statusCode).toBe(403);
      expect(madeUp.json()).toEqual({
        code: 403,
        error_code: 'otp_expired',
        msg: 'Email link is invalid or has expired',
      });
    });
  },
);
