import type { Page } from '@playwright/test';
import type { AdminSiteContent } from '../contracts/admin.ts';
import type { ClinicOwnProfile } from '../contracts/clinic-area.ts';
import {
  adminHeaders,
  approvedClinic,
  expect,
  signInThroughApi,
  signUpThroughApi,
  storeSession,
  test,
} from './fixtures.ts';

// Issue 28 point 3: no dead ends. Every button does something real or is not shown: "Boka en behandling"
// leads to the clinic's own booking page, the footer's social buttons to the admin's addresses,
// "Starta ansökan" to registration with Klinik chosen, "Visa publik sida" to the clinic's own page and
// "Kontakta support" to the support conversation in the app.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const supportDialog = (page: Page) => page.getByRole('dialog', { name: /^Meddelande till .+ \(support\)$/ });

/** Signs `page` in as an account made in this test. */
async function signIn(page: Page, request: Parameters<typeof signInThroughApi>[0], email: string, password: string) {
  const session = await signInThroughApi(request, email, password);
  if (!session) throw new Error(`${email} does not accept its password`);
  await storeSession(page, session);
}

test("a clinic gives its booking page: its public page and its followers' bookings page lead there; a clinic without one shows no button", async ({
  page,
  browser,
  request,
  axe,
}) => {
  const name = `Bokande Kliniken ${Date.now()}`;
  const { account, headers, clinicId } = await approvedClinic(request, browser, name);
  await signIn(page, request, account.email, account.password);

  await test.step('the clinic sets its booking page in its settings: https only, said in words', async () => {
    await page.goto('/clinic-dashboard/settings');
    const field = page.getByLabel('Bokningssida');
    await expect(page.getByText('Visas som knappen ”Boka en behandling” på klinikens sida')).toBeVisible();
    await field.fill('http://boka.bokande.example/tider');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(page.getByText('Ange en adress som börjar med https://, till exempel')).toBeVisible();
    await field.fill('boka.bokande.example/tider');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(toast(page, 'Inställningar sparade!')).toBeVisible();
    await expect(field).toHaveValue('https://boka.bokande.example/tider');
  });

  await test.step("the overview's 'Kontakta support' opens the support conversation's dialog in the app", async () => {
    await page.goto('/clinic-dashboard');
    await page.getByRole('link', { name: 'Kontakta support' }).click();
    await expect(page).toHaveURL(/\/clinic-dashboard\/messages/);
    await expect(supportDialog(page)).toBeVisible();
    await supportDialog(page).getByRole('button', { name: 'Avbryt' }).click();
    await expect(supportDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/clinic-dashboard\/messages$/);
  });

  await test.step("'Visa publik sida' opens the clinic's own page, which offers 'Boka en behandling'", async () => {
    await page.goto('/clinic-dashboard');
    await page.getByRole('link', { name: 'Visa publik sida' }).click();
    await expect(page).toHaveURL(/\/kliniker\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const book = page.getByRole('link', { name: /^Boka en behandling ?\(öppnas i en ny flik\)$/ });
    await expect(book).toHaveAttribute('href', 'https://boka.bokande.example/tider');
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute('rel', 'noopener noreferrer');
    await axe();
  });

  await test.step("a customer following it finds its 'Boka' on the bookings page", async () => {
    const { account: customer, session } = await signUpThroughApi(request, 'customer', 'Bokande Kund');
    const followed = await request.put(`/api/me/follows/${clinicId}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(followed.status()).toBe(204);
    const context = await browser.newContext({ locale: 'sv-SE' });
    const customerPage = await context.newPage();
    await signIn(customerPage, request, customer.email, customer.password);
    await customerPage.goto('/dashboard/bookings');
    const list = customerPage.getByRole('region', { name: 'Bokningssidor hos kliniker du följer' });
    await expect(list.getByRole('link', { name: `Boka hos ${name} (öppnas i en ny flik)` })).toHaveAttribute(
      'href',
      'https://boka.bokande.example/tider',
    );
    await expect(list.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/kliniker\//);
    await context.close();
  });

  await test.step('a clinic without a booking page shows no such button', async () => {
    const other = await approvedClinic(request, browser, `Obokbara Kliniken ${Date.now()}`);
    const profile = (await (
      await request.get('/api/clinic/profile', { headers: other.headers })
    ).json()) as ClinicOwnProfile;
    expect(profile.bookingUrl).toBeNull();
    await page.goto(`/kliniker/${profile.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: profile.fullName })).toBeVisible();
    await expect(page.getByRole('link', { name: /Besök webbplats/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Boka en behandling/ })).toHaveCount(0);
  });

  // The booking page stays the clinic's own: no other spec reads it.
  expect((await request.get('/api/clinic/profile', { headers })).ok()).toBe(true);
});

test('the footer shows a social button only for an address the admin has set', async ({
  page,
  request,
  browser,
  login,
}) => {
  const admin = await adminHeaders(request, browser);
  const original = (await (await request.get('/api/admin/site', { headers: admin })).json()) as AdminSiteContent;
  const footer = page.getByRole('contentinfo');
  const facebook = footer.getByRole('link', { name: 'Facebook (öppnas i en ny flik)' });
  const instagram = footer.getByRole('link', { name: 'Instagram (öppnas i en ny flik)' });
  const address = `https://www.facebook.com/certifieradklinik-e2e-${Date.now()}`;

  await login('admin');
  try {
    await test.step('the admin sets Facebook (https only) and clears Instagram in the CMS', async () => {
      await page.goto('/admin/cms');
      await page.getByLabel('Facebook-sida').fill('http://www.facebook.com/certifieradklinik');
      await page.getByLabel('Instagram-konto').fill('');
      await page.getByRole('button', { name: 'Spara inställningar' }).click();
      await expect(page.getByText('Ange en adress som börjar med https://, till exempel')).toBeVisible();
      await page.getByLabel('Facebook-sida').fill(address);
      await page.getByRole('button', { name: 'Spara inställningar' }).click();
      await expect(toast(page, 'Inställningar sparade!')).toBeVisible();
    });

    await test.step('the footer links Facebook there, in a new tab, and shows no Instagram', async () => {
      await page.goto('/');
      await expect(facebook).toHaveAttribute('href', address);
      await expect(facebook).toHaveAttribute('target', '_blank');
      await expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(instagram).toHaveCount(0);
      await expect(footer.getByRole('button', { name: /Facebook|Instagram/ })).toHaveCount(0);
    });

    await test.step('with neither set, the footer shows no social buttons at all', async () => {
      const saved = await request.put('/api/admin/site', {
        headers: admin,
        data: { ...original, socialLinks: { facebook: '', instagram: '' } },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      const settings = page.waitForResponse((response) => response.url().endsWith('/api/site/settings'));
      await page.goto('/om-oss');
      await settings;
      await page.waitForLoadState('networkidle');
      await expect(footer.getByRole('link', { name: 'Testinloggningar' })).toBeVisible();
      await expect(footer.getByRole('list', { name: 'Följ oss' })).toHaveCount(0);
      await expect(facebook).toHaveCount(0);
    });
  } finally {
    // Other specs see the site as it was.
    await request.put('/api/admin/site', { headers: admin, data: original });
  }
});

test("'Starta ansökan' opens registration with Klinik chosen, in the server's first screen too", async ({
  page,
  browser,
}) => {
  await page.goto('/for-kliniker');
  await page.getByRole('link', { name: 'Starta ansökan' }).first().click();
  await expect(page).toHaveURL(/\/register\?role=clinic$/);
  await expect(page.getByRole('radio', { name: 'Klinik' })).toBeChecked();
  await expect(page.getByLabel('Klinikens namn')).toBeVisible();

  // Before any JavaScript: the server's HTML already has Klinik chosen, so Kund never shows first.
  const context = await browser.newContext({ locale: 'sv-SE', javaScriptEnabled: false });
  const noScript = await context.newPage();
  const answer = await noScript.goto('/register?role=clinic');
  expect(answer?.status()).toBe(200);
  await expect(noScript.locator('input[type="radio"][value="clinic"]')).toBeChecked();
  await expect(noScript.locator('input[type="radio"][value="customer"]')).not.toBeChecked();
  await expect(noScript.getByText('Klinikens namn')).toBeVisible();
  // Without the choice in the address, registration starts on Kund as before.
  await noScript.goto('/register');
  await expect(noScript.locator('input[type="radio"][value="customer"]')).toBeChecked();
  await context.close();
});

test("'Kontakta support' opens a signed-in customer's support conversation in the app; signed out, the contact form stays", async ({
  page,
  login,
  axe,
}) => {
  await page.goto('/kontakta-oss');
  await expect(page.getByRole('textbox', { name: 'Ämne' })).toBeVisible();

  await login('customer', { fresh: true });
  await page.goto('/kontakta-oss');
  await expect(page.getByRole('heading', { name: 'Skriv till supporten' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Ämne' })).toHaveCount(0);
  await axe();
  await page.getByRole('link', { name: 'Kontakta support' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages/);

  // No conversation with support yet: the dialog that starts it is open; sent, the conversation shows.
  const content = `Hur länge gäller ett certifikat? (${Date.now()})`;
  await supportDialog(page).getByLabel('Meddelande').fill(content);
  await supportDialog(page).getByRole('button', { name: 'Skicka' }).click();
  await expect(toast(page, 'Meddelande skickat!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/messages\?c=[0-9a-f-]+$/);
  await expect(page.getByText(content, { exact: true })).toBeVisible();

  // Next time the same link opens that conversation, with its reply box.
  await page.goto('/kontakta-oss');
  await page.getByRole('link', { name: 'Kontakta support' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\?c=[0-9a-f-]+$/);
  await expect(page.getByText(content, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Svar' })).toBeVisible();
  await expect(supportDialog(page)).toBeHidden();
});
