import { expect, it } from 'vitest';
import { AdminStatsSchema } from '../contracts/admin.ts';
import en from '../contracts/locales/en/validation.json' with { type: 'json' };
import { DemoCredentialsSchema } from '../contracts/site.ts';
import { DEMO_ACCOUNTS } from './services/demo/seed.ts';
import { createOrPromoteAdmin } from './services/auth/admin.ts';
import { bearer, createAuthClient, newAccount, signUpWith, TEST_ADMIN_EMAIL } from './testing/auth-client.ts';
import { describeEachEngine } from './testing/test-app.ts';

// Issue 27, point 1: on a production installation nobody becomes admin by registering an address first.
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-test-secret-of-32-characters',
  ADMIN_EMAIL: TEST_ADMIN_EMAIL,
};

describeEachEngine('a production installation', { env: PRODUCTION }, (t) => {
  it('publishes no demo credentials, whatever the database', async () => {
    const response = await t.app.inject({ url: '/api/site/demo-credentials', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: en.notFound } });
    expect(response.body).not.toContain(TEST_ADMIN_EMAIL);
  });

  it.each(['customer', 'clinic'] as const)(
    'gives whoever registers ADMIN_EMAIL (tab %s) the chosen role, not admin',
    async (role) => {
      const session = await signUpWith(createAuthClient(t.app), newAccount({ email: TEST_ADMIN_EMAIL, role }));
      expect(session.user.app_metadata.role).toBe(role);
      expect((await t.app.inject({ url: '/api/admin/stats', headers: bearer(session.access_token) })).statusCode).toBe(
        403,
      );
      expect(
        (await t.app.inject({ url: '/api/me/profile', headers: bearer(session.access_token) })).json(),
      ).toMatchObject({ role });
    },
  );

  it('has its admin made by npm run admin:create, and the overview does not call it a demo', async () => {
    const { generatedPassword } = await createOrPromoteAdmin(t.db, { email: TEST_ADMIN_EMAIL });
    const { data, error } = await createAuthClient(t.app).signInWithPassword({
      email: TEST_ADMIN_EMAIL,
      password: String(generatedPassword),
    });
    expect(error).toBeNull();
    const stats = await t.app.inject({ url: '/api/admin/stats', headers: bearer(data.session?.access_token ?? '') });
    expect(stats.statusCode).toBe(200);
    expect(AdminStatsSchema.parse(stats.json()).demo).toBe(false);
  });
});

describeEachEngine('a production installation with SEED_DEMO=1', { env: { ...PRODUCTION, SEED_DEMO: '1' } }, (t) => {
  it('publishes the demo logins, saying that its admin is made with npm run admin:create', async () => {
    const response = await t.app.inject({ url: '/api/site/demo-credentials' });
    expect(response.statusCode).toBe(200);
    expect(DemoCredentialsSchema.parse(response.json())).toEqual({
      adminEmail: TEST_ADMIN_EMAIL,
      adminSetup: 'admin-create',
      accounts: DEMO_ACCOUNTS.map((account) => ({ ...account })),
    });
  });

  it('still gives whoever registers ADMIN_EMAIL no admin role', async () => {
    const session = await signUpWith(createAuthClient(t.app), newAccount({ email: TEST_ADMIN_EMAIL }));
    expect(session.user.app_metadata.role).toBe('customer');
    expect((await t.app.inject({ url: '/api/admin/stats', headers: bearer(session.access_token) })).statusCode).toBe(
      403,
    );
  });

  it("tells the admin's overview that the installation is a demo", async () => {
    const { generatedPassword } = await createOrPromoteAdmin(t.db, { email: TEST_ADMIN_EMAIL });
    const { data } = await createAuthClient(t.app).signInWithPassword({
      email: TEST_ADMIN_EMAIL,
      password: String(generatedPassword),
    });
    const stats = await t.app.inject({ url: '/api/admin/stats', headers: bearer(data.session?.access_token ?? '') });
    expect(AdminStatsSchema.parse(stats.json())).toMatchObject({ demo: true });
  });
});
