import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema } from '../contracts/errors.ts';
import badgeEn from '../contracts/locales/en/badge.json' with { type: 'json' };
import en from '../contracts/locales/en/validation.json' with { type: 'json' };
import badgeSv from '../contracts/locales/sv/badge.json' with { type: 'json' };
import sv from '../contracts/locales/sv/validation.json' with { type: 'json' };
import { buildApp } from './app.ts';
import { siteContent } from './db/schema/index.ts';
import { openDatabase, queryRows } from './db/client.ts';
import { DEMO_CLINICS, seedDemoClinics, seedSiteContent } from './services/demo/seed.ts';
import { loadEnv } from './env.ts';
import { createTestApp, describeEachEngine, listTables, type TestApp } from './testing/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Routes the product has no need of yet, to reach the error handling of a body and of a crash. */
function addProbeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/test-probe', { schema: { body: z.object({ name: z.string().min(1) }) } }, async (request) => ({
    hello: request.body.name,
  }));
  api.get('/api/test-crash', async () => {
    throw new Error('connection string postgres://secret@db/prod');
  });
}

describeEachEngine('app', { extend: addProbeRoutes }, (t) => {
  describe('security headers', () => {
    it('come with every answer', async () => {
      for (const url of ['/api/health', '/api/clinics', '/api/no-such-thing']) {
        const { headers } = await t.app.inject({ url });
        const csp = String(headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-eval');
        expect(headers['x-frame-options']).toBe('DENY');
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        // Production only (server/plugins/external/security.test.ts).
        expect(headers['strict-transport-security']).toBeUndefined();
        expect(headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(headers['x-powered-by']).toBeUndefined();
      }
    });
  });

  describe('request id', () => {
    it('is a fresh UUID in x-request-id on every answer, failures included', async () => {
      const ids = [];
      for (const url of ['/api/health', '/api/health', '/api/no-such-thing', '/api/clinics?limit=0']) {
        const response = await t.app.inject({ url });
        expect(response.headers['x-request-id']).toMatch(UUID);
        ids.push(response.headers['x-request-id']);
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('is not taken from the client', async () => {
      const response = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'chosen-by-client' } });
      expect(response.headers['x-request-id']).toMatch(UUID);
    });
  });

  describe('GET /api/health', () => {
    it('answers 200 with the database reachable', async () => {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });

  describe('unknown /api path', () => {
    it.each(['GET', 'POST', 'DELETE'] as const)('%s answers 404 with the error shape in JSON', async (method) => {
      const response = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(ApiErrorSchema.parse(response.json())).toEqual({ error: { code: 'not_found', message: sv.notFound } });
    });

    it('speaks English when asked', async () => {
      const response = await t.app.inject({
        url: '/api/no-such-thing',
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(response.json()).toEqual({ error: { code: 'not_found', message: en.notFound } });
    });

    it('is a 404 without a built web app for page paths as well', async () => {
      const response = await t.app.inject({ url: '/kliniker' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    });
  });

  describe('request bodies', () => {
    it('answers 400, not 500, to malformed JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Åsa",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'invalid_json', message: sv.invalidJson } });
    });

    it('answers 400 in English to malformed JSON when asked', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: 'not json at all',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'invalid_json', message: en.invalidJson } });
    });

    it('answers 400 with issues to JSON of the wrong shape', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/test-probe', payload: { name: '' } });
      expect(response.statusCode).toBe(400);
      const { error } = ApiErrorSchema.parse(response.json());
      expect(error.code).toBe('invalid_request');
      expect(error.issues).toEqual([{ path: ['name'], message: expect.any(String) }]);
    });

    it('answers 4xx, not 500, to an empty body or one of an unknown type', async () => {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(ApiErrorSchema.safeParse(empty.json()).success).toBe(true);

      const text = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        headers: { 'content-type': 'text/plain' },
        payload: 'name=Åsa',
      });
      expect(text.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(text.json()).error.code).toBe('invalid_request');

      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        headers: { 'content-type': 'application/xml' },
        payload: '<name>Åsa</name>',
      });
      expect(xml.statusCode).toBe(415);
      expect(ApiErrorSchema.parse(xml.json()).error.code).toBe('unsupported_media_type');
    });

    it('answers 413 to a body over 1 MB', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        payload: { name: 'x'.repeat(1024 * 1024) },
      });
      expect(response.statusCode).toBe(413);
      expect(ApiErrorSchema.parse(response.json()).error).toMatchObject({
        code: 'payload_too_large',
        message: sv.payloadTooLarge,
      });
    });
  });

  describe('a failure inside a route', () => {
    it('answers 500 with the error shape and no internals', async () => {
      const response = await t.app.inject({ url: '/api/test-crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'internal', message: sv.internal } });
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('at ');
    });
  });

  describe('migrations and seeds, as the server runs them at every start', () => {
    async function schemaSnapshot() {
      const query = (text: string) => queryRows(t.db, sql.raw(text));
      return {
        migrations: await query('SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id'),
        columns: await query(
          "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2",
        ),
        indexes: await query("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1"),
        functions: await query(
          "SELECT p.proname, pg_get_functiondef(p.oid) AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.proname LIKE 'ck\\_%' ORDER BY 1",
        ),
        triggers: await query(
          'SELECT tgname, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1',
        ),
      };
    }

    async function rowCounts() {
      const counts: Record<string, number> = {};
      for (const table of await listTables(t.db)) {
        const [row] = await queryRows<{ count: number }>(
          t.db,
          sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`,
        );
        counts[table] = Number(row?.count);
      }
      return counts;
    }

    it('applying the migrations again changes nothing', async () => {
      const before = await schemaSnapshot();
      expect(before.migrations.length).toBeGreaterThan(0);
      expect(before.functions.map((row) => row.proname)).toEqual([
        'ck_assign_clinic_slug',
        'ck_collect_register_search_pairs',
        'ck_collect_register_search_words',
        'ck_collect_register_short_words',
        'ck_collect_register_word_pairs',
        'ck_earth_point',
        'ck_listed_clinics',
        'ck_notify_certificate_event',
        'ck_notify_register_changed',
        'ck_notify_register_changed_by_certificate',
        'ck_recount_clinic_reviews',
        'ck_register_key',
        'ck_register_near_words',
        'ck_register_word_pairs_of',
        'ck_register_words_insert',
        'ck_register_words_of',
        'ck_register_words_update',
        'ck_search_grams',
        'ck_search_key',
        'ck_search_pairs',
        'ck_search_words',
        'ck_slug_base',
        'ck_swedish_sort_key',
        'ck_sync_org_number_fact',
      ]);
      expect(before.triggers.map((row) => row.tgname)).toEqual([
        'certificate_events_notify',
        'certificates_register_changed',
        'clinic_reviews_recount',
        'profiles_assign_clinic_slug',
        'profiles_org_number_fact',
        'profiles_register_changed_delete',
        'profiles_register_changed_update',
        'profiles_register_search_pairs_insert',
        'profiles_register_search_pairs_update',
        'profiles_register_search_words_insert',
        'profiles_register_search_words_update',
        'profiles_register_short_words_insert',
        'profiles_register_short_words_update',
        'profiles_register_word_pairs_insert',
        'profiles_register_word_pairs_update',
        'profiles_register_words_insert',
        'profiles_register_words_update',
      ]);
      await t.handle.migrate();
      await t.handle.migrate();
      expect(await schemaSnapshot()).toEqual(before);
    });

    it('seeding again changes nothing', async () => {
      await seedSiteContent(t.db);
      await seedDemoClinics(t.db);
      const once = await rowCounts();
      expect(once).toMatchObject({
        users: DEMO_CLINICS.length,
        profiles: DEMO_CLINICS.length,
        site_content: 2,
        site_settings: 1,
      });
      await seedSiteContent(t.db);
      await seedDemoClinics(t.db);
      expect(await rowCounts()).toEqual(once);
    });
  });

  describe('OpenAPI', () => {
    it('describes the register at /api/docs/json', async () => {
      const response = await t.app.inject({ url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/clinics/', '/api/health']));
    });
  });

  describe('with a built web app', () => {
    let webRoot: string;
    let testApp: TestApp;

    beforeAll(async () => {
      webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
      mkdirSync(path.join(webRoot, 'assets'));
      writeFileSync(
        path.join(webRoot, 'index.html'),
        '<!doctype html><title>Certifierad Klinik</title><script type="module" crossorigin src="/assets/index-abc123.js"></script><div id="root"></div>',
      );
      writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
      writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      // First screens as the build prerenders them (build/prerender-pages-plugin.ts), with the server's slots.
      for (const language of ['sv', 'en']) mkdirSync(path.join(webRoot, 'prerendered', language), { recursive: true });
      writeFileSync(path.join(webRoot, 'prerendered', 'pages.json'), JSON.stringify(['/', '/login']));
      const screen = (text: string) =>
        `<div id="prerendered-page"><a href="/">@@SITE_TITLE@@</a><h1>${text}</h1></div>`;
      writeFileSync(path.join(webRoot, 'prerendered', 'sv', 'login.html'), screen('Logga in'));
      writeFileSync(path.join(webRoot, 'prerendered', 'en', 'login.html'), screen('Log in'));
      writeFileSync(
        path.join(webRoot, 'prerendered', 'sv', 'index.html'),
        screen('@@HERO_TITLE@@</h1><p>@@HERO_SUBTITLE@@'),
      );
      writeFileSync(
        path.join(webRoot, 'prerendered', 'en', 'index.html'),
        screen('@@HERO_TITLE@@</h1><p>@@HERO_SUBTITLE@@'),
      );
      writeFileSync(path.join(webRoot, 'prerendered', 'sv', 'hemlig.html'), screen('Not a page of the list'));
      testApp = await createTestApp({ database: t.handle, webRoot });
    });

    afterAll(async () => {
      await testApp.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    it.each(['/', '/kliniker?search=g%C3%B6teborg', '/verifiera', '/admin/settings'])(
      'serves index.html for the page path %s, not cached',
      async (url) => {
        const response = await testApp.app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<div id="root">');
      },
    );

    it("sends a prerendered page's first screen before the app's root, in the visitor's language, with the site's title", async () => {
      const swedish = await testApp.app.inject({ url: '/login?next=%2Fdashboard' });
      expect(swedish.body).toContain(
        '<div id="prerendered-page"><a href="/">Certifierad Klinik</a><h1>Logga in</h1></div><div id="root"></div>',
      );
      expect(swedish.headers.vary).toBe('cookie, accept-language');
      expect(swedish.headers['cache-control']).toBe('no-cache');

      const english = await testApp.app.inject({ url: '/login', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
      expect(english.body).toContain('<h1>Log in</h1>');
      const chosen = await testApp.app.inject({
        url: '/login',
        headers: { 'accept-language': 'en', cookie: 'i18next=sv' },
      });
      expect(chosen.body).toContain('<h1>Logga in</h1>');
    });

    it.each([
      { asked: { 'accept-language': 'de, en;q=0.8' }, language: 'en' },
      { asked: { 'accept-language': 'de-DE,de;q=0.9,en-US;q=0.8,sv;q=0.5' }, language: 'en' },
      { asked: { 'accept-language': 'en-GB,sv' }, language: 'en' },
      { asked: { 'accept-language': 'en;q=0.4,sv;q=0.6' }, language: 'sv' },
      { asked: { 'accept-language': 'sv' }, language: 'sv' },
      { asked: {}, language: 'sv' },
      { asked: { 'accept-language': 'fr-FR,fr;q=0.9, en;q=0' }, language: 'sv' },
      { asked: { 'accept-language': 'sv-SE', cookie: 'other=1; i18next=en' }, language: 'en' },
      { asked: { 'accept-language': 'en', cookie: 'i18next=de' }, language: 'en' },
      { asked: { 'accept-language': 'en', cookie: 'i18next=sv' }, query: '?lng=en-GB', language: 'en' },
      { asked: { 'accept-language': 'en' }, query: '?lng=sv', language: 'sv' },
    ])(
      'answers an API error and a page in one language: $language for $asked $query',
      async ({ asked, query = '', language }) => {
        const messages = language === 'en' ? en : sv;
        const error = await testApp.app.inject({ url: `/api/no-such-thing${query}`, headers: asked });
        expect(error.json().error.message).toBe(messages.notFound);
        const page = await testApp.app.inject({ url: `/login${query}`, headers: asked });
        expect(page.body).toContain(language === 'en' ? '<h1>Log in</h1>' : '<h1>Logga in</h1>');
        const badge = await testApp.app.inject({ url: `/badge${query}`, headers: asked });
        expect(badge.body).toContain(`<html lang="${language}">`);
        expect(badge.body).toContain(`<p>${(language === 'en' ? badgeEn : badgeSv).noId}</p>`);
      },
    );

    it("fetches the app's scripts at low priority on a page that is painted without them, and only there", async () => {
      expect((await testApp.app.inject({ url: '/login' })).body).toContain(
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc123.js">',
      );
      expect((await testApp.app.inject({ url: '/admin/settings' })).body).toContain(
        '<script type="module" crossorigin src="/assets/index-abc123.js">',
      );
    });

    it("fills the landing page's hero with the CMS texts, escaped", async () => {
      for (const [contentKey, valueSv] of [
        ['hero_title', 'Hitta en <trygg> klinik'],
        ['hero_subtitle', 'Granskade & certifierade'],
      ] as const) {
        await t.db
          .insert(siteContent)
          .values({ contentKey, valueSv, valueEn: '' })
          .onConflictDoUpdate({ target: siteContent.contentKey, set: { valueSv } });
      }
      const landing = await testApp.app.inject({ url: '/' });
      expect(landing.body).toContain('<h1>Hitta en &#60;trygg&#62; klinik</h1><p>Granskade &#38; certifierade</h1>');
      expect(landing.body).not.toContain('@@');
    });

    it("sends no first screen for a page outside the build's list, even with a file of its name", async () => {
      for (const url of ['/hemlig', '/om-oss', '/admin/login']) {
        const response = await testApp.app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('prerendered-page');
      }
    });

    it('caches hashed assets for a year', async () => {
      const response = await testApp.app.inject({ url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves other built files without long caching', async () => {
      const response = await testApp.app.inject({ url: '/favicon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it.each(['/api/no-such-thing', '/assets/missing-123.js', '/missing.png'])(
      'answers 404 in JSON for %s rather than the page',
      async (url) => {
        const response = await testApp.app.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      },
    );

    it("answers 404 in GoTrue's shape under /auth/v1 rather than the page", async () => {
      const response = await testApp.app.inject({ url: '/auth/v1/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Not Found' });
    });

    it('still answers the API', async () => {
      const response = await testApp.app.inject({ url: '/api/health' });
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });
});

describe('app without its database', () => {
  it('GET /api/health answers 503 when the database cannot be reached', async () => {
    // A PostgreSQL pool connects on first use; nothing listens on a port just released.
    const handle = await openDatabase({ url: `postgres://nobody@127.0.0.1:${await closedPort()}/none`, poolSize: 1 });
    const app = await buildApp({
      db: handle.db,
      env: loadEnv({ NODE_ENV: 'test', JWT_SECRET: 'a-test-secret-of-at-least-32-characters' }),
      webRoot: path.join(tmpdir(), 'no-web-build'),
    });
    try {
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      expect(response.headers['x-request-id']).toMatch(UUID);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
