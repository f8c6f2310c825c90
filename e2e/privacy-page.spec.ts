import type { Page } from '@playwright/test';
import { SESSION_INACTIVITY_TIMEOUT_MS } from '../server/services/auth/settings.ts';
import { loadEnv } from '../server/env.ts';
import { PRIVACY_PERIODS } from '../web/features/privacy-policy/lib/periods.ts';
import { expect, test } from './fixtures.ts';

// Issue 26 point 4: the privacy policy at /integritet (/privacy in English), reached from the footer and
// the sign-up form, painted by the server before any JavaScript, and the way to the settings' buttons.

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the page says the site keeps in the browser (its table), and nothing else. */
const LISTED_STORAGE = { localStorage: ['ck-auth', 'i18nextLng'], cookies: ['i18next'] };

async function browserStorage(page: Page) {
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
  const localStorage = await page.evaluate(() => Object.keys(window.localStorage));
  return { cookies, localStorage };
}

test('the start page footer leads to the policy: who keeps what by role, the rights, the storage and IMY', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Integritetspolicy' }).click();
  await expect(page).toHaveURL(/\/integritet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integritetspolicy' })).toBeVisible();
  await expect(page).toHaveTitle(/^Integritetspolicy – /);

  for (const section of [
    'Vem som ansvarar',
    'Vad vi sparar och varför',
    'Rättsliga grunder',
    'Hur länge vi sparar uppgifterna',
    'Vem som får ta del av uppgifterna',
    'Dina rättigheter',
    'Cookies och lagring i webbläsaren',
    'Klagomål',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  for (const role of ['Kund', 'Klinik', 'Administratör', 'Du som skriver via kontaktformuläret', 'Alla besökare']) {
    await expect(page.getByRole('heading', { level: 3, name: role })).toBeVisible();
  }
  const customer = page.getByRole('region', { name: 'Kund' });
  await expect(customer.getByRole('term')).toHaveText([
    'Konto',
    'Följda kliniker',
    'Rapporter',
    'Meddelanden',
    'Omdömen från verifierade besök',
  ]);
  await expect(customer.getByText('Rättslig grund: Avtal', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Radera konto: i dina inställningar raderar du kontot med ditt lösenord.')).toBeVisible();
  await expect(page.getByText(/Vi svarar inom en månad\./)).toBeVisible();

  const imy = page.getByRole('link', { name: 'www.imy.se' });
  await expect(imy).toHaveAttribute('href', 'https://www.imy.se');
  await expect(page.getByText(/Integritetsskyddsmyndigheten \(IMY\)/)).toBeVisible();

  // The table names everything kept in the browser, and the browser holds nothing else.
  const table = page.getByRole('table', { name: 'Det tjänsten sparar i din webbläsare' });
  for (const name of [...LISTED_STORAGE.localStorage, ...LISTED_STORAGE.cookies]) {
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  }
  const kept = await browserStorage(page);
  expect(LISTED_STORAGE.cookies).toEqual(expect.arrayContaining(kept.cookies));
  expect(LISTED_STORAGE.localStorage).toEqual(expect.arrayContaining(kept.localStorage));
  expect(kept.cookies).toContain('i18next');

  // Signed out, the way to "Ladda ner mina uppgifter" and "Radera konto" is signing in.
  await page.getByRole('link', { name: 'Logga in för att ladda ner eller radera' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a signed-in customer's policy leads to the customer's settings", async ({ page, login }) => {
  await login('customer', { fresh: true });
  await page.goto('/integritet');
  await page.getByRole('link', { name: 'Till mina inställningar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inställningar' })).toBeVisible();
  // Signed in, the session is the one more thing in the browser, and the policy lists it.
  const kept = await browserStorage(page);
  expect(kept.localStorage).toContain('ck-auth');
  expect(LISTED_STORAGE.localStorage).toEqual(expect.arrayContaining(kept.localStorage));
  expect(LISTED_STORAGE.cookies).toEqual(expect.arrayContaining(kept.cookies));
});

test("a signed-in clinic's policy leads to the clinic's settings", async ({ page, login }) => {
  await login('clinic');
  await page.goto('/integritet');
  await page.getByRole('link', { name: 'Till mina inställningar' }).click();
  await expect(page).toHaveURL(/\/clinic-dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inställningar' })).toBeVisible();
});

test("the admin's policy leads to the admin's settings", async ({ page, login }) => {
  await login('admin');
  await page.goto('/integritet');
  await page.getByRole('link', { name: 'Till mina inställningar' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
});

test('/privacy is the policy in English, and the site stays in English', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page).toHaveURL(/\/integritet\?lng=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy policy – /);
  for (const role of ['Customer', 'Clinic', 'Administrator', 'If you write through the contact form']) {
    await expect(page.getByRole('heading', { level: 3, name: role })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Sign in to download or delete' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Verify a certificate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a certificate' })).toBeVisible();
});

test('the sign-up form links to the policy', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText('Så behandlar vi dina uppgifter:')).toBeVisible();
  await page.getByRole('link', { name: 'läs vår integritetspolicy' }).click();
  await expect(page).toHaveURL(/\/integritet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integritetspolicy' })).toBeVisible();
});

test("the server's first HTML holds the policy: readable without JavaScript", async ({ browser, request }) => {
  const html = await (await request.get('/integritet')).text();
  expect(html).toMatch(/<h1[^>]*>Integritetspolicy<\/h1>/);
  expect(html).toContain('<title>Integritetspolicy – Certifierad Klinik</title>');
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/integritet" \/>/);
  const english = await request.get('/privacy', { maxRedirects: 0 });
  expect(english.status()).toBe(301);
  expect(english.headers().location).toBe('/integritet?lng=en');

  const context = await browser.newContext({ locale: 'sv-SE', javaScriptEnabled: false });
  const noScript = await context.newPage();
  expect((await noScript.goto('/integritet'))?.status()).toBe(200);
  await expect(noScript.getByRole('heading', { level: 1, name: 'Integritetspolicy' })).toBeVisible();
  await expect(noScript.getByRole('heading', { level: 3, name: 'Klinik' })).toBeVisible();
  await expect(noScript.getByRole('link', { name: 'www.imy.se' })).toBeVisible();
  // Without a stored session, the server's copy shows the signed-out way, once.
  await expect(noScript.getByRole('link', { name: 'Logga in för att ladda ner eller radera' })).toBeVisible();
  await expect(noScript.getByRole('link', { name: 'Till mina inställningar' })).toBeHidden();
  await noScript.goto('/privacy');
  await expect(noScript.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await context.close();
});

test("the policy's periods are the server's defaults", () => {
  const env = loadEnv({});
  expect(PRIVACY_PERIODS.sessionDays * DAY_MS).toBe(SESSION_INACTIVITY_TIMEOUT_MS);
  expect(Math.round((PRIVACY_PERIODS.unsentDocumentsMonths * 365.25) / 12)).toBe(
    env.RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS,
  );
  expect(Math.round(PRIVACY_PERIODS.decisionDocumentsYears * 365.25)).toBe(env.RETENTION_DECISION_DOCUMENTS_DAYS);
  expect(PRIVACY_PERIODS.otherDocumentsDays).toBe(env.RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS);
  expect(PRIVACY_PERIODS.outboxDays).toBe(env.RETENTION_OUTBOX_DAYS);
});
