import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GoTrueUserSchema } from '../../../../contracts/auth.ts';
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { bearer, createAuthClient, newAccount, signUpWith } from '../../../testing/auth-client.ts';
import { queryRows } from '../../../db/client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

describeEachEngine('GET and PUT /auth/v1/user', {}, (t) => {
  const client = () => createAuthClient(t.app);

  async function profileName(userId: string) {
    const [row] = await queryRows<{ full_name: string; role: string }>(
      t.db,
      sql`SELECT full_name, role FROM profiles WHERE id = ${userId}`,
    );
    return row;
  }

  it('GET answers the signed-in user with the role in app_metadata', async () => {
    const auth = client();
    const session = await signUpWith(auth, newAccount({ role: 'clinic', fullName: 'Klinik Öst' }));
    const { data, error } = await auth.getUser();
    expect(error).toBeNull();
    expect(GoTrueUserSchema.parse(data.user)).toMatchObject({
      id: session.user.id,
      email: session.user.email,
      app_metadata: { role: 'clinic' },
      user_metadata: { full_name: 'Klinik Öst', role: 'clinic' },
    });
  });

  describe('the name', () => {
    it('changes with data.full_name, trimmed, in the profile and the answer', async () => {
      const auth = client();
      const session = await signUpWith(auth, newAccount());
      const { data, error } = await auth.updateUser({ data: { full_name: '  Åsa Nyberg ' } });
      expect(error).toBeNull();
      expect(data.user?.user_metadata).toEqual({ full_name: 'Åsa Nyberg', role: 'customer' });
      expect(await profileName(session.user.id)).toEqual({ full_name: 'Åsa Nyberg', role: 'customer' });
      const profile = await t.app.inject({
        url: '/api/me/profile',
        headers: bearer(String((await auth.getSession()).data.session?.access_token)),
      });
      expect(profile.json()).toMatchObject({ fullName: 'Åsa Nyberg' });
    });

    it('refuses a name over 200 characters with 422', async () => {
      const auth = client();
      await signUpWith(auth, newAccount());
      const { error } = await auth.updateUser({ data: { full_name: 'x'.repeat(201) } });
      expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
    });

    it('never lets data.role (or app_metadata) change the role', async () => {
      const auth = client();
      const session = await signUpWith(auth, newAccount());
      const { data } = await auth.updateUser({ data: { role: 'admin', full_name: 'Smygande' } });
      expect(data.user?.app_metadata.role).toBe('customer');
      const raw = await t.app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: bearer(session.access_token),
        payload: { app_metadata: { role: 'admin' } },
      });
      expect(raw.json()).toMatchObject({ app_metadata: { role: 'customer' } });
      expect((await profileName(session.user.id))?.role).toBe('customer');
    });
  });

  describe('the email address', () => {
    it('with the current password, waits for the link mailed to the new address (email-change.test.ts); the old address still signs in', async () => {
      const auth = client();
      const account = newAccount();
      const session = await signUpWith(auth, account);
      const { data, error } = await auth.updateUser({
        email: ' Ny.Adress@Test.example ',
        current_password: account.password,
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email: account.email, new_email: 'ny.adress@test.example' });
      const [row] = await queryRows<{ users_email: string; profile_email: string }>(
        t.db,
        sql`SELECT u.email AS users_email, p.email AS profile_email FROM users u JOIN profiles p USING (id) WHERE u.id = ${session.user.id}`,
      );
      expect(row).toEqual({ users_email: account.email, profile_email: account.email });
      expect(
        (await client().signInWithPassword({ email: account.email, password: account.password })).error,
      ).toBeNull();
      expect(
        (await client().signInWithPassword({ email: 'ny.adress@test.example', password: account.password })).error
          ?.code,
      ).toBe('invalid_credentials');
    });

    it('needs the current password, and refuses an address that is taken or invalid with 422, changing nothing', async () => {
      const taken = newAccount();
      await signUpWith(client(), taken);
      const auth = client();
      const account = newAccount();
      const session = await signUpWith(auth, account);

      expect((await auth.updateUser({ email: 'ny@test.example' })).error).toMatchObject({
        status: 400,
        code: 'reauthentication_needed',
      });
      expect(
        (await auth.updateUser({ email: 'ny@test.example', current_password: 'fel-lösenord' })).error,
      ).toMatchObject({
        status: 400,
        code: 'reauthentication_not_valid',
      });
      expect(
        (await auth.updateUser({ email: taken.email.toUpperCase(), current_password: account.password })).error,
      ).toMatchObject({
        status: 422,
        code: 'email_exists',
      });
      expect(
        (await auth.updateUser({ email: 'inte-en-adress', current_password: account.password })).error,
      ).toMatchObject({
        status: 422,
        code: 'email_address_invalid',
      });
      const [row] = await queryRows<{ email: string }>(
        t.db,
        sql`SELECT email FROM users WHERE id = ${session.user.id}`,
      );
      expect(row?.email).toBe(account.email);
    });
  });

  describe('the password', () => {
    it('needs the current password (current_password, as auth-js sends it)', async () => {
      const auth = client();
      const account = newAccount();
      await signUpWith(auth, account);

      const without = await auth.updateUser({ password: 'ett-nytt-lösenord' });
      expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
      const wrong = await auth.updateUser({ password: 'ett-nytt-lösenord', current_password: 'gissat-fel' });
      expect(wrong.error).toMatchObject({ status: 400, code: 'reauthentication_not_valid' });

      const right = await auth.updateUser({ password: 'ett-nytt-lösenord', current_password: account.password });
      expect(right.error).toBeNull();
      expect(
        (await client().signInWithPassword({ email: account.email, password: account.password })).error?.code,
      ).toBe('invalid_credentials');
      expect(
        (await client().signInWithPassword({ email: account.email, password: 'ett-nytt-lösenord' })).error,
      ).toBeNull();
    });

    it('also takes the current password inside data', async () => {
      const auth = client();
      const account = newAccount();
      await signUpWith(auth, account);
      const { error } = await auth.updateUser({
        password: 'ett-nytt-lösenord',
        data: { current_password: account.password },
      });
      expect(error).toBeNull();
    });

    it('signs out the other sessions of the person and keeps this one', async () => {
      const account = newAccount();
      const mine = client();
      const other = client();
      await signUpWith(mine, account);
      const otherSession = (await other.signInWithPassword({ email: account.email, password: account.password })).data
        .session;
      expect(
        (await mine.updateUser({ password: 'ett-nytt-lösenord', current_password: account.password })).error,
      ).toBeNull();
      expect((await mine.getUser()).error).toBeNull();
      const otherUser = await t.app.inject({
        url: '/auth/v1/user',
        headers: bearer(String(otherSession?.access_token)),
      });
      expect(otherUser.statusCode).toBe(401);
    });

    it('refuses a short password (422, translated) and the same password (422)', async () => {
      const auth = client();
      const account = newAccount();
      await signUpWith(auth, account);
      const short = await auth.updateUser({ password: 'kort', current_password: account.password });
      expect(short.error).toMatchObject({ status: 422, code: 'weak_password', message: sv.passwordTooShort });
      const same = await auth.updateUser({ password: account.password, current_password: account.password });
      expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    });
  });
});
