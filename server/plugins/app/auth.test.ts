import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import sv from '../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { profiles } from '../../db/schema/index.ts';
import { bearer, createAuthClient, newAccount, signUpWith } from '../../testing/auth-client.ts';
import { describeEachEngine } from '../../testing/test-app.ts';

/** Test-only routes behind the guards, to see requireRole answer per role. */
function addGuardedRoutes(app: FastifyInstance) {
  app.get('/api/test-clinic-only', { onRequest: app.requireRole('clinic') }, async (request) => ({
    role: request.auth?.role,
  }));
  app.get('/api/test-signed-in', { onRequest: app.authenticate }, async (request) => ({
    userId: request.auth?.userId,
  }));
}

describeEachEngine(
  'auth plugin: authenticate and requireRole',
  { extend: addGuardedRoutes, env: { ADMIN_EMAIL: 'chef@klinik.example' } },
  (t) => {
    async function tokenFor(role: 'customer' | 'clinic' | 'admin') {
      const account = role === 'admin' ? newAccount({ email: 'chef@klinik.example' }) : newAccount({ role });
      return (await signUpWith(createAuthClient(t.app), account)).access_token;
    }

    it('lets the allowed role through with request.auth set', async () => {
      const response = await t.app.inject({ url: '/api/test-clinic-only', headers: bearer(await tokenFor('clinic')) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ role: 'clinic' });
    });

    it.each(['customer', 'admin'] as const)('answers 403 to a %s', async (role) => {
      const response = await t.app.inject({ url: '/api/test-clinic-only', headers: bearer(await tokenFor(role)) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'forbidden', message: sv.forbidden } });
    });

    it('authenticate takes the bearer scheme in any case', async () => {
      const token = await tokenFor('customer');
      const response = await t.app.inject({
        url: '/api/test-signed-in',
        headers: { authorization: `bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userId: expect.any(String) });
    });

    it('answers 401 before the role check without a token', async () => {
      const response = await t.app.inject({ url: '/api/test-clinic-only' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: sv.unauthorized } });
    });

    it('reads the role from the profile, so a change counts at once', async () => {
      const token = await tokenFor('customer');
      expect((await t.app.inject({ url: '/api/test-clinic-only', headers: bearer(token) })).statusCode).toBe(403);
      await t.db.update(profiles).set({ role: 'clinic' });
      expect((await t.app.inject({ url: '/api/test-clinic-only', headers: bearer(token) })).statusCode).toBe(200);
    });
  },
);
