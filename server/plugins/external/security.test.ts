import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_SCRIPT } from '../../../contracts/session-hint.ts';
import { profiles } from '../../db/schema/index.ts';
import { bearer, signUpAs } from '../../testing/auth-client.ts';
import {
  certificateNumberOf,
  createTestApp,
  describeEachEngine,
  insertClinics,
  type TestApp,
} from '../../testing/test-app.ts';

// Issue 12 point 7: the security headers of every route family, and CORS closed to foreign origins.

const webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8'),
);
writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const EVIL_ORIGIN = 'https://evil.example';
const JWT_SECRET = 'security-test-secret-of-at-least-32-characters';

/** The directives of a Content-Security-Policy header by name, each with its sources. */
function directives(header: unknown): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/** The headers every answer carries, whatever its route; `frameable` only for the badge. */
function expectSecurityHeaders(response: LightMyRequestResponse, { frameable = false } = {}) {
  const { headers } = response;
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts?.some((source) => source === '*' || /^https?:$/.test(source) || source === 'data:')).toBe(false);
  // No inline script but the session hint, by its hash (docs/decisions/025-session-known-at-first-paint.md).
  const sessionHint = `'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`;
  expect(scripts?.filter((source) => source !== "'self'" && source !== sessionHint)).toEqual([]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  // No document is framed (the admin's PDF preview draws with pdf.js, issue 27 point 8): no blob: frames.
  expect(csp.get('frame-src') ?? csp.get('default-src')).not.toContain('blob:');
  // pdf.js's worker is one of the app's own scripts: worker-src falls back to script-src 'self'.
  expect(csp.get('worker-src') ?? scripts).toContain("'self'");
  // Without MAP_STYLE_URL nothing may be fetched from another origin (issue 24 point 4).
  expect(csp.get('connect-src') ?? csp.get('default-src')).toEqual(["'self'"]);
  if (frameable) {
    expect(csp.get('frame-ancestors')).toEqual(['*']);
    expect(headers['x-frame-options']).toBeUndefined();
  } else {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['x-frame-options']).toBe('DENY');
  }
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  // helmet's other defaults, on every answer as well.
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-dns-prefetch-control']).toBe('off');
}

function expectNoCors(response: LightMyRequestResponse) {
  const granted = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
  expect(granted).toEqual([]);
}

interface Family {
  name: string;
  request: InjectOptions;
  status: number;
  frameable?: boolean;
}

describeEachEngine('security headers', { webRoot }, (t) => {
  let slug: string;
  let certificateNumber: string;
  let clinicId: string;
  let customerToken: string;

  /** Each test starts from the seeded data: what the families point at is made again in each. */
  async function prepareWorld() {
    [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Säkra Kliniken', city: 'Malmö' }]);
    certificateNumber = await certificateNumberOf(t.db, clinicId);
    const [row] = await t.db.select({ slug: profiles.slug }).from(profiles).where(eq(profiles.id, clinicId));
    slug = row?.slug ?? '';
    customerToken = (await signUpAs(t.app, 'customer')).token;
  }

  /** One request of each kind the app answers: pages, server-rendered heads, JSON, auth, crawlers, files and misses. */
  function families(): Family[] {
    return [
      { name: 'web app page /', request: { url: '/' }, status: 200 },
      { name: 'web app page deep link', request: { url: '/om-oss' }, status: 200 },
      { name: 'server-rendered /kliniker/:slug', request: { url: `/kliniker/${slug}` }, status: 200 },
      { name: 'server-rendered /kliniker/:slug unknown', request: { url: '/kliniker/finns-inte' }, status: 404 },
      { name: 'server-rendered /verifiera/:nr', request: { url: `/verifiera/${certificateNumber}` }, status: 200 },
      { name: 'server-rendered /verifiera/:nr unknown', request: { url: '/verifiera/CK-0000-000000' }, status: 404 },
      { name: 'public JSON /api/clinics', request: { url: '/api/clinics' }, status: 200 },
      { name: 'public JSON /api/badge/:id', request: { url: `/api/badge/${clinicId}` }, status: 200 },
      {
        name: 'open API /api/public/certificates/:nr',
        request: { url: `/api/public/certificates/${certificateNumber}` },
        status: 200,
      },
      {
        name: 'signed-in JSON /api/me/profile',
        request: { url: '/api/me/profile', headers: bearer(customerToken) },
        status: 200,
      },
      { name: 'signed-out JSON /api/me/profile', request: { url: '/api/me/profile' }, status: 401 },
      { name: 'invalid JSON request', request: { url: '/api/clinics?limit=-1' }, status: 400 },
      { name: 'auth /auth/v1/user', request: { url: '/auth/v1/user', headers: bearer(customerToken) }, status: 200 },
      {
        name: 'auth /auth/v1/token refused',
        request: {
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: 'ingen@test.example', password: 'fel-lösenord' },
        },
        status: 400,
      },
      { name: 'OpenAPI document', request: { url: '/api/docs/json' }, status: 200 },
      { name: 'OpenAPI viewer', request: { url: '/api/docs' }, status: 200 },
      { name: 'OpenAPI viewer script', request: { url: '/api/docs/static/swagger-initializer.js' }, status: 200 },
      { name: 'sitemap', request: { url: '/sitemap.xml' }, status: 200 },
      { name: 'robots.txt', request: { url: '/robots.txt' }, status: 200 },
      { name: 'hashed asset', request: { url: '/assets/index-abc123.js' }, status: 200 },
      { name: 'root file', request: { url: '/favicon.svg' }, status: 200 },
      { name: 'missing asset', request: { url: '/assets/finns-inte.js' }, status: 404 },
      { name: 'unknown /api path', request: { url: '/api/finns-inte' }, status: 404 },
      { name: 'unknown /auth/v1 path', request: { url: '/auth/v1/finns-inte' }, status: 404 },
      // Answered by Fastify before routing (server/plugins/app/errors.ts sendFrameworkError).
      { name: 'path parameter with a broken %-escape', request: { url: '/api/badge/%E0%A4%A' }, status: 400 },
      // A GET would reach the web app's wildcard route instead (a 404); no POST route has one.
      {
        name: 'path parameter over maxParamLength',
        request: { method: 'POST', url: `/api/admin/clinics/${'x'.repeat(500)}/approve` },
        status: 400,
      },
      { name: 'server-rendered /kliniker/:slug with NUL', request: { url: '/kliniker/a%00b' }, status: 404 },
      { name: 'badge', request: { url: `/badge?id=${clinicId}` }, status: 200, frameable: true },
      { name: 'badge without id', request: { url: '/badge' }, status: 400, frameable: true },
    ];
  }

  it('come with every route family, and only the badge may be framed', async () => {
    await prepareWorld();
    for (const family of families()) {
      const response = await t.app.inject(family.request);
      expect
        .soft({ family: family.name, status: response.statusCode })
        .toEqual({ family: family.name, status: family.status });
      try {
        expectSecurityHeaders(response, { frameable: family.frameable });
        expect(response.headers['strict-transport-security']).toBeUndefined();
      } catch (error) {
        throw new Error(`${family.name}: ${(error as Error).message}`, { cause: error });
      }
    }
  });

  it('are the same on an answer Fastify gives before routing as on any other', async () => {
    const routed = await t.app.inject({ url: '/api/finns-inte' });
    const unrouted = await t.app.inject({ url: '/api/badge/%E0%A4%A' });
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'strict-transport-security',
    ]) {
      expect(unrouted.headers[name], name).toEqual(routed.headers[name]);
    }
  });

  it('keep the page heads of the server free of inline scripts that would need unsafe-inline', async () => {
    await prepareWorld();
    for (const url of ['/', `/kliniker/${slug}`, `/verifiera/${certificateNumber}`]) {
      const { body } = await t.app.inject({ url });
      // Only external module scripts and JSON-LD data blocks, which CSP does not treat as script.
      const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/g)];
      expect(inline, url).toEqual([]);
    }
  });

  describe('in production', () => {
    let production: TestApp;
    beforeAll(async () => {
      production = await createTestApp({
        database: t.handle,
        webRoot,
        env: { NODE_ENV: 'production', JWT_SECRET, SITE_URL: 'https://klinik.example' },
      });
    });
    afterAll(async () => {
      await production.close();
    });

    it('add HSTS to every route family, the badge included', async () => {
      await prepareWorld();
      for (const family of families()) {
        // The tokens are of the other app's secret: the signed-in families answer 401 here, with the same headers.
        const response = await production.app.inject(family.request);
        try {
          expectSecurityHeaders(response, { frameable: family.frameable });
          expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        } catch (error) {
          throw new Error(`${family.name}: ${(error as Error).message}`, { cause: error });
        }
      }
    });
  });

  describe('with a map (MAP_STYLE_URL)', () => {
    let withMap: TestApp;
    beforeAll(async () => {
      withMap = await createTestApp({
        database: t.handle,
        webRoot,
        env: { MAP_STYLE_URL: 'https://tiles.example/styles/liberty.json' },
      });
    });
    afterAll(async () => {
      await withMap.close();
    });

    it("let the browser fetch and draw from the style's origin only, and tell the app the style", async () => {
      for (const url of ['/', '/kliniker', '/api/site/settings']) {
        const csp = directives((await withMap.app.inject({ url })).headers['content-security-policy']);
        expect(csp.get('connect-src'), url).toEqual(["'self'", 'https://tiles.example']);
        expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example']);
        // MapLibre's worker is a file of the build: scripts and workers stay the app's own.
        expect(
          csp.get('script-src')?.filter((source) => !source.startsWith("'sha256-")),
          url,
        ).toEqual(["'self'"]);
        expect(csp.get('worker-src'), url).toBeUndefined();
      }
      const settings = await withMap.app.inject({ url: '/api/site/settings' });
      expect(settings.json()).toMatchObject({ mapStyleUrl: 'https://tiles.example/styles/liberty.json' });
    });
  });

  describe('CORS', () => {
    const foreignRequests = (): InjectOptions[] => [
      { url: '/api/clinics' },
      // The site's own verification and badge: the open API is /api/public alone.
      { url: `/api/certificates/${certificateNumber}` },
      { url: `/api/badge/${clinicId}` },
      { url: '/api/me/profile', headers: bearer(customerToken) },
      { url: '/api/site/content' },
      {
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Eve', email: 'eve@evil.example', subject: 'Hej', message: 'Hej' },
      },
      { url: '/auth/v1/user', headers: bearer(customerToken) },
      {
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: 'eve@evil.example', password: 'lösenord-som-inte-finns' },
      },
      { method: 'POST', url: '/auth/v1/logout', headers: bearer(customerToken) },
    ];

    it('grants a foreign origin nothing on /api and /auth/v1', async () => {
      await prepareWorld();
      for (const request of foreignRequests()) {
        const response = await t.app.inject({ ...request, headers: { ...request.headers, origin: EVIL_ORIGIN } });
        expect(response.statusCode, `${request.method ?? 'GET'} ${request.url as string}`).toBeLessThan(500);
        expectNoCors(response);
      }
    });

    it('grants no preflight to a foreign origin', async () => {
      await prepareWorld();
      for (const request of foreignRequests()) {
        const response = await t.app.inject({
          method: 'OPTIONS',
          url: request.url as string,
          headers: {
            origin: EVIL_ORIGIN,
            'access-control-request-method': request.method ?? 'GET',
            'access-control-request-headers': 'authorization, content-type',
          },
        });
        expect(response.statusCode, `OPTIONS ${request.url as string}`).toBeGreaterThanOrEqual(400);
        expectNoCors(response);
        expectSecurityHeaders(response);
      }
    });

    it('answers any origin on the open verification API, for GET and its preflight only', async () => {
      await prepareWorld();
      const reads: InjectOptions[] = [
        { url: `/api/public/certificates/${certificateNumber}` },
        { url: '/api/public/certificates?name=Säkra' },
        // Its refusals too, so that another site can tell why.
        { url: '/api/public/certificates/CK-0000-000000' },
        { url: '/api/public/certificates' },
      ];
      for (const request of reads) {
        const response = await t.app.inject({ ...request, headers: { origin: EVIL_ORIGIN } });
        expect(response.statusCode, request.url as string).toBeLessThan(500);
        expect(response.headers['access-control-allow-origin'], request.url as string).toBe('*');
        // Never with credentials: nothing of a signed-in visitor is sent along.
        expect(response.headers['access-control-allow-credentials']).toBeUndefined();
        expectSecurityHeaders(response);
      }
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: `/api/public/certificates/${certificateNumber}`,
        headers: { origin: EVIL_ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toBe('GET');
      expectSecurityHeaders(preflight);
      // Nothing but GET: no route writes through it, whatever a foreign page sends.
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const write = await t.app.inject({
          method,
          url: `/api/public/certificates/${certificateNumber}`,
          headers: { origin: EVIL_ORIGIN },
          payload: {},
        });
        expect(write.statusCode, method).toBe(404);
      }
    });

    it('keeps same-origin requests working: the web app signs in and reads with its own origin', async () => {
      const origin = 'http://127.0.0.1:3000';
      const account = { email: 'samma@test.example', password: 'ett-bra-lösenord' };
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { origin },
        payload: { ...account, data: { full_name: 'Samma Ursprung', role: 'customer' } },
      });
      expect(signUp.statusCode).toBe(200);
      const token = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { origin },
        payload: account,
      });
      expect(token.statusCode).toBe(200);
      const profile = await t.app.inject({
        url: '/api/me/profile',
        headers: { origin, ...bearer(token.json<{ access_token: string }>().access_token) },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ email: account.email });
    });
  });
});
