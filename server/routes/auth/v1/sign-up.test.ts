import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GoTrueErrorSchema, GoTrueSessionSchema } from '../../../../contracts/auth.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { MISSING_CREDENTIALS_MESSAGE } from '../../../lib/auth-error.ts';
import { sha256 } from '../../../services/auth/tokens.ts';
import { createAuthClient, newAccount, signUpWith } from '../../../testing/auth-client.ts';
import { queryRows } from '../../../db/client.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

const SITE_URL = 'https://klinik.example';
const clock = { offsetMs: 0 };

describeEachEngine(
  'POST /auth/v1/signup and /token?grant_type=password',
  {
    env: { ADMIN_EMAIL: '  Chef@Klinik.EXAMPLE ', SITE_URL },
    auth: { now: () => new Date(Date.now() + clock.offsetMs) },
  },
  (t) => {
    beforeEach(() => {
      clock.offsetMs = 0;
    });

    const client = () => createAuthClient(t.app);
    const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/auth/v1${url}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    async function counts() {
      const [row] = await queryRows<Record<string, number>>(
        t.db,
        sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM profiles)::int AS profiles,
                   (SELECT count(*) FROM auth_sessions)::int AS sessions, (SELECT count(*) FROM refresh_tokens)::int AS tokens`,
      );
      return row;
    }

    async function accountRows(email: string) {
      const [user] = await queryRows<Record<string, unknown>>(t.db, sql`SELECT * FROM users WHERE email = ${email}`);
      const [profile] = await queryRows<Record<string, unknown>>(
        t.db,
        sql`SELECT * FROM profiles WHERE email = ${email}`,
      );
      return { user, profile };
    }

    describe('sign-up', () => {
      it('registers a customer: a session, the user with role and name, users and profiles rows', async () => {
        const account = newAccount({ role: 'customer', fullName: 'Åsa Öberg' });
        const { data, error } = await client().signUp({
          email: account.email,
          password: account.password,
          options: { data: { full_name: account.fullName, role: 'customer' } },
        });
        expect(error).toBeNull();
        const session = GoTrueSessionSchema.parse(data.session);
        expect(session.token_type).toBe('bearer');
        expect(session.expires_in).toBe(3600);
        expect(session.user).toMatchObject({
          email: account.email,
          aud: 'authenticated',
          app_metadata: { provider: 'email', providers: ['email'], role: 'customer' },
          user_metadata: { full_name: 'Åsa Öberg', role: 'customer' },
        });
        expect(session.user.email_confirmed_at).toEqual(expect.any(String));

        const { user, profile } = await accountRows(account.email);
        expect(user).toMatchObject({ id: session.user.id, email: account.email });
        expect(String(user?.encrypted_password)).toMatch(/^\$argon2id\$/);
        expect(String(user?.encrypted_password)).not.toContain(account.password);
        expect(profile).toMatchObject({ id: session.user.id, role: 'customer', full_name: 'Åsa Öberg' });
        expect(profile?.last_sign_in_at).not.toBeNull();
        expect(user?.last_sign_in_at).not.toBeNull();
      });

      it("signs the access token with GoTrue's claims and stores only the hash of the refresh token", async () => {
        const session = await signUpWith(client(), newAccount({ role: 'clinic', fullName: 'Klinik Ett' }));
        const claims = decodeJwt(session.access_token);
        expect(claims).toMatchObject({
          sub: session.user.id,
          aud: 'authenticated',
          role: 'authenticated',
          email: session.user.email,
          iss: `${SITE_URL}/auth/v1`,
          aal: 'aal1',
          app_metadata: { provider: 'email', providers: ['email'], role: 'clinic' },
          user_metadata: { full_name: 'Klinik Ett', role: 'clinic' },
          amr: [{ method: 'password', timestamp: expect.any(Number) }],
          session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        });
        expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
        expect(session.expires_at).toBe(claims.exp);

        const tokens = await queryRows<{ token_hash: string; session_id: string }>(
          t.db,
          sql`SELECT token_hash, session_id FROM refresh_tokens`,
        );
        expect(tokens).toEqual([{ token_hash: sha256(session.refresh_token), session_id: claims.session_id }]);
        const dump = JSON.stringify(await queryRows(t.db, sql`SELECT * FROM refresh_tokens, auth_sessions, users`));
        expect(dump).not.toContain(session.refresh_token);
      });

      it('registers a clinic: role clinic, not certified, application Väntar', async () => {
        const account = newAccount({ role: 'clinic', fullName: 'Hudkliniken' });
        const session = await signUpWith(client(), account);
        expect(session.user.app_metadata.role).toBe('clinic');
        const { profile } = await accountRows(account.email);
        expect(profile).toMatchObject({
          role: 'clinic',
          full_name: 'Hudkliniken',
          is_certified: false,
          application_status: 'Väntar',
          is_public: true,
        });
      });

      it.each([
        ['chef@klinik.example', 'customer'],
        ['  CHEF@Klinik.example  ', 'clinic'],
        ['Chef@KLINIK.EXAMPLE', 'admin'],
      ])('makes the ADMIN_EMAIL address %j an admin whatever tab (%s) was chosen', async (email, role) => {
        const session = await signUpWith(client(), newAccount({ email, role }));
        expect(session.user.email).toBe('chef@klinik.example');
        expect(session.user.app_metadata.role).toBe('admin');
        expect(decodeJwt(session.access_token)).toMatchObject({ app_metadata: { role: 'admin' } });
        expect((await accountRows('chef@klinik.example')).profile).toMatchObject({ role: 'admin' });
      });

      it.each(['admin', 'Admin', 'superuser', '', undefined])(
        'makes a self-chosen role %j a customer',
        async (role) => {
          const account = newAccount({ role });
          const session = await signUpWith(client(), account);
          expect(session.user.app_metadata.role).toBe('customer');
          expect((await accountRows(account.email)).profile).toMatchObject({ role: 'customer' });
        },
      );

      it('refuses an email that exists in another case with 422 and writes nothing', async () => {
        const account = newAccount({ email: 'lisa@test.example' });
        await signUpWith(client(), account);
        const before = await counts();
        const { data, error } = await client().signUp({ email: '  LISA@Test.Example', password: 'ett-annat-lösenord' });
        expect(data.session).toBeNull();
        expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
        expect(await counts()).toEqual(before);
      });
    });

    it('lets only one of two simultaneous sign-ups with one email through, and leaves no half account', async () => {
      const answers = await Promise.all(
        ['tvilling@test.example', 'TVILLING@test.example'].map((email) =>
          post('/signup', { email, password: 'ett-bra-lösenord' }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      expect(answers.find((answer) => answer.statusCode === 422)?.json()).toMatchObject({
        error_code: 'user_already_exists',
      });
      expect(await counts()).toEqual({ users: 1, profiles: 1, sessions: 1, tokens: 1 });
    });

    describe('bad sign-up input', () => {
      const longEmail = `${'a'.repeat(250)}@x.se`;
      it.each([
        ['no body at all', undefined],
        ['an empty object', {}],
        ['no email', { password: 'ett-bra-lösenord' }],
        ['no password', { email: 'a@test.example' }],
        ['empty strings', { email: '', password: '' }],
        ['a blank email', { email: '   ', password: 'ett-bra-lösenord' }],
      ])("answers 400 with GoTrue's message to %s", async (_case, payload) => {
        const response = await post('/signup', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 400,
          error_code: 'validation_failed',
          msg: MISSING_CREDENTIALS_MESSAGE,
        });
        expect((await counts())?.users).toBe(0);
      });

      it('answers 400 to malformed JSON', async () => {
        const response = await post('/signup', '{"email": "a@test.example",', { 'content-type': 'application/json' });
        expect(response.statusCode).toBe(400);
        expect(GoTrueErrorSchema.parse(response.json())).toMatchObject({ code: 400, error_code: 'bad_json' });
      });

      it('answers 400 to a field of the wrong type', async () => {
        const response = await post('/signup', { email: 42, password: 'ett-bra-lösenord' });
        expect(response.statusCode).toBe(400);
        expect(GoTrueErrorSchema.parse(response.json())).toMatchObject({ code: 400, error_code: 'validation_failed' });
      });

      it.each([
        ['an invalid email', { email: 'inte-en-adress', password: 'ett-bra-lösenord' }, 'email_address_invalid'],
        ['an email over 254 characters', { email: longEmail, password: 'ett-bra-lösenord' }, 'validation_failed'],
        ['a 7-character password', { email: 'a@test.example', password: '1234567' }, 'weak_password'],
        [
          'a name over 200 characters',
          { email: 'a@test.example', password: 'ett-bra-lösenord', data: { full_name: 'Å'.repeat(201) } },
          'validation_failed',
        ],
      ])('answers 422 to %s and writes nothing', async (_case, payload, errorCode) => {
        const response = await post('/signup', payload);
        expect(response.statusCode).toBe(422);
        expect(GoTrueErrorSchema.parse(response.json())).toMatchObject({ code: 422, error_code: errorCode });
        expect(await counts()).toEqual({ users: 0, profiles: 0, sessions: 0, tokens: 0 });
      });

      it('accepts exactly 254 characters of email, 8 of password and 200 of name', async () => {
        const email = `${'a'.repeat(241)}@test.example`;
        expect(email).toHaveLength(254);
        const response = await post('/signup', { email, password: '12345678', data: { full_name: 'Å'.repeat(200) } });
        expect(response.statusCode).toBe(200);
      });

      it("says why a password is too short, in the asker's language, as auth-js expects a weak password", async () => {
        const svAnswer = await client().signUp({ email: 'a@test.example', password: 'kort' });
        expect(svAnswer.error).toMatchObject({
          name: 'AuthWeakPasswordError',
          status: 422,
          code: 'weak_password',
          message: sv.passwordTooShort,
          reasons: ['length'],
        });
        const english = createAuthClient(t.app, { headers: { 'accept-language': 'en-GB' } });
        const enAnswer = await english.signUp({ email: 'a@test.example', password: 'short' });
        expect(enAnswer.error?.message).toBe(en.passwordTooShort);
        expect(en.passwordTooShort).toContain('8');
      });
    });

    describe('sign-in with a password', () => {
      it('answers a session and sets last_sign_in_at on users and profiles', async () => {
        const account = newAccount();
        const signedUp = await signUpWith(client(), account);
        clock.offsetMs = 5 * 60_000;
        const before = Date.now() + clock.offsetMs;

        const { data, error } = await client().signInWithPassword({
          email: `  ${account.email.toUpperCase()} `,
          password: account.password,
        });
        expect(error).toBeNull();
        const session = GoTrueSessionSchema.parse(data.session);
        expect(session.user.id).toBe(signedUp.user.id);
        expect(session.refresh_token).not.toBe(signedUp.refresh_token);
        expect(Date.parse(session.user.last_sign_in_at ?? '')).toBeGreaterThanOrEqual(before);

        const [times] = await queryRows<{ users: number; profiles: number }>(
          t.db,
          sql`SELECT (extract(epoch FROM u.last_sign_in_at) * 1000)::float8 AS users, (extract(epoch FROM p.last_sign_in_at) * 1000)::float8 AS profiles
              FROM users u JOIN profiles p USING (id) WHERE u.email = ${account.email}`,
        );
        expect(Number(times?.users)).toBeGreaterThanOrEqual(before);
        expect(Number(times?.profiles)).toBe(Number(times?.users));
        expect((await counts())?.sessions).toBe(2);
      });

      it('gives the same answer to an unknown email and to a wrong password', async () => {
        const account = newAccount();
        await signUpWith(client(), account);
        const wrongPassword = await post('/token?grant_type=password', {
          email: account.email,
          password: 'fel-lösenord',
        });
        const unknownEmail = await post('/token?grant_type=password', {
          email: 'ingen@test.example',
          password: account.password,
        });
        const expected = { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' };
        expect([wrongPassword.statusCode, unknownEmail.statusCode]).toEqual([400, 400]);
        expect(wrongPassword.json()).toEqual(expected);
        expect(unknownEmail.json()).toEqual(expected);

        const viaClient = await client().signInWithPassword({ email: 'ingen@test.example', password: 'x' });
        expect(viaClient.error).toMatchObject({
          status: 400,
          code: 'invalid_credentials',
          message: 'Invalid login credentials',
        });
      });

      it('refuses an account without a password (a register row) like a wrong password', async () => {
        await insertClinics(t.db, [{ fullName: 'Registrerad Klinik' }]);
        const [row] = await queryRows<{ email: string }>(t.db, sql`SELECT email FROM users LIMIT 1`);
        const response = await post('/token?grant_type=password', { email: row?.email, password: 'vad-som-helst' });
        expect(response.json()).toEqual({
          code: 400,
          error_code: 'invalid_credentials',
          msg: 'Invalid login credentials',
        });
      });

      it.each([
        ['no body', undefined],
        ['no password', { email: 'a@test.example' }],
        ['no email', { password: 'ett-bra-lösenord' }],
      ])("answers 400 with GoTrue's message to %s", async (_case, payload) => {
        const response = await post('/token?grant_type=password', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 400,
          error_code: 'validation_failed',
          msg: MISSING_CREDENTIALS_MESSAGE,
        });
      });

      it('answers 400 to malformed JSON and to an unknown grant type', async () => {
        const malformed = await post('/token?grant_type=password', 'email=a', { 'content-type': 'application/json' });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toMatchObject({ error_code: 'bad_json' });
        const grant = await post('/token?grant_type=magic', { email: 'a@test.example', password: 'x' });
        expect(grant.statusCode).toBe(400);
        expect(grant.json()).toMatchObject({ error_code: 'validation_failed' });
      });

      it('marks its answers as not to be cached', async () => {
        const response = await post('/token?grant_type=password', { email: 'a@test.example', password: 'x' });
        expect(response.headers['cache-control']).toBe('no-store');
      });
    });
  },
);
