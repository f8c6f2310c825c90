import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { AdminReportCount } from '../contracts/admin.ts';
import {
  adminHeaders,
  approvedClinic,
  clinicWithApplication,
  expect,
  signUpThroughApi,
  test,
  verifyAllFacts,
} from './fixtures.ts';

// Issue 28 point 5 (the admin's numbers agree) and point 9 (the admin area at a phone's 390 px). Each
// test makes its own clinics, customers, messages and reports; the demo data and other specs' rows are
// only there beside them.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Adminpanel' });
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The number a menu entry's badge names ("Meddelanden 3 olästa"), or 0 without a badge. */
async function menuCount(page: Page, entry: RegExp): Promise<number> {
  const snapshot = await menu(page).getByRole('link', { name: entry }).ariaSnapshot();
  return Number(/link "[^"\d]*(\d+)/.exec(snapshot)?.[1] ?? 0);
}

let adminAuth: Promise<Record<string, string>> | undefined;
/** The admin's bearer header, signed in once per worker: sign-ins are rate limited per address. */
const admin = (request: APIRequestContext, browser: Browser) => (adminAuth ??= adminHeaders(request, browser));

/** A new customer's bearer header. */
async function newCustomer(request: APIRequestContext) {
  const { session } = await signUpThroughApi(request, 'customer', unique('Kund'));
  return { authorization: `Bearer ${session.access_token}` };
}

async function post(request: APIRequestContext, url: string, headers: Record<string, string>, data: unknown) {
  const response = await request.post(url, { headers, data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
}

/** A clinic that sent its application in, its facts verified: one for the admin to decide. */
async function sentInClinic(request: APIRequestContext, browser: Browser, name: string) {
  const { session, headers } = await clinicWithApplication(request, name);
  expect((await request.post('/api/clinic/application/submit', { headers })).ok()).toBe(true);
  const clinicId = (session.user as unknown as { id: string }).id;
  await verifyAllFacts(request, await admin(request, browser), clinicId);
  return clinicId;
}

test.describe('the admin numbers agree (issue 28 point 5)', () => {
  test("the overview's unread messages are the menu's count, and say what they count", async ({
    page,
    login,
    request,
  }) => {
    // Two messages to the team, and one between a customer and a clinic that is no admin's to read: the
    // overview used to count that one too.
    const customer = await newCustomer(request);
    await post(request, '/api/messages', customer, { to: { kind: 'team' }, content: 'En fråga om certifieringen.' });
    await post(request, '/api/messages', customer, { to: { kind: 'team' }, content: 'Och en till.' });
    const clinics = (await (await request.get('/api/clinics?search=Klara')).json()) as { items: { id: string }[] };
    const clinicId = clinics.items[0]?.id;
    if (!clinicId) throw new Error('The demo register has Klara Hudmottagning');
    await post(request, '/api/messages', customer, { to: { kind: 'user', id: clinicId }, content: 'Har ni tid?' });

    await login('admin');
    await page.goto('/admin');
    await expect(heading(page)).toHaveText('Översikt');
    const unread = page.getByRole('main').getByRole('link', { name: /^Olästa meddelanden i inkorgen\s*\d+$/ });
    await expect(unread).toBeVisible();
    const overviewCount = async () => Number(/(\d+)"/.exec(await unread.ariaSnapshot())?.[1]);
    // Other specs write too: the two agree once both have loaded the same moment's count.
    await expect
      .poll(async () => {
        await page.reload();
        await expect(unread).toBeVisible();
        const [overview, badge] = [await overviewCount(), await menuCount(page, /^Meddelanden/)];
        return overview === badge && overview >= 2;
      })
      .toBe(true);
  });

  test('the applications list shows those sent in; drafts are behind the filter, marked Utkast', async ({
    page,
    login,
    request,
  }) => {
    const draft = unique('Utkastkliniken');
    await signUpThroughApi(request, 'clinic', draft);
    await login('admin');
    await page.goto('/admin/applications');
    await expect(heading(page)).toHaveText('Ansökningar');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(row(page, draft)).toHaveCount(0);

    const drafts = page.getByRole('checkbox', { name: 'Visa även utkast som inte är inskickade' });
    await drafts.click();
    await expect(page).toHaveURL(/\/admin\/applications\?drafts=true$/);
    await expect(drafts).toBeChecked();
    await expect(row(page, draft)).toContainText('Utkast');
    await expect(row(page, draft)).toContainText('Ej inskickad');
  });

  test('approving asks first, as denying does; a withdrawn clinic reads Återkallad, not Nekad', async ({
    page,
    login,
    request,
    browser,
  }) => {
    const name = unique('Godkännandekliniken');
    const clinicId = await sentInClinic(request, browser, name);
    await login('admin');
    await page.goto(`/admin/applications/${clinicId}`);
    await expect(heading(page)).toHaveText(name);

    await page.getByRole('button', { name: 'Godkänn ansökan' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Godkänna ansökan från ${name}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Godkänn ansökan' })).toBeFocused();

    await page.getByRole('button', { name: 'Godkänn ansökan' }).click();
    await confirm.getByRole('button', { name: 'Ja, godkänn' }).click();
    await expect(toast(page, 'Ansökan godkänd')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/applications$/);

    const withdrawnName = unique('Återkallade kliniken');
    const withdrawn = await approvedClinic(request, browser, withdrawnName);
    const withdrawal = await request.post(`/api/admin/clinics/${withdrawn.clinicId}/withdraw`, {
      headers: withdrawn.admin,
      data: { reason: 'Försäkringen har löpt ut.' },
    });
    expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
    await page.goto(`/admin/clinics?search=${encodeURIComponent(withdrawnName)}`);
    await expect(row(page, withdrawnName)).toContainText('Återkallad');
    await expect(row(page, withdrawnName)).not.toContainText('Nekad');
  });

  test('the menu counts the reports waiting for an answer', async ({ page, login, request, browser }) => {
    const customer = await newCustomer(request);
    await post(request, '/api/me/reports', customer, {
      clinicName: unique('Rapporterade kliniken'),
      content: 'Behandlingen gjordes utan konsultation.',
    });
    const headers = await admin(request, browser);
    await login('admin');
    await page.goto('/admin');
    await expect(heading(page)).toHaveText('Översikt');
    await expect(menu(page).getByRole('link', { name: /^Rapporter \d+ rapport(er)? väntar$/ })).toBeVisible();
    await expect
      .poll(async () => {
        const { waiting } = (await (
          await request.get('/api/admin/reports/count', { headers })
        ).json()) as AdminReportCount;
        await page.reload();
        await expect(menu(page).getByRole('link', { name: /^Rapporter/ })).toBeVisible();
        return (await menuCount(page, /^Rapporter/)) === waiting && waiting >= 1;
      })
      .toBe(true);
  });
});

test.describe('the admin area on a phone (issue 28 point 9)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Every admin page (e2e/accessibility.spec.ts lists the routes), with the list it shows. */
  const PAGES: [path: string, title: string][] = [
    ['/admin', 'Översikt'],
    ['/admin/applications?drafts=true', 'Ansökningar'],
    ['/admin/messages', 'Meddelanden'],
    ['/admin/clinics', 'Kliniker'],
    ['/admin/users', 'Användare'],
    ['/admin/reports', 'Rapporter'],
    ['/admin/reviews', 'Omdömen'],
    ['/admin/cms', 'CMS'],
  ];

  /** Whether the element lies within the screen's width as it is, without scrolling anything sideways. */
  async function withinScreen(locator: Locator): Promise<boolean> {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    return box !== null && box.x >= 0 && box.x + box.width <= 390;
  }

  test('no admin page is wider than the screen, and every row action is on it', async ({
    page,
    login,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    // A long name without spaces, which a table would have let push the page wider.
    const name = unique('Mobilkliniken-med-ett-mycket-långt-namn');
    const clinicId = await sentInClinic(request, browser, name);
    await login('admin');
    const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth);

    for (const [path, title] of [...PAGES, [`/admin/applications/${clinicId}`, name] as [string, string]]) {
      await page.goto(path);
      await expect(heading(page)).toHaveText(title);
      await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
      expect.soft(await fitsTheScreen(), `${path} is no wider than 390 px`).toBeLessThanOrEqual(390);
    }

    // Each list's actions are on the screen: a row's menu, its "Hantera", its link.
    await page.goto(`/admin/clinics?search=${encodeURIComponent(name)}`);
    const actions = page.getByRole('button', { name: `Åtgärder för ${name}` });
    expect(await withinScreen(actions)).toBe(true);
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Redigera' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/admin/applications');
    const link = page.getByRole('link', { name });
    expect(await withinScreen(link)).toBe(true);

    for (const path of ['/admin/users', '/admin/reports']) {
      await page.goto(path);
      const manage = page.getByRole('button', { name: /^Hantera/ }).first();
      await expect(manage).toBeVisible();
      expect(await withinScreen(manage), `${path}: Hantera is on the screen`).toBe(true);
      expect(await fitsTheScreen()).toBeLessThanOrEqual(390);
    }
  });
});
