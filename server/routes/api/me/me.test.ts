import { expect, it } from 'vitest';
import { OwnProfileSchema } from '../../../../contracts/auth.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { bearer, createAuthClient, newAccount, signUpWith } from '../../../testing/auth-client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

describeEachEngine('GET /api/me/profile', { env: { ADMIN_EMAIL: 'chef@klinik.example' } }, (t) => {
  const profileOf = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/me/profile', headers: { ...bearer(token), ...headers } });

  it.each([
    ['customer', newAccount({ role: 'customer', fullName: 'Kund Karlsson' })],
    ['clinic', newAccount({ role: 'clinic', fullName: 'Kliniken i Å' })],
    ['admin', newAccount({ email: 'chef@klinik.example', role: 'customer', fullName: 'Chefen' })],
  ] as const)('answers the own profile of a %s', async (role, account) => {
    const session = await signUpWith(createAuthClient(t.app), account);
    const response = await profileOf(session.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = OwnProfileSchema.parse(response.json());
    expect(profile).toEqual({
      id: session.user.id,
      email: account.email,
      role,
      fullName: account.fullName,
      lastSignInAt: session.user.last_sign_in_at,
    });
  });

  it("answers each person their own profile, never another's", async () => {
    const first = await signUpWith(createAuthClient(t.app), newAccount({ fullName: 'Första' }));
    const second = await signUpWith(createAuthClient(t.app), newAccount({ fullName: 'Andra' }));
    expect((await profileOf(first.access_token)).json()).toMatchObject({ id: first.user.id, fullName: 'Första' });
    expect((await profileOf(second.access_token)).json()).toMatchObject({ id: second.user.id, fullName: 'Andra' });
  });

  it("answers 401 in the /api shape, in the asker's language, without a valid token", async () => {
    const anonymous = await t.app.inject({ url: '/api/me/profile' });
    expect(anonymous.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(anonymous.json())).toEqual({
      error: { code: 'unauthorized', message: sv.unauthorized },
    });
    const english = await profileOf('not.a.token', { 'accept-language': 'en' });
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ error: { code: 'unauthorized', message: en.unauthorized } });
  });

  it('is described in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/me/profile', '/auth/v1/signup', '/auth/v1/token', '/auth/v1/user']),
    );
  });
});
