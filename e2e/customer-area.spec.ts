import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ensureAdmin, expect, getDemoCredentials, test } from './fixtures.ts';

// The customer area (issue #10): following clinics from the register, a report answered by the admin
// and read by the customer, settings that are saved. The demo data has certified clinics and a demo
// customer with followed clinics and two reports (server/services/demo/seed.ts).

const CLINIC = 'Klara Hudmottagning';
const REPORTED_CLINIC = 'Söders Estetik';

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Kundpanel' });
const results = (page: Page) => page.getByRole('list', { name: 'Sökresultat' });
const followButtons = (page: Page) => results(page).getByRole('button', { name: /^(Följ|Sluta följa) / });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The follow feature's own chunk and calls: what an anonymous visitor's register must not load. */
const isFollowTraffic = (url: string) =>
  url.includes('follow-action-button') || new URL(url).pathname.startsWith('/api/me/');

/** The admin in a browser of its own, signed in through /admin/login (registered first if no test has yet). */
async function openAsAdmin(browser: Browser, request: APIRequestContext, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const admin = await context.newPage();
  const { account, registeredHere } = await ensureAdmin(admin, request);
  if (!registeredHere) {
    await admin.goto('/admin/login');
    await admin.getByLabel('E-post').fill(account.email);
    await admin.getByLabel('Lösenord', { exact: true }).fill(account.password);
    await admin.getByRole('button', { name: 'Logga in', exact: true }).click();
  }
  await expect(admin).toHaveURL(/\/admin$/);
  return admin;
}

test('the follow button is only for signed-in customers, and only they load its code', async ({ page, login }) => {
  const followTraffic: string[] = [];
  page.on('request', (request) => {
    if (isFollowTraffic(request.url())) followTraffic.push(request.url());
  });

  await page.goto('/kliniker');
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Utvalda kliniker' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('main').getByRole('button', { name: /^Följ / })).toHaveCount(0);
  expect(followTraffic).toEqual([]);

  await login('clinic');
  await page.goto('/kliniker');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mina sidor' })).toBeVisible();
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
  await expect(followButtons(page)).toHaveCount(0);
});

// One new customer through every page of the area: each step builds on the one before.
test('a customer follows and unfollows a clinic, has a report answered by the admin, and saves settings', async ({
  page,
  login,
  axe,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await login('customer', { fresh: true });
  const reportText = `Ingen handtvätt mellan kunderna (${Date.now()}).`;
  const answer = 'Tack för rapporten! Vi har kontaktat kliniken och följer upp vid nästa kontroll.';

  await test.step('nothing is followed yet: the empty state leads to the register', async () => {
    await page.goto('/dashboard/followed');
    await expect(heading(page)).toHaveText('Följda kliniker');
    await expect(page.getByRole('heading', { name: 'Du följer inga kliniker än' })).toBeVisible();
    await page.getByRole('link', { name: 'Hitta kliniker' }).click();
    await expect(page).toHaveURL(/\/kliniker$/);
  });

  await test.step("the register asks for a whole page's follow state in one request", async () => {
    let statusRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me/follows/status') statusRequests += 1;
    });
    await page.reload();
    await expect(results(page).getByRole('listitem').first()).toBeVisible();
    const cards = await results(page).getByRole('listitem').count();
    expect(cards).toBeGreaterThan(1);
    await expect(followButtons(page)).toHaveCount(cards);
    for (const button of await followButtons(page).all()) await expect(button).toBeEnabled();
    expect(statusRequests).toBe(1);
  });

  await test.step('following a clinic: the toast names it, and it stays followed after a reload', async () => {
    await page.goto(`/kliniker?${new URLSearchParams({ search: CLINIC })}`);
    await results(page)
      .getByRole('button', { name: `Följ ${CLINIC}`, exact: true })
      .click();
    await expect(toast(page, `Du följer nu ${CLINIC}`)).toBeVisible();
    await expect(results(page).getByRole('button', { name: `Sluta följa ${CLINIC}`, exact: true })).toBeEnabled();

    await page.reload();
    await expect(results(page).getByRole('button', { name: `Sluta följa ${CLINIC}`, exact: true })).toBeEnabled();
    await axe();
  });

  await test.step('the overview counts it and searches the register', async () => {
    await page.goto('/dashboard');
    await expect(page.getByText(`Välkommen, ${customer.fullName}!`)).toBeVisible();
    await expect(page.getByText('Du följer 1 klinik.')).toBeVisible();
    await axe();
    await page.getByLabel('Sök klinik eller stad').fill('Stockholm');
    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    await expect(page).toHaveURL(/\/kliniker\?search=Stockholm$/);
    await expect(page.getByLabel('Sök klinik eller stad')).toHaveValue('Stockholm');
  });

  await test.step('the followed list shows it; unfollowing takes the card away', async () => {
    await page.goto('/dashboard/followed');
    const followed = page.getByRole('list', { name: 'Kliniker du följer' });
    await expect(followed.getByRole('heading', { name: CLINIC })).toBeVisible();
    await axe();
    await followed.getByRole('button', { name: `Sluta följa ${CLINIC}`, exact: true }).click();
    await expect(toast(page, `Du följer inte längre ${CLINIC}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Du följer inga kliniker än' })).toBeVisible();
  });

  await test.step('bookings are made with the clinic: without a followed clinic that takes them, the way to the register', async () => {
    await menu(page).getByRole('link', { name: 'Mina bokningar' }).click();
    await expect(page.getByRole('heading', { name: 'Ingen klinik att boka hos här än' })).toBeVisible();
    await page.getByRole('link', { name: 'Hitta en klinik' }).click();
    await expect(page).toHaveURL(/\/kliniker$/);
    await page.goBack();
  });

  await test.step('a report needs both fields; sent, it shows as Ny', async () => {
    await menu(page).getByRole('link', { name: 'Rapporter' }).click();
    await expect(heading(page)).toHaveText('Rapporter');
    await expect(page.getByText('Du har inte skickat några rapporter än.')).toBeVisible();
    await page.getByRole('button', { name: 'Skicka rapport' }).click();
    await expect(page.getByText('Ange klinikens namn.')).toBeVisible();
    await expect(page.getByText('Beskriv problemet.')).toBeVisible();

    // The register suggests the name as it is typed.
    await page.getByLabel('Klinikens namn').fill('Söders');
    await expect(page.locator(`datalist option[value="${REPORTED_CLINIC}"]`)).toHaveCount(1);
    await page.getByLabel('Klinikens namn').fill(REPORTED_CLINIC);
    await page.getByLabel('Beskrivning').fill(reportText);
    await page.getByRole('button', { name: 'Skicka rapport' }).click();
    await expect(toast(page, 'Rapport skickad!')).toBeVisible();
    await expect(page.getByLabel('Klinikens namn')).toHaveValue('');

    const sent = page
      .getByRole('list', { name: 'Mina rapporter' })
      .getByRole('listitem')
      .filter({ hasText: reportText });
    await expect(sent).toContainText(REPORTED_CLINIC);
    await expect(sent.getByText('Ny', { exact: true })).toBeVisible();
    await axe();
  });

  await test.step('the admin finds it among the new reports and answers it', async () => {
    const admin = await openAsAdmin(browser, request, baseURL);
    await admin.goto('/admin/reports');
    await expect(admin.getByRole('radio', { name: 'Alla' })).toHaveAttribute('aria-checked', 'true');
    await admin.getByRole('radio', { name: 'Ny' }).click();
    await expect(admin).toHaveURL(/\/admin\/reports\?status=Ny$/);

    await row(admin, reportText)
      .getByRole('button', { name: `Hantera rapporten om ${REPORTED_CLINIC}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Hantera rapport' });
    await expect(dialog).toContainText(reportText);
    await expect(dialog).toContainText(customer.email);
    await expect(dialog).toContainText('Matchar en registrerad klinik');
    await dialog.getByLabel('Svar till kunden').fill(answer);
    await dialog.getByRole('button', { name: 'Spara svar' }).click();
    await expect(toast(admin, 'Rapport uppdaterad!')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Answered, it is no longer new.
    await expect(row(admin, reportText)).toHaveCount(0);

    await admin.getByRole('radio', { name: 'Hanterad' }).click();
    await expect(row(admin, reportText).getByText('Hanterad', { exact: true })).toBeVisible();
    await admin.context().close();
  });

  await test.step('the customer reads Hanterad and the answer', async () => {
    await page.reload();
    const answered = page
      .getByRole('list', { name: 'Mina rapporter' })
      .getByRole('listitem')
      .filter({ hasText: reportText });
    await expect(answered.getByText('Hanterad', { exact: true })).toBeVisible();
    await expect(answered).toContainText(answer);
  });

  const newName = `Vera Vän ${Date.now()}`;
  await test.step('a new name is saved and the header follows at once', async () => {
    await page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(customer.fullName) })
      .click();
    await expect(heading(page)).toHaveText('Inställningar');
    await expect(page.getByLabel('Namn')).toHaveValue(customer.fullName);
    await expect(page.getByLabel('E-post')).toHaveValue(customer.email);
    await axe();

    await page.getByLabel('Namn').fill(newName);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(toast(page, 'Inställningar sparade!')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(newName);
  });

  await test.step('a new email address needs the right current password and a free address', async () => {
    await page.getByLabel('E-post').fill(`ny-${customer.email}`);
    await page.getByLabel('Nuvarande lösenord').fill('inte-mitt-lösenord');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(toast(page, 'Ett fel uppstod vid sparande.')).toContainText('Det nuvarande lösenordet stämmer inte.');

    const { accounts } = await getDemoCredentials(request);
    const taken = accounts.find((account) => account.role === 'customer')?.email ?? '';
    await page.getByLabel('E-post').fill(taken);
    await page.getByLabel('Nuvarande lösenord').fill(customer.password);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(toast(page, 'Ett fel uppstod vid sparande.')).toContainText(
      'E-postadressen används redan av ett annat konto.',
    );
    await expect(page.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('the name survives a reload and a new sign-in', async () => {
    await page.reload();
    await expect(page.getByLabel('Namn')).toHaveValue(newName);
    await expect(page.getByLabel('E-post')).toHaveValue(customer.email);

    await page.getByRole('button', { name: 'Logga ut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByLabel('E-post').fill(customer.email);
    await page.getByLabel('Lösenord', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Välkommen, ${newName}!`)).toBeVisible();
  });
});

test("the admin's reports: the seeded ones by status, and the manage dialog", async ({ page, login, axe }) => {
  await login('admin');
  await page.goto('/admin/reports?status=Hanterad');
  await expect(heading(page)).toHaveText('Rapporter');
  await expect(row(page, 'Salong Glans')).toContainText('Hanterad');
  await axe();

  await row(page, 'Salong Glans').getByRole('button', { name: 'Hantera rapporten om Salong Glans' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Hantera rapport' });
  await expect(dialog).toContainText('Ingen registrerad klinik med det namnet');
  await expect(dialog.getByLabel('Svar till kunden')).not.toHaveValue('');
  await axe();
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    row(page, 'Salong Glans').getByRole('button', { name: 'Hantera rapporten om Salong Glans' }).first(),
  ).toBeFocused();
});
