import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { paths } from '../web/config/paths.ts';
import { expect, type Role, test } from './fixtures.ts';

// Issue #13 point 6: axe on every route of the router, in Swedish and in English, signed in as the
// role the route needs, with no serious or critical violation (WCAG 2.0 and 2.1, A and AA).
// The routes of one role share one page session: one sign-in, one test per role and language.

type Access = 'public' | Role;

interface RouteCheck {
  /** The route's path as web/app/router.tsx declares it (`/kliniker/:slug`); several checks may share one. */
  route: string;
  access: Access;
  /** The address to open, or how to find it in the demo data (server/services/demo/seed.ts). */
  url: string | ((context: { page: Page; request: APIRequestContext }) => Promise<string>);
  /** Served by the server, not the router (the embeddable badge). */
  outsideRouter?: boolean;
}

/** A register clinic of the demo data, certified and public. */
const DEMO_CLINIC_SLUG = 'klara-hudmottagning';
const DEMO_CLINIC_NAME = 'Klara Hudmottagning';
/** A demo clinic whose application is sent in and waits for the admin. */
const SENT_IN_CLINIC = 'Granskas Hudvård';

async function demoCertificateNumber(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/api/clinics/by-slug/${DEMO_CLINIC_SLUG}`);
  expect(response.ok(), `${DEMO_CLINIC_SLUG} is in the demo register`).toBe(true);
  const clinic = (await response.json()) as { certificate?: { number: string } | null };
  if (!clinic.certificate?.number) throw new Error(`${DEMO_CLINIC_SLUG} shows no certificate`);
  return clinic.certificate.number;
}

async function demoClinicId(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/api/clinics?search=${encodeURIComponent(DEMO_CLINIC_NAME)}`);
  const { items } = (await response.json()) as { items: { id: string; fullName: string }[] };
  const clinic = items.find((item) => item.fullName === DEMO_CLINIC_NAME);
  if (!clinic) throw new Error(`${DEMO_CLINIC_NAME} is not in the demo register`);
  return clinic.id;
}

/** The review page of the demo application that waits, reached from the list as the admin reaches it. */
async function sentInApplication(page: Page): Promise<string> {
  await page.goto('/admin/applications');
  const link = page.getByRole('row').filter({ hasText: SENT_IN_CLINIC }).getByRole('link', { name: SENT_IN_CLINIC });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`${SENT_IN_CLINIC} has no link in the applications list`);
  return href;
}

/** Where the first link into `prefix` on the page at `url` leads: reached as its user reaches it, in either language. */
async function linkOnPage(page: Page, url: string, prefix: string): Promise<string> {
  await page.goto(url);
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`No link into ${prefix} on ${url}`);
  return href;
}

// Every route of the router (checked against web/app/router.tsx below), and the badge.
const ROUTES: RouteCheck[] = [
  { route: '/', access: 'public', url: '/' },
  { route: '/om-oss', access: 'public', url: '/om-oss' },
  { route: '/for-kliniker', access: 'public', url: '/for-kliniker' },
  { route: '/for-kunder', access: 'public', url: '/for-kunder' },
  { route: '/kliniker', access: 'public', url: '/kliniker' },
  { route: '/kliniker/:slug', access: 'public', url: `/kliniker/${DEMO_CLINIC_SLUG}` },
  { route: '/verifiera/:number?', access: 'public', url: '/verifiera' },
  {
    route: '/verifiera/:number?',
    access: 'public',
    url: async ({ request }) => `/verifiera/${await demoCertificateNumber(request)}`,
  },
  { route: '/vanliga-fragor', access: 'public', url: '/vanliga-fragor' },
  { route: '/sa-granskar-vi-omdomen', access: 'public', url: '/sa-granskar-vi-omdomen' },
  { route: '/integritet', access: 'public', url: '/integritet' },
  // An invitation link that matches none: the page that says so (the signed-out and form states: reviews.spec.ts).
  { route: '/omdome/:token', access: 'public', url: '/omdome/ingen-sadan-inbjudan' },
  { route: '/kontakta-oss', access: 'public', url: '/kontakta-oss' },
  { route: '/quick-links', access: 'public', url: '/quick-links' },
  { route: '/credentials', access: 'public', url: '/credentials' },
  { route: '/login', access: 'public', url: '/login' },
  { route: '/register', access: 'public', url: '/register' },
  { route: '/admin/login', access: 'public', url: '/admin/login' },
  { route: '/glomt-losenord', access: 'public', url: '/glomt-losenord' },
  { route: '/reset-password', access: 'public', url: '/reset-password' },
  { route: '/confirm-email', access: 'public', url: '/confirm-email' },
  { route: '*', access: 'public', url: '/finns-inte' },
  {
    route: '/badge',
    access: 'public',
    url: async ({ request }) => `/badge?id=${await demoClinicId(request)}`,
    outsideRouter: true,
  },

  { route: '/dashboard', access: 'customer', url: '/dashboard' },
  { route: '/dashboard/bookings', access: 'customer', url: '/dashboard/bookings' },
  { route: '/dashboard/followed', access: 'customer', url: '/dashboard/followed' },
  { route: '/dashboard/messages', access: 'customer', url: '/dashboard/messages' },
  { route: '/dashboard/reports', access: 'customer', url: '/dashboard/reports' },
  { route: '/dashboard/settings', access: 'customer', url: '/dashboard/settings' },

  { route: '/clinic-dashboard', access: 'clinic', url: '/clinic-dashboard' },
  { route: '/clinic-dashboard/application', access: 'clinic', url: '/clinic-dashboard/application' },
  { route: '/clinic-dashboard/certification', access: 'clinic', url: '/clinic-dashboard/certification' },
  { route: '/clinic-dashboard/reviews', access: 'clinic', url: '/clinic-dashboard/reviews' },
  { route: '/clinic-dashboard/messages', access: 'clinic', url: '/clinic-dashboard/messages' },
  { route: '/clinic-dashboard/payments', access: 'clinic', url: '/clinic-dashboard/payments' },
  { route: '/clinic-dashboard/payments/success', access: 'clinic', url: '/clinic-dashboard/payments/success' },
  { route: '/clinic-dashboard/payments/cancelled', access: 'clinic', url: '/clinic-dashboard/payments/cancelled' },
  // The demo clinic's receipt for last year, reached from its payments page.
  {
    route: '/clinic-dashboard/payments/:paymentId',
    access: 'clinic',
    url: ({ page }) => linkOnPage(page, '/clinic-dashboard/payments', '/clinic-dashboard/payments/'),
  },
  { route: '/clinic-dashboard/settings', access: 'clinic', url: '/clinic-dashboard/settings' },

  { route: '/admin', access: 'admin', url: '/admin' },
  { route: '/admin/applications', access: 'admin', url: '/admin/applications' },
  { route: '/admin/applications/:clinicId', access: 'admin', url: ({ page }) => sentInApplication(page) },
  { route: '/admin/messages', access: 'admin', url: '/admin/messages' },
  { route: '/admin/clinics', access: 'admin', url: '/admin/clinics' },
  { route: '/admin/users', access: 'admin', url: '/admin/users' },
  { route: '/admin/reports', access: 'admin', url: '/admin/reports' },
  { route: '/admin/reviews', access: 'admin', url: '/admin/reviews' },
  { route: '/admin/payments', access: 'admin', url: '/admin/payments' },
  {
    route: '/admin/payments/:paymentId',
    access: 'admin',
    url: ({ page }) => linkOnPage(page, '/admin/payments?status=invoiced', '/admin/payments/'),
  },
  { route: '/admin/cms', access: 'admin', url: '/admin/cms' },
  { route: '/admin/settings', access: 'admin', url: '/admin/settings' },
];

const LANGUAGES = ['sv', 'en'] as const;
const ACCESS: Access[] = ['public', 'customer', 'clinic', 'admin'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** `?lng=` is the first place the language detector looks (web/lib/i18n.ts); the badge page reads it too. */
function withLanguage(url: string, language: string): string {
  const address = new URL(url, 'http://localhost');
  address.searchParams.set('lng', language);
  return `${address.pathname}${address.search}`;
}

/** The page has its content: its one h1, and no skeleton or list still loading. */
async function waitForContent(page: Page, language: string) {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
  // The fonts change colours and sizes axe measures.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    at ${node.target.join(' ')}\n       ${node.html.slice(0, 200)}\n       ${(node.failureSummary ?? '').replace(/\n/g, '\n       ')}`,
        )
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    and ${violation.nodes.length - 5} more` : '';
      return `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    });
}

for (const access of ACCESS) {
  const routes = ROUTES.filter((route) => route.access === access);
  for (const language of LANGUAGES) {
    test(`axe: every ${access === 'public' ? 'public page, signed out' : `page of the ${access}`} in ${language} (${routes.length} pages)`, async ({
      page,
      request,
      login,
    }) => {
      test.setTimeout(20_000 + routes.length * 15_000);
      if (access !== 'public') await login(access);

      for (const check of routes) {
        const url = typeof check.url === 'string' ? check.url : await check.url({ page, request });
        await test.step(`${url} (${check.route})`, async () => {
          await page.goto(withLanguage(url, language));
          await waitForContent(page, language);
          // A guarded page that sent us elsewhere would check the wrong page.
          expect(new URL(page.url()).pathname).toBe(new URL(url, 'http://localhost').pathname);
          const results = await new AxeBuilder({ page })
            .withTags(TAGS)
            .options({ resultTypes: ['violations'] })
            // One axe.run in the page instead of a run per frame merged in a blank page of its own:
            // half the time, and the app has no frames (the badge is framed by other sites, not here).
            .setLegacyMode(true)
            .analyze();
          const failing = describeViolations(results.violations);
          expect
            .soft(
              failing.length,
              `serious or critical axe violations on ${url} in ${language}:\n\n${failing.join('\n\n')}\n`,
            )
            .toBe(0);
        });
      }
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// The table must keep up with the router: every path web/app/router.tsx declares is checked above.

const root = path.resolve(import.meta.dirname, '..');

/** `paths.x` of web/config/paths.ts: its entries that are paths (not href builders). */
function readPaths(): Map<string, string> {
  // The values as the app has them (a path may come from contracts/, as the contact page's does).
  return new Map(
    Object.entries(paths).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as const] : [])),
  );
}

/** The text between the bracket at `start` and its partner. */
function bracketed(source: string, start: number): string {
  const open = source[start];
  const close = open === '[' ? ']' : open === '(' ? ')' : '}';
  let depth = 0;
  for (let index = start; index < source.length; index++) {
    if (source[index] === open) depth++;
    else if (source[index] === close && --depth === 0) return source.slice(start + 1, index);
  }
  throw new Error(`web/app/router.tsx: unbalanced ${open} at ${start}`);
}

/**
 * The file without comments, type declarations and the body of `function dashboardArea` (which
 * spells its paths as variables): what is left declares the routes.
 */
function withoutDefinitions(source: string): string {
  let text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of [...text.matchAll(/^(?:export )?interface \w+[^{]*\{/gm)].reverse()) {
    const open = (match.index ?? 0) + match[0].length - 1;
    text = text.slice(0, match.index) + text.slice(open + bracketed(text, open).length + 2);
  }
  const definition = text.search(/\bfunction dashboardArea\(/);
  if (definition >= 0) {
    const parameters = text.indexOf('(', definition);
    const body = text.indexOf('{', parameters + bracketed(text, parameters).length + 2);
    text = text.slice(0, definition) + text.slice(body + bracketed(text, body).length + 2);
  }
  return text;
}

/**
 * The full paths of the router: `path:` entries of the public routes (a `paths.x`, a template on one,
 * or a literal) and the `dashboardArea(paths.x, load, [segments])` areas with their index and segments.
 * Anything it cannot read fails the test instead of being skipped.
 */
function routerPaths(): string[] {
  const known = readPaths();
  const resolve = (name: string) => {
    const value = known.get(name);
    if (value === undefined)
      throw new Error(`web/app/router.tsx uses paths.${name}, which web/config/paths.ts does not define`);
    return value;
  };
  const expression = (text: string): string => {
    const trimmed = text.trim();
    let match = /^paths\.(\w+)$/.exec(trimmed);
    if (match) return resolve(match[1] ?? '');
    match = /^'([^']*)'$/.exec(trimmed);
    if (match) return match[1] ?? '';
    match = /^`([^`]*)`$/.exec(trimmed);
    if (match) return (match[1] ?? '').replace(/\$\{paths\.(\w+)\}/g, (_all, name: string) => resolve(name));
    throw new Error(`web/app/router.tsx: cannot read the path ${trimmed}`);
  };

  let routes = withoutDefinitions(readFileSync(path.join(root, 'web/app/router.tsx'), 'utf8'));
  const found: string[] = [];

  // The areas first, then cut out, so that their segments are not read as top-level paths.
  for (;;) {
    const at = routes.search(/\bdashboardArea\(/);
    if (at < 0) break;
    const call = bracketed(routes, at + 'dashboardArea'.length);
    const base = expression(call.slice(0, call.indexOf(',')));
    const listStart = call.indexOf('[');
    if (listStart < 0) throw new Error(`web/app/router.tsx: dashboardArea(${base}) has no segment list`);
    const segments = bracketed(call, listStart).replace(/exportName:\s*'[^']*'/g, '');
    found.push(base);
    for (const match of segments.matchAll(/'([^']+)'/g)) found.push(`${base}/${match[1]}`);
    routes = routes.slice(0, at) + routes.slice(at + 'dashboardArea'.length + call.length + 2);
  }
  // Route objects (`path: paths.x`) or JSX routes (`path={paths.x}`, `path="/x"`).
  const PATH = /\bpath(?::\s*|=\{\s*)(paths\.\w+|'[^']*'|`[^`]*`)|\bpath="([^"]*)"/g;
  for (const match of routes.matchAll(PATH)) found.push(match[2] ?? expression(match[1] ?? ''));
  // A path spelt some other way (a variable, a call) would be missed silently: refuse it.
  const unread = [...routes.replace(PATH, '').matchAll(/\bpath\s*[:=]\s*([^,}\s]+)/g)].map((match) => match[1]);
  if (unread.length > 0) throw new Error(`web/app/router.tsx: cannot read the paths ${unread.join(', ')}`);
  if (found.length === 0) throw new Error('web/app/router.tsx: no route paths found');
  return found;
}

test('the accessibility table lists every route of the router', () => {
  const declared = routerPaths();
  // Sanity: the reader found the areas and the public pages.
  expect(declared).toEqual(expect.arrayContaining(['/', '*', '/dashboard', '/admin/applications/:clinicId']));
  const checked = new Set(ROUTES.filter((route) => !route.outsideRouter).map((route) => route.route));
  expect(
    declared.filter((route) => !checked.has(route)),
    'routes of web/app/router.tsx missing from ROUTES in e2e/accessibility.spec.ts',
  ).toEqual([]);
  expect(
    [...checked].filter((route) => !declared.includes(route)),
    'routes in ROUTES that web/app/router.tsx does not have',
  ).toEqual([]);
});
