import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ApiErrorSchema } from '../../contracts/errors.ts';
import { auditLog } from '../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../testing/auth-client.ts';
import { describeEachEngine } from '../testing/test-app.ts';

// What the route fuzzer (routes.fuzz.test.ts) found, kept as plain tests: its seeded runs need not
// meet the same input again.

describeEachEngine('route fuzzer findings', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  it('answers a path parameter Fastify cannot route (a broken %-escape, or over maxParamLength) in the API error shape', async () => {
    for (const url of [
      '/api/badge/%E0%A4%A',
      `/api/admin/clinics/${'x'.repeat(1_000)}/approve`,
      '/api/clinics/by-slug/%ZZ',
    ]) {
      const response = await t.app.inject({ method: url.includes('approve') ? 'POST' : 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).error.code).toBe('invalid_request');
      expect(response.body).not.toContain('FST_');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toBeDefined();
    }
  });

  it('refuses a clinic slug holding NUL instead of failing in the database', async () => {
    const response = await t.app.inject({ url: '/api/clinics/by-slug/a%00b' });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).error.code).toBe('invalid_request');
  });

  it('counts the per-email rate limits of an email holding NUL, or of any length, instead of failing in the database', async () => {
    for (const email of ['\u0000'.repeat(500), 'a\u0000b@test.example', `${'ö1'.repeat(5_000)}@test.example`]) {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        payload: { email, password: 'ett-bra-lösenord' },
      });
      expect(signUp.statusCode, JSON.stringify(email.slice(0, 20))).toBeLessThan(500);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email, password: 'ett-bra-lösenord' },
      });
      expect(signIn.statusCode).toBe(400);
    }
  });

  it('saves and audits site texts holding a lone UTF-16 surrogate, as U+FFFD', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const content = {
      siteTitle: 'Titel \uD800',
      heroTitle: { sv: 'Rubrik', en: 'Heading \uDC00' },
      heroSubtitle: { sv: 'Underrubrik', en: 'Subheading' },
    };
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: bearer(admin.token),
      payload: content,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ siteTitle: 'Titel \uFFFD', heroTitle: { en: 'Heading \uFFFD' } });
    const [entry] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'site.content_edited'));
    expect(entry?.details).toMatchObject({ after: { siteTitle: 'Titel \uFFFD', heroTitle: { en: 'Heading \uFFFD' } } });
  });
});
