import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client.ts';
import { bearer, createAuthClient, newAccount, signUpWith } from '../../testing/auth-client.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { createOrPromoteAdmin, hasAdmin } from './admin.ts';
import { AuthError } from '../../lib/auth-error.ts';
import { verifyPassword } from './passwords.ts';

describeEachEngine('createOrPromoteAdmin', {}, (t) => {
  const signIn = (email: string, password: string) => createAuthClient(t.app).signInWithPassword({ email, password });

  it('creates an admin with a generated password that signs in', async () => {
    expect(await hasAdmin(t.db)).toBe(false);
    const result = await createOrPromoteAdmin(t.db, { email: '  Chef@Klinik.Example ' });
    expect(result).toMatchObject({ email: 'chef@klinik.example', created: true, passwordChanged: false });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const { data, error } = await signIn('chef@klinik.example', String(result.generatedPassword));
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('admin');
    expect(data.user?.user_metadata.full_name).toBe('Administratör');
    expect(await hasAdmin(t.db)).toBe(true);
  });

  it('creates an admin with a given password and name', async () => {
    const result = await createOrPromoteAdmin(t.db, {
      email: 'chef@klinik.example',
      password: 'ett-bra-lösenord',
      fullName: 'Eva Chef',
    });
    expect(result.generatedPassword).toBeUndefined();
    const { data } = await signIn('chef@klinik.example', 'ett-bra-lösenord');
    expect(data.user?.user_metadata).toEqual({ full_name: 'Eva Chef', role: 'admin' });
  });

  // Issue 27: whoever registered the address before the operator must not keep a way in.
  it('promotes an existing account with a new generated password, printed once, and ends every session of it', async () => {
    const account = newAccount({ role: 'clinic' });
    const client = createAuthClient(t.app);
    const session = await signUpWith(client, account);
    const result = await createOrPromoteAdmin(t.db, { email: account.email.toUpperCase() });
    expect(result).toMatchObject({ created: false, previousRole: 'clinic', passwordChanged: true });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);

    expect((await signIn(account.email, account.password)).error?.code).toBe('invalid_credentials');
    expect((await t.app.inject({ url: '/auth/v1/user', headers: bearer(session.access_token) })).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error_code: 'refresh_token_not_found' });

    const { data, error } = await signIn(account.email, String(result.generatedPassword));
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('admin');
    const profile = await t.app.inject({ url: '/api/me/profile', headers: bearer(data.session?.access_token ?? '') });
    expect(profile.json()).toMatchObject({ role: 'admin', fullName: account.fullName });
  });

  it('sets a given password on an existing account and signs it out everywhere', async () => {
    const account = newAccount();
    const session = await signUpWith(createAuthClient(t.app), account);
    const result = await createOrPromoteAdmin(t.db, { email: account.email, password: 'nytt-admin-lösenord' });
    expect(result).toMatchObject({ passwordChanged: true, generatedPassword: undefined });
    expect((await t.app.inject({ url: '/auth/v1/user', headers: bearer(session.access_token) })).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(400);
    expect((await signIn(account.email, account.password)).error).not.toBeNull();
    expect((await signIn(account.email, 'nytt-admin-lösenord')).error).toBeNull();
  });

  it('gives an account that is already admin a new password too', async () => {
    const first = await createOrPromoteAdmin(t.db, { email: 'chef@klinik.example' });
    const again = await createOrPromoteAdmin(t.db, { email: 'chef@klinik.example' });
    expect(again).toMatchObject({ created: false, previousRole: 'admin', passwordChanged: true });
    expect(again.generatedPassword).not.toBe(first.generatedPassword);
    expect((await signIn('chef@klinik.example', String(first.generatedPassword))).error).not.toBeNull();
    expect((await signIn('chef@klinik.example', String(again.generatedPassword))).error).toBeNull();
  });

  it('refuses an invalid email or a short password and writes nothing', async () => {
    await expect(createOrPromoteAdmin(t.db, { email: 'inte-en-adress' })).rejects.toBeInstanceOf(AuthError);
    await expect(createOrPromoteAdmin(t.db, { email: 'chef@klinik.example', password: 'kort' })).rejects.toThrow(
      /8 characters/,
    );
    const [row] = await queryRows<{ count: number }>(t.db, sql`SELECT count(*)::int AS count FROM users`);
    expect(Number(row?.count)).toBe(0);
  });
});

describe('npm run admin:create (scripts/admin-create.ts)', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const run = (dataDir: string, args: string[], input?: string) =>
    spawnSync(process.execPath, ['scripts/admin-create.ts', ...args], {
      cwd: root,
      input,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
      timeout: 60_000,
    });

  it('creates an admin in the database of DATA_DIR, printing a generated password once, or taking one from stdin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-admin-'));
    try {
      const created = run(dataDir, ['--email', 'chef@klinik.example', '--name', 'Eva Chef']);
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toContain('Created admin account: chef@klinik.example');
      expect(created.stdout).toMatch(/^Password: [A-Za-z0-9_-]{24}$/m);

      // Run again for the same address: a new password, printed once, and the old one is gone.
      const again = run(dataDir, ['--email', 'chef@klinik.example']);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('Already an admin: chef@klinik.example');
      const newPassword = /^Password: (\S+)$/m.exec(again.stdout)?.[1];
      expect(newPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(newPassword).not.toBe(/^Password: (\S+)$/m.exec(created.stdout)?.[1]);
      expect(again.stdout).toContain('The old password no longer works; the account was signed out everywhere.');

      const fromStdin = run(dataDir, ['--email', 'kund@klinik.example', '--password-stdin'], 'från-stdin-123\n');
      expect(fromStdin.status).toBe(0);
      expect(fromStdin.stdout).not.toContain('från-stdin-123');
      expect(fromStdin.stdout).not.toMatch(/^Password:/m);

      const refused = run(dataDir, ['--email', 'x@klinik.example', '--password', 'kort']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('8 characters');
      expect(run(dataDir, []).status).toBe(2);

      const handle = await openDatabase({ dataDir });
      try {
        const rows = await queryRows<{ email: string; role: string; full_name: string }>(
          handle.db,
          sql`SELECT u.email, p.role, p.full_name FROM users u JOIN profiles p USING (id) ORDER BY u.email`,
        );
        expect(rows).toEqual([
          { email: 'chef@klinik.example', role: 'admin', full_name: 'Eva Chef' },
          { email: 'kund@klinik.example', role: 'admin', full_name: 'Administratör' },
        ]);
        const [stdinAccount] = await queryRows<{ encrypted_password: string }>(
          handle.db,
          sql`SELECT encrypted_password FROM users WHERE email = 'kund@klinik.example'`,
        );
        // The newline that ended the input is not part of the password.
        expect(await verifyPassword(stdinAccount?.encrypted_password, 'från-stdin-123')).toBe(true);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
