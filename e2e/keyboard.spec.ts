import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { adminHeaders, clinicWithApplication, expect, getDemoCredentials, test, verifyAllFacts } from './fixtures.ts';

// Issue #13 point 6: the main paths with the keyboard alone. Every interaction is a key press
// (Tab, Shift+Tab, Enter, Space, typing); nothing is clicked. Each test ends on what the user sees.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 100 } = {}) {
  await expect(target).toBeVisible();
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a customer signs in with the keyboard and lands on their overview', async ({ page, request }) => {
  const customer = (await getDemoCredentials(request)).accounts.find((account) => account.role === 'customer');
  if (!customer) throw new Error('No demo customer');
  await page.goto('/login');
  await expect(heading(page)).toHaveText('Logga in');

  await tabTo(page, page.getByRole('textbox', { name: 'E-post' }));
  await page.keyboard.type(customer.email);
  // 'Glömt lösenord?' sits beside the password's label, between the two fields.
  await tabTo(page, page.getByLabel('Lösenord'));
  await page.keyboard.type(customer.password);
  await tabTo(page, page.getByRole('button', { name: 'Logga in', exact: true }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(heading(page)).toHaveText('Översikt');
  await expect(page.getByRole('navigation', { name: 'Kundpanel' })).toBeVisible();
});

test('the register search: type, the results narrow, a result opens the clinic', async ({ page }) => {
  await page.goto('/kliniker');
  const results = page.getByRole('list', { name: 'Sökresultat' }).getByRole('article');
  await expect(results.first()).toBeVisible();
  const before = await results.count();

  const search = page.getByRole('searchbox', { name: 'Sök klinik eller stad' });
  await tabTo(page, search);
  await page.keyboard.type('Klara');
  await expect(page).toHaveURL(/\/kliniker\?search=Klara$/);
  await expect(results.filter({ hasText: 'Klara Hudmottagning' })).toHaveCount(1);
  await expect.poll(() => results.count()).toBeLessThan(before);
  await expect(search).toBeFocused();

  // From the search box on to the first result, then a step back and forth with Shift+Tab.
  const result = page.getByRole('link', { name: 'Klara Hudmottagning', exact: true });
  await tabTo(page, result);
  await page.keyboard.press('Shift+Tab');
  await expect(result).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(result).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/kliniker\/klara-hudmottagning$/);
  await expect(heading(page)).toHaveText('Klara Hudmottagning');
});

test('a customer follows a clinic and stops again with the keyboard, the button keeping the focus', async ({
  page,
  login,
}) => {
  // A customer of its own: the demo customer's followed clinics are what other specs count.
  await login('customer', { fresh: true });
  await page.goto('/kliniker?search=Klara');
  const follow = page.getByRole('button', { name: 'Följ Klara Hudmottagning' });
  await tabTo(page, follow);
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Du följer nu Klara Hudmottagning')).toBeVisible();
  const unfollow = page.getByRole('button', { name: 'Sluta följa Klara Hudmottagning' });
  await expect(unfollow).toBeVisible();
  // The same button, still focused: the user goes on where they were.
  await expect(unfollow).toBeFocused();

  await page.keyboard.press('Space');
  await expect(toast(page, 'Du följer inte längre Klara Hudmottagning')).toBeVisible();
  await expect(follow).toBeFocused();
});

test('a clinic uploads a document from the keyboard: the file chooser opens, the document is listed', async ({
  page,
  login,
}) => {
  // A clinic of its own: the demo clinic's documents are what other specs count.
  await login('clinic', { fresh: true });
  await page.goto('/clinic-dashboard/application');
  await expect(heading(page)).toHaveText('Min Ansökan');
  await expect(page.getByText('Inga filer har laddats upp än.')).toBeVisible();

  const choose = page.getByRole('button', { name: 'Välj fil' });
  await tabTo(page, choose);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'ansvarsforsakring.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });

  await expect(toast(page, 'Fil uppladdad: ansvarsforsakring.pdf')).toBeVisible();
  const documents = page.getByRole('list', { name: 'Uppladdade dokument' }).getByRole('listitem');
  await expect(documents).toHaveCount(1);
  await expect(documents.first()).toContainText('ansvarsforsakring.pdf');
  // The focus stayed on the button while the upload ran: a second document is one key press away.
  await expect(choose).toBeFocused();
  const second = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await second).setFiles({ name: 'utbildningsintyg.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });
  await expect(documents).toHaveCount(2);
});

/** The clinic's id, and its facts verified through the admin's API, as approval requires (issue 22). */
async function verifiedThroughApi(request: APIRequestContext, browser: Browser, headers: Record<string, string>) {
  const { id } = (await (await request.get('/api/clinic/profile', { headers })).json()) as { id: string };
  await verifyAllFacts(request, await adminHeaders(request, browser), id);
}

test('the admin reaches a sent-in application in the review list and approves it with the keyboard', async ({
  page,
  login,
  request,
  browser,
}) => {
  // An application of its own, sent in through the API its pages use: the demo ones stay waiting.
  const name = `Tangentbordets Hudvård ${Date.now()}`;
  const { headers } = await clinicWithApplication(request, name);
  expect((await request.post('/api/clinic/application/submit', { headers })).ok()).toBe(true);
  await verifiedThroughApi(request, browser, headers);

  await login('admin');
  await page.goto('/admin/applications');
  await expect(heading(page)).toHaveText('Ansökningar');
  // The drafts too: the checkbox takes Space.
  const drafts = page.getByRole('checkbox', { name: 'Visa även utkast som inte är inskickade' });
  await tabTo(page, drafts);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/admin\/applications\?drafts=true$/);

  await tabTo(page, page.getByRole('link', { name, exact: true }), { max: 200 });
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(name);
  await expect(page.getByText('Kliniken har bekräftat 6 av 6 kriterier.')).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Godkänn ansökan' }));
  await page.keyboard.press('Enter');
  // It asks first, with Avbryt focused (issue 28).
  await tabTo(page, page.getByRole('alertdialog').getByRole('button', { name: 'Ja, godkänn' }));
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Ansökan godkänd')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/applications\?drafts=true$/);
  await expect(heading(page)).toHaveText('Ansökningar');
  // A handled application leaves the list (SPEC section 5).
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});

test("the admin approves a clinic from the clinics table's menu with the keyboard, confirming in the dialog", async ({
  page,
  login,
  request,
  browser,
}) => {
  const name = `Menyns Hudvård ${Date.now()}`;
  const { headers } = await clinicWithApplication(request, name);
  await verifiedThroughApi(request, browser, headers);

  await login('admin');
  await page.goto('/admin/clinics');
  await expect(heading(page)).toHaveText('Kliniker');
  await tabTo(page, page.getByRole('searchbox', { name: 'Sök kliniker' }));
  await page.keyboard.type(name);
  const row = page.getByRole('row').filter({ hasText: name });
  // Filled in but not sent in: a draft (issue 28), which Godkänn certifies all the same.
  await expect(row).toContainText('Utkast');

  const menuButton = page.getByRole('button', { name: `Åtgärder för ${name}` });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  // Opened from the keyboard, the menu focuses its first item.
  const approve = page.getByRole('menuitem', { name: 'Godkänn' });
  await expect(approve).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('alertdialog', { name: `Godkänna ${name}?` });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Godkänn' }), { max: 5 });
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Klinik godkänd!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Godkänd');
  // Back where the user was: on the row's menu button.
  await expect(menuButton).toBeFocused();
});
