import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { GoTrueSessionSchema } from '../../../../contracts/auth.ts';
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { sha256 } from '../../../services/auth/tokens.ts';
import { bearer, createAuthClient, newAccount, signUpWith } from '../../../testing/auth-client.ts';
import { queryRows } from '../../../db/client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

const JWT_SECRET = 'a-secret-for-the-session-tests-0123456789';
const SITE_URL = 'http://127.0.0.1:3000';
const clock = { offsetMs: 0 };

describeEachEngine(
  'sessions: refresh, sign-out, and tokens that no longer count',
  { env: { JWT_SECRET }, auth: { now: () => new Date(Date.now() + clock.offsetMs) } },
  (t) => {
    beforeEach(() => {
      clock.offsetMs = 0;
    });

    const client = () => createAuthClient(t.app);
    const refresh = (refreshToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: refreshToken },
      });
    const getUser = (token: string) => t.app.inject({ url: '/auth/v1/user', headers: bearer(token) });
    const getProfile = (token: string) => t.app.inject({ url: '/api/me/profile', headers: bearer(token) });

    async function sessionCount(userId?: string) {
      const [row] = await queryRows<{ count: number }>(
        t.db,
        userId
          ? sql`SELECT count(*)::int AS count FROM auth_sessions WHERE user_id = ${userId}`
          : sql`SELECT count(*)::int AS count FROM auth_sessions`,
      );
      return Number(row?.count);
    }

    describe('refresh (grant_type=refresh_token)', () => {
      it('rotates the refresh token on every refresh, through auth-js', async () => {
        const auth = client();
        const first = await signUpWith(auth, newAccount({ role: 'clinic' }));
        const { data, error } = await auth.refreshSession();
        expect(error).toBeNull();
        const second = GoTrueSessionSchema.parse(data.session);
        expect(second.refresh_token).not.toBe(first.refresh_token);
        expect(second.user).toMatchObject({ id: first.user.id, app_metadata: { role: 'clinic' } });
        expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);

        const rows = await queryRows<{ token_hash: string; parent: string | null; revoked: boolean }>(
          t.db,
          sql`SELECT token_hash, parent, revoked FROM refresh_tokens ORDER BY id`,
        );
        expect(rows).toEqual([
          { token_hash: sha256(first.refresh_token), parent: null, revoked: true },
          { token_hash: sha256(second.refresh_token), parent: sha256(first.refresh_token), revoked: false },
        ]);
        expect((await getUser(second.access_token)).statusCode).toBe(200);

        const third = await auth.refreshSession();
        expect(third.data.session?.refresh_token).not.toBe(second.refresh_token);
      });

      it('lets a rotated token come back within 10 s (two tabs at once) and keeps the session', async () => {
        const first = await signUpWith(client(), newAccount());
        expect((await refresh(first.refresh_token)).statusCode).toBe(200);
        clock.offsetMs = 9_000;
        const again = await refresh(first.refresh_token);
        expect(again.statusCode).toBe(200);
        expect(GoTrueSessionSchema.parse(again.json()).refresh_token).not.toBe(first.refresh_token);
        expect(await sessionCount()).toBe(1);
      });

      it('serves two refreshes of one token at the same moment (two tabs) without revoking anything', async () => {
        const first = await signUpWith(client(), newAccount());
        const answers = await Promise.all([
          refresh(first.refresh_token),
          refresh(first.refresh_token),
          refresh(first.refresh_token),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
        const tokens = answers.map((answer) => GoTrueSessionSchema.parse(answer.json()).refresh_token);
        expect(new Set(tokens).size).toBe(3);
        for (const answer of answers)
          expect((await getUser(GoTrueSessionSchema.parse(answer.json()).access_token)).statusCode).toBe(200);
        expect(await sessionCount()).toBe(1);
      });

      it('revokes the whole session when a rotated token comes back after the 10 s reuse interval', async () => {
        const first = await signUpWith(client(), newAccount());
        const second = GoTrueSessionSchema.parse((await refresh(first.refresh_token)).json());
        clock.offsetMs = 11_000;

        const reused = await refresh(first.refresh_token);
        expect(reused.statusCode).toBe(400);
        expect(reused.json()).toEqual({
          code: 400,
          error_code: 'refresh_token_already_used',
          msg: 'Invalid Refresh Token: Already Used',
        });
        expect(await sessionCount()).toBe(0);

        // Everything of that session is dead at once: the newest refresh token and the live access token.
        expect((await refresh(second.refresh_token)).json()).toMatchObject({
          code: 400,
          error_code: 'refresh_token_not_found',
        });
        expect((await getUser(second.access_token)).statusCode).toBe(401);
        expect((await getProfile(second.access_token)).statusCode).toBe(401);
      });

      it('leaves the other sessions of the person alone when one is revoked', async () => {
        const account = newAccount();
        const mine = await signUpWith(client(), account);
        const other = await client().signInWithPassword({ email: account.email, password: account.password });
        await refresh(mine.refresh_token);
        clock.offsetMs = 60_000;
        await refresh(mine.refresh_token);
        expect((await getUser(String(other.data.session?.access_token))).statusCode).toBe(200);
        expect(await sessionCount(mine.user.id)).toBe(1);
      });

      it('answers 400 to an unknown or a missing refresh token', async () => {
        expect((await refresh('not-a-token')).json()).toEqual({
          code: 400,
          error_code: 'refresh_token_not_found',
          msg: 'Invalid Refresh Token: Refresh Token Not Found',
        });
        const missing = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          payload: {},
        });
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toMatchObject({ error_code: 'validation_failed' });
        const viaClient = await client().refreshSession({ refresh_token: 'not-a-token' });
        expect(viaClient.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
      });
    });

    describe('POST /logout', () => {
      async function twoSessions() {
        const account = newAccount();
        const a = client();
        const b = client();
        await signUpWith(a, account);
        await b.signInWithPassword({ email: account.email, password: account.password });
        const tokenOf = async (c: ReturnType<typeof client>) =>
          String((await c.getSession()).data.session?.access_token);
        return { a, b, tokenA: await tokenOf(a), tokenB: await tokenOf(b) };
      }

      it('scope=local signs out only this session', async () => {
        const { a, tokenA, tokenB } = await twoSessions();
        expect((await a.signOut({ scope: 'local' })).error).toBeNull();
        expect((await a.getSession()).data.session).toBeNull();
        expect((await getUser(tokenA)).statusCode).toBe(401);
        expect((await getUser(tokenB)).statusCode).toBe(200);
      });

      it('scope=others signs out every other session and keeps this one', async () => {
        const { a, tokenA, tokenB } = await twoSessions();
        expect((await a.signOut({ scope: 'others' })).error).toBeNull();
        expect((await getUser(tokenA)).statusCode).toBe(200);
        expect((await getUser(tokenB)).statusCode).toBe(401);
      });

      it("scope=global (auth-js's default) signs out every session, refresh tokens included", async () => {
        const { a, b, tokenA, tokenB } = await twoSessions();
        const refreshB = String((await b.getSession()).data.session?.refresh_token);
        expect((await a.signOut()).error).toBeNull();
        expect((await getUser(tokenA)).statusCode).toBe(401);
        expect((await getUser(tokenB)).statusCode).toBe(401);
        expect((await refresh(refreshB)).json()).toMatchObject({ error_code: 'refresh_token_not_found' });
        expect(await sessionCount()).toBe(0);
      });

      it('answers 204 without a body, and auth-js accepts signing out a session that is already gone', async () => {
        const { a, tokenA } = await twoSessions();
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/logout?scope=local',
          headers: bearer(tokenA),
        });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        expect((await a.signOut()).error).toBeNull();
      });

      it('answers 400 to an unknown scope and 401 without a token', async () => {
        const { tokenA } = await twoSessions();
        const scope = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/logout?scope=everyone',
          headers: bearer(tokenA),
        });
        expect(scope.statusCode).toBe(400);
        expect(scope.json()).toMatchObject({ error_code: 'validation_failed' });
        const anonymous = await t.app.inject({ method: 'POST', url: '/auth/v1/logout' });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
      });
    });

    describe('an expired, forged or revoked access token gets 401 on every protected route', () => {
      const protectedRoutes = [
        { method: 'GET', url: '/auth/v1/user', shape: 'gotrue' },
        { method: 'PUT', url: '/auth/v1/user', shape: 'gotrue' },
        { method: 'POST', url: '/auth/v1/logout', shape: 'gotrue' },
        { method: 'GET', url: '/api/me/profile', shape: 'api' },
      ] as const;

      async function expect401(token: string | undefined, errorCode: string) {
        for (const route of protectedRoutes) {
          const response = await t.app.inject({
            method: route.method,
            url: route.url,
            headers: token === undefined ? {} : bearer(token),
            ...(route.method === 'PUT' ? { payload: { data: { full_name: 'Inbrott' } } } : {}),
          });
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
          if (route.shape === 'api') {
            expect(response.json()).toEqual({ error: { code: 'unauthorized', message: sv.unauthorized } });
          } else {
            expect(response.json()).toMatchObject({ code: 401, error_code: errorCode });
          }
        }
      }

      async function forge(claims: Record<string, unknown>, secret: string) {
        return new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret));
      }

      it('no token, or not a bearer token', async () => {
        await expect401(undefined, 'no_authorization');
        const response = await t.app.inject({ url: '/auth/v1/user', headers: { authorization: 'Basic dXNlcjpwdw==' } });
        expect(response.json()).toMatchObject({ error_code: 'no_authorization' });
      });

      it('an expired token', async () => {
        const session = await signUpWith(client(), newAccount());
        expect((await getUser(session.access_token)).statusCode).toBe(200);
        clock.offsetMs = 3601_000;
        await expect401(session.access_token, 'bad_jwt');
      });

      it('forged tokens: another secret, no signature, a changed payload, garbage', async () => {
        const session = await signUpWith(client(), newAccount());
        const claims = decodeJwt(session.access_token);
        await expect401(
          await forge({ ...claims, exp: undefined, iat: undefined }, 'another-secret-of-enough-length-0123456789'),
          'bad_jwt',
        );

        const [header, payload] = session.access_token.split('.');
        const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
        await expect401(unsigned, 'bad_jwt');

        const promoted = Buffer.from(JSON.stringify({ ...claims, app_metadata: { role: 'admin' } })).toString(
          'base64url',
        );
        await expect401(`${header}.${promoted}.${session.access_token.split('.')[2]}`, 'bad_jwt');
        await expect401('not.a.jwt', 'bad_jwt');
      });

      it('a token with the right secret but another issuer or audience', async () => {
        const session = await signUpWith(client(), newAccount());
        const claims = decodeJwt(session.access_token);
        await expect401(
          await forge(
            { ...claims, exp: undefined, iat: undefined, iss: 'https://elsewhere.example/auth/v1' },
            JWT_SECRET,
          ),
          'bad_jwt',
        );
        await expect401(await forge({ ...claims, exp: undefined, iat: undefined, aud: 'anon' }, JWT_SECRET), 'bad_jwt');
        // The control: the same claims with the real issuer and audience pass.
        const genuine = await forge(
          { ...claims, exp: undefined, iat: undefined, iss: `${SITE_URL}/auth/v1` },
          JWT_SECRET,
        );
        expect((await getUser(genuine)).statusCode).toBe(200);
      });

      it('a token of a session that was signed out (revoked)', async () => {
        const auth = client();
        const session = await signUpWith(auth, newAccount());
        await auth.signOut();
        await expect401(session.access_token, 'session_not_found');
        // auth-js takes session_not_found for a missing session.
        const { error } = await auth.getUser(session.access_token);
        expect(error?.name).toBe('AuthSessionMissingError');
      });

      it('a token of a deleted account', async () => {
        const session = await signUpWith(client(), newAccount());
        await t.db.execute(sql`DELETE FROM users WHERE id = ${session.user.id}`);
        await expect401(session.access_token, 'session_not_found');
      });
    });
  },
);
