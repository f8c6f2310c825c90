import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, test as base, expect, type Page } from '@playwright/test';
import type { AdminFacts } from '../contracts/admin.ts';
import type { ClinicOwnProfile } from '../contracts/clinic-area.ts';
import { AUTH_STORAGE_KEY } from '../contracts/session-hint.ts';
import { completeApplication } from '../server/testing/application.ts';
import { readOutbox } from '../server/testing/outbox.ts';
import type { ClinicMembership } from '../contracts/payments.ts';

export interface AxeOptions {
  /** CSS selector of the part of the page to check; the whole page by default. */
  include?: string;
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

export type Role = 'customer' | 'clinic' | 'admin';

export interface Account {
  email: string;
  password: string;
  fullName: string;
  role: Role;
}

export interface LoginOptions {
  /**
   * A session of its own instead of the one this worker shares between tests for the role: for a
   * test that logs out (which ends the session on the server).
   */
  newSession?: boolean;
  /**
   * A new account of its own (implies a new session): for a test that changes the account (its
   * password, its data). Registrations are rate limited per IP (10 per 10 minutes by default), so
   * only where it matters.
   */
  fresh?: boolean;
}

interface Fixtures {
  /** Checks the page as it is now with axe-core (WCAG 2.2 A and AA); fails on serious or critical violations. */
  axe: (options?: AxeOptions) => Promise<void>;
  /**
   * Signs the page in as `role` without the form (STYLE habit 8): the session is put where auth-js
   * keeps it before the next page loads. Customers and clinics are the seeded demo accounts unless
   * `fresh`; the admin is the ADMIN_EMAIL account, registered through the form on first use.
   */
  login: (role: Role, options?: LoginOptions) => Promise<Account>;
}

const FAILING_IMPACTS = new Set(['serious', 'critical']);

export { AUTH_STORAGE_KEY };

export const ADMIN_PASSWORD = 'Admin-E2E-lösen-2026';
export const ADMIN_NAME = 'Ada Admin';

/** A unique address per call: every spec shares one server and one database. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.se`;
}

interface DemoCredentials {
  adminEmail: string;
  accounts: { role: 'customer' | 'clinic'; email: string; password: string }[];
}

let demoCredentials: Promise<DemoCredentials> | undefined;

/** The seeded demo logins and the configured admin address, as the /credentials page shows them. */
export function getDemoCredentials(request: APIRequestContext): Promise<DemoCredentials> {
  demoCredentials ??= request.get('/api/site/demo-credentials').then(async (response) => {
    expect(response.ok(), 'the e2e server seeds the demo accounts').toBe(true);
    return (await response.json()) as DemoCredentials;
  });
  return demoCredentials;
}

async function demoAccount(request: APIRequestContext, role: 'customer' | 'clinic'): Promise<Account> {
  const { accounts } = await getDemoCredentials(request);
  const account = accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return { ...account, fullName: '', role };
}

type Session = Record<string, unknown> & { access_token: string; user: { user_metadata?: { full_name?: string } } };

async function authPost(request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data, failOnStatusCode: false });
  return { status: response.status(), body: (await response.json()) as Session & { error_code?: string } };
}

/** POST /auth/v1/token?grant_type=password; the session, or null for wrong credentials. */
export async function signInThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session | null> {
  const { status, body } = await authPost(request, '/auth/v1/token?grant_type=password', { email, password });
  if (status === 400) return null;
  expect(status, `signing in ${email}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

/** POST /auth/v1/signup: a new, auto-confirmed account and its session. */
export async function signUpThroughApi(
  request: APIRequestContext,
  role: 'customer' | 'clinic',
  fullName = `E2E ${role}`,
) {
  const account: Account = { email: uniqueEmail(role), password: `Lösen-${Date.now()}`, fullName, role };
  const { status, body } = await authPost(request, '/auth/v1/signup', {
    email: account.email,
    password: account.password,
    data: { full_name: fullName, role },
  });
  expect(status, `registering ${account.email}: ${JSON.stringify(body)}`).toBe(200);
  return { account, session: body };
}

const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A new clinic that has filled in its whole application and uploaded a document, through the API its pages use. */
export async function clinicWithApplication(request: APIRequestContext, name: string) {
  const { account, session } = await signUpThroughApi(request, 'clinic', name);
  const headers = { authorization: `Bearer ${session.access_token}` };
  const application = await request.patch('/api/clinic/application', {
    headers,
    data: completeApplication(`${name} AB`),
  });
  expect(application.ok()).toBe(true);
  const upload = await request.post('/api/clinic/documents', {
    headers,
    multipart: { file: { name: 'Försäkringsbrev.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF } },
  });
  expect(upload.status()).toBe(201);
  // The liability insurance every treatment needs (issue 22), stated as the facts card states it.
  const insurance = await request.post('/api/clinic/facts', {
    headers,
    data: {
      kind: 'liability_insurance',
      insurer: 'Exempel Försäkring AB',
      policyNumber: 'EXEMPEL-P-1001',
      validUntil: '2099-12-31',
    },
  });
  expect(insurance.status(), await insurance.text()).toBe(201);
  await orderMembership(request, headers);
  return { account, session, headers };
}

/** The clinic orders its year's membership by invoice, as its payments page does: sending in needs it (issue 25). */
export async function orderMembership(request: APIRequestContext, headers: Record<string, string>) {
  const membership = (await (await request.get('/api/clinic/membership', { headers })).json()) as ClinicMembership;
  const plan = membership.plans.find((candidate) => candidate.code === 'company');
  const ordered = await request.post('/api/clinic/membership/orders', { headers, data: { planId: plan?.id } });
  expect(ordered.status(), await ordered.text()).toBe(201);
}

/** The admin's bearer header, registering the ADMIN_EMAIL account through the form (in a page of its own) if no test has yet. */
export async function adminHeaders(request: APIRequestContext, browser: Browser) {
  const context = await browser.newContext({ locale: 'sv-SE' });
  const { account } = await ensureAdmin(await context.newPage(), request).finally(() => context.close());
  const session = await signInThroughApi(request, account.email, account.password);
  if (!session) throw new Error('The admin account does not accept its password');
  return { authorization: `Bearer ${session.access_token}` };
}

/** The admin verifies every fact the clinic stated, and its organisation number, through the review's API. */
export async function verifyAllFacts(request: APIRequestContext, admin: Record<string, string>, clinicId: string) {
  const facts = (await (
    await request.get(`/api/admin/clinics/${clinicId}/facts`, { headers: admin })
  ).json()) as AdminFacts;
  for (const fact of facts.facts) {
    const verified = await request.put(`/api/admin/clinics/${clinicId}/facts/${fact.id}`, {
      headers: admin,
      data: { status: 'verified' },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
}

/**
 * A clinic that sent its application in through the API its pages use, its facts verified and its
 * application approved by the admin through theirs.
 */
export async function approvedClinic(request: APIRequestContext, browser: Browser, name: string) {
  const { account, session, headers } = await clinicWithApplication(request, name);
  expect((await request.post('/api/clinic/application/submit', { headers })).ok()).toBe(true);

  const admin = await adminHeaders(request, browser);
  const clinicId = (session.user as unknown as { id: string }).id;
  await verifyAllFacts(request, admin, clinicId);
  const approval = await request.post(`/api/admin/clinics/${clinicId}/approve-application`, { headers: admin });
  expect(approval.ok(), await approval.text()).toBe(true);

  const profile = (await (await request.get('/api/clinic/profile', { headers })).json()) as ClinicOwnProfile;
  if (!profile.certificate) throw new Error('The approval issued no certificate');
  return { account, headers, admin, clinicId, certificate: profile.certificate };
}

let adminExists = false;

/**
 * The ADMIN_EMAIL account. It can be registered only once per server, so whoever needs it first
 * registers it through the form on the customer tab (what SPEC section 5 promises turns into an
 * admin); a parallel worker that loses the race finds it registered and signs in.
 */
export async function ensureAdmin(
  page: Page,
  request: APIRequestContext,
): Promise<{ account: Account; registeredHere: boolean }> {
  const { adminEmail } = await getDemoCredentials(request);
  const account: Account = { email: adminEmail, password: ADMIN_PASSWORD, fullName: ADMIN_NAME, role: 'admin' };
  // Sign-ins are rate limited per address (10 a minute): once known to exist, it is not asked again.
  if (adminExists || (await signInThroughApi(request, adminEmail, ADMIN_PASSWORD))) {
    adminExists = true;
    return { account, registeredHere: false };
  }

  await page.goto('/register');
  await expect(page.getByRole('radio', { name: 'Kund' })).toBeChecked();
  await page.getByLabel('Namn', { exact: true }).fill(ADMIN_NAME);
  await page.getByLabel('E-post').fill(adminEmail);
  await page.getByLabel('Lösenord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  const landed = page.waitForURL('**/admin').then(
    () => true,
    () => false,
  );
  const lostRace = page
    .getByRole('status')
    .filter({ hasText: 'Registreringen misslyckades' })
    .waitFor()
    .then(
      () => false,
      // The page closes once the race is decided; the waiter that lost ends here.
      () => false,
    );
  const registeredHere = await Promise.race([landed, lostRace]);
  if (!registeredHere)
    expect(
      await signInThroughApi(request, adminEmail, ADMIN_PASSWORD),
      'the admin registered by another worker',
    ).not.toBeNull();
  adminExists = true;
  return { account, registeredHere };
}

/** Per worker (each worker loads this module once): the shared session of each role. */
const sharedSessions = new Map<Role, { account: Account; session: Session }>();

/** Puts a session where auth-js looks for it, once: a later logout in the same test stays a logout. */
export async function storeSession(page: Page, session: Session) {
  await page.addInitScript(
    ({ key, value }) => {
      try {
        if (window.sessionStorage.getItem('e2e-session-stored')) return;
        window.sessionStorage.setItem('e2e-session-stored', '1');
        window.localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage; the next real page of the site gets the session.
      }
    },
    { key: AUTH_STORAGE_KEY, value: JSON.stringify(session) },
  );
}

export const test = base.extend<Fixtures>({
  axe: async ({ page }, use, testInfo) => {
    await use(async (options = {}) => {
      // A list fading while it refetches (aria-busy), or a dialog fading in, has for that moment too little
      // contrast: check the settled page, once no request is pending and every animation that ends has ended
      // (a placeholder's pulse never does).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
      if (options.include) builder = builder.include(options.include);
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);

      const results = await builder.analyze();
      if (results.violations.length > 0) {
        await testInfo.attach(`axe ${new URL(page.url()).pathname}`, {
          body: JSON.stringify(results.violations, null, 2),
          contentType: 'application/json',
        });
      }
      const failing = results.violations
        .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
        .map(
          (violation) =>
            `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl}) at ` +
            violation.nodes
              .slice(0, 3)
              .map((node) => node.target.join(' '))
              .join(', ') +
            (violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''),
        );
      expect(failing, `Accessibility violations on ${page.url()}`).toEqual([]);
    });
  },

  login: async ({ page, request, browser, baseURL, locale }, use) => {
    await use(async (role, { newSession = false, fresh = false } = {}) => {
      if (fresh) {
        if (role === 'admin') throw new Error('There is only one admin account (ADMIN_EMAIL)');
        const { account, session } = await signUpThroughApi(request, role);
        await storeSession(page, session);
        return account;
      }
      // Sign-ins are rate limited too (per IP and per address): tests share a session where they can.
      const cached = newSession ? undefined : sharedSessions.get(role);
      if (cached) {
        await storeSession(page, cached.session);
        return cached.account;
      }
      let account: Account;
      if (role === 'admin') {
        // Registering through the form happens in a page of its own, signed out.
        const context = await browser.newContext({ baseURL, locale });
        account = (await ensureAdmin(await context.newPage(), request).finally(() => context.close())).account;
      } else {
        account = await demoAccount(request, role);
      }
      const session = await signInThroughApi(request, account.email, account.password);
      if (!session) throw new Error(`The ${role} account does not accept its password`);
      account = { ...account, fullName: session.user.user_metadata?.full_name ?? account.fullName };
      if (!newSession) sharedSessions.set(role, { account, session });
      await storeSession(page, session);
      return account;
    });
  },
});

/**
 * The newest password-reset link mailed to `email`, read from the e2e server's outbox
 * (`DATA_DIR/outbox/<ISO time>-<uuid>.eml`), waiting until it has been written.
 */
export async function readResetLink(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        link = await newestResetLink(dataDir, email);
        return link;
      },
      { message: `a reset email to ${email} in ${dataDir}/outbox`, timeout: 15_000 },
    )
    .not.toBeNull();
  if (!link) throw new Error('unreachable');
  return link;
}

async function newestResetLink(dataDir: string, email: string): Promise<string | null> {
  const mails = await readOutbox(dataDir);
  return mails.findLast((mail) => mail.to === email && mail.link?.includes('/reset-password?'))?.link ?? null;
}

export { expect };
