import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAuthClient, newAccount, signUpWith } from '../../../testing/auth-client.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { captureLog } from '../../../testing/log-capture.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

describe('log hygiene: no password, token or reset link ever reaches the log', () => {
  const log = captureLog();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
  });

  it('after sign-up, sign-in, refresh, a failed sign-in, recovery, the reset page and a password change', async () => {
    const account = newAccount({ password: 'Hemligt-Lösenord-123' });
    const client = createAuthClient(t.app);
    const signedUp = await signUpWith(client, account);
    const signedIn = (await client.signInWithPassword({ email: account.email, password: account.password })).data
      .session;
    const refreshed = (await client.refreshSession()).data.session;
    await client.signInWithPassword({ email: account.email, password: 'Fel-Lösenord-456' });
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"password": "Trasig-JSON-789",',
    });

    await client.resetPasswordForEmail(account.email);
    await t.app.mailer.idle();
    const [email] = await readOutbox(t.dataDir);
    const resetToken = String(email?.token);
    // The browser opens the emailed link: the token is in the URL of a page request.
    await t.app.inject({ url: `/reset-password?token_hash=${resetToken}&type=recovery` });
    const recovery = (await client.verifyOtp({ token_hash: resetToken, type: 'recovery' })).data.session;
    await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: bearer(String(recovery?.access_token)),
      payload: { password: 'Nytt-Lösenord-000' },
    });
    await t.app.inject({ url: '/api/me/profile', headers: bearer(String(recovery?.access_token)) });

    const text = log.lines.join('');
    expect(text).toContain('email written to outbox');
    expect(text).toContain('/reset-password?token_hash=');
    const secrets = [
      account.password,
      'Fel-Lösenord-456',
      'Trasig-JSON-789',
      'Nytt-Lösenord-000',
      resetToken,
      String(email?.link),
      signedUp.access_token,
      signedUp.refresh_token,
      String(signedIn?.refresh_token),
      String(refreshed?.access_token),
      String(refreshed?.refresh_token),
      String(recovery?.access_token),
      String(recovery?.refresh_token),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Nor the recipient's address: the log names the file, not the person.
    expect(text).not.toContain(account.email);
  });
});

describe('request log lines', () => {
  const entries = (lines: string[]) =>
    lines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; statusCode?: number; req?: { url?: string } },
    );

  it('at info a request that succeeds writes nothing; at debug one line with its status, without the secrets of its URL', async () => {
    const info = captureLog('info');
    const quiet = await createTestApp({ logger: info.logger });
    try {
      expect((await quiet.app.inject({ url: '/api/clinics' })).statusCode).toBe(200);
      expect(info.lines).toEqual([]);
    } finally {
      await quiet.close();
    }

    const debug = captureLog('debug');
    const talkative = await createTestApp({ logger: debug.logger });
    try {
      const page = await talkative.app.inject({ url: '/reset-password?token_hash=hemlig-token-123&type=recovery' });
      const completed = entries(debug.lines).filter((entry) => entry.msg === 'request completed');
      expect(completed).toHaveLength(1);
      expect(completed[0]?.statusCode).toBe(page.statusCode);
      expect(completed[0]?.req?.url).toContain('/reset-password');
      expect(debug.lines.join('')).not.toContain('hemlig-token-123');
    } finally {
      await talkative.close();
    }
  }, 60_000); // It builds two apps of its own (two migrations), slower when another test file runs beside it.
});
