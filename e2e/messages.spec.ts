import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { approvedClinic, expect, signInThroughApi, storeSession, test } from './fixtures.ts';

// Messaging (issue 11): a customer writes to a clinic, whose open inbox shows it at once and answers;
// the admin writes from the clinics table and finds it in the inbox and on the overview; a visitor's
// contact form message reaches the admins' open inbox.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const conversations = (page: Page) => page.getByRole('list', { name: 'Konversationer' });
const thread = (page: Page) => page.getByRole('list', { name: 'Meddelanden' });
const menuCount = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /^Meddelanden/ });

/** The clinics a test published: hidden again after it, so the register specs see only the demo's. */
const published: string[] = [];
const setVisibility = (request: APIRequestContext, accessToken: string, isPublic: boolean) =>
  request.put('/api/clinic/visibility', { headers: { authorization: `Bearer ${accessToken}` }, data: { isPublic } });

/** A certified clinic that has published its page, so it is in the register; with its session. */
async function publishedClinic(request: APIRequestContext, browser: Browser, name: string) {
  const { account } = await approvedClinic(request, browser, name);
  const session = await signInThroughApi(request, account.email, account.password);
  if (!session) throw new Error('The clinic account does not accept its password');
  const answer = await setVisibility(request, session.access_token, true);
  expect(answer.ok(), await answer.text()).toBe(true);
  published.push(session.access_token);
  return { account, session };
}

test.afterEach(async ({ request }) => {
  for (const accessToken of published.splice(0))
    expect((await setVisibility(request, accessToken, false)).ok()).toBe(true);
});

test('a customer writes to a clinic; the clinic sees it live in its open inbox and answers, and the customer reads the answer live', async ({
  page,
  browser,
  request,
  login,
  axe,
}) => {
  const name = `Meddelandekliniken ${Date.now()}`;
  const { session: clinicSession } = await publishedClinic(request, browser, name);

  // The clinic's inbox is open in a browser of its own before anything is sent.
  const clinicContext = await browser.newContext({ locale: 'sv-SE' });
  const clinicPage = await clinicContext.newPage();
  await storeSession(clinicPage, clinicSession);
  await clinicPage.goto('/clinic-dashboard/messages');
  await expect(clinicPage.getByText('Inga meddelanden än.')).toBeVisible();

  const customer = await login('customer', { fresh: true });
  await page.goto(`/kliniker?search=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Skicka meddelande till ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Meddelande till ${name}` });
  await dialog.getByLabel('Meddelande').fill('   ');
  await dialog.getByRole('button', { name: 'Skicka' }).click();
  await expect(dialog.getByText('Meddelandet kan inte vara tomt.')).toBeVisible();
  await dialog.getByLabel('Meddelande').fill('Har ni tid på fredag? <b>inte fetstil</b>');
  await dialog.getByRole('button', { name: 'Skicka' }).click();
  await expect(toast(page, 'Meddelande skickat!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Live, without a reload: the conversation, the unread counts and a toast.
  const fromCustomer = conversations(clinicPage).getByRole('link', { name: new RegExp(customer.fullName) });
  await expect(fromCustomer).toBeVisible({ timeout: 5_000 });
  await expect(toast(clinicPage, `Nytt meddelande från ${customer.fullName}`)).toBeVisible();
  await expect(menuCount(clinicPage)).toHaveAccessibleName('Meddelanden 1 oläst');
  await fromCustomer.click();
  // HTML in a message is text.
  await expect(thread(clinicPage).getByText('Har ni tid på fredag? <b>inte fetstil</b>')).toBeVisible();
  await expect(menuCount(clinicPage)).toHaveAccessibleName('Meddelanden');
  await axe();

  await page.goto('/dashboard/messages');
  await expect(conversations(page).getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await conversations(page)
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await clinicPage.getByLabel('Svar').fill('Ja, klockan tio passar bra.');
  await clinicPage.getByRole('button', { name: 'Skicka' }).click();
  await expect(thread(clinicPage).getByText('Ja, klockan tio passar bra.')).toBeVisible();
  // The customer has the conversation open: the answer appears in it.
  await expect(thread(page).getByText('Ja, klockan tio passar bra.')).toBeVisible({ timeout: 5_000 });
  await axe();
  await clinicContext.close();
});

test("the admin writes to a clinic from the clinics table and finds it in the inbox and on the overview; a visitor's contact message reaches the open inbox", async ({
  page,
  browser,
  request,
  login,
  axe,
}) => {
  const name = `Adminpost Klinik ${Date.now()}`;
  await publishedClinic(request, browser, name);
  await login('admin');
  await page.goto(`/admin/clinics?search=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Åtgärder för ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Skicka meddelande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Skicka meddelande' });
  const content = `Vi har tagit emot era intyg (${Date.now()}).`;
  await dialog.getByLabel('Meddelande').fill(content);
  await dialog.getByRole('button', { name: 'Skicka' }).click();
  await expect(toast(page, 'Meddelande skickat!')).toBeVisible();

  await page.goto('/admin/messages');
  const withClinic = conversations(page).getByRole('link', { name: new RegExp(name) });
  await withClinic.click();
  await expect(thread(page).getByText(content)).toBeVisible();
  await axe();

  // A visitor writes through the contact form while the inbox is open.
  const visitor = await browser.newContext({ locale: 'sv-SE' });
  const contactPage = await visitor.newPage();
  const guest = `Gäst ${Date.now()}`;
  await contactPage.goto('/kontakta-oss');
  await contactPage.getByRole('textbox', { name: 'Namn' }).fill(guest);
  await contactPage.getByRole('textbox', { name: 'E-post' }).fill(`gast-${Date.now()}@example.com`);
  await contactPage.getByRole('textbox', { name: 'Ämne' }).fill('Fråga');
  await contactPage.getByRole('textbox', { name: 'Meddelande' }).fill('Hur lång tid tar granskningen?');
  await contactPage.getByRole('button', { name: 'Skicka meddelande' }).click();
  await expect(toast(contactPage, 'Meddelande skickat!')).toBeVisible();
  await expect(conversations(page).getByRole('link', { name: new RegExp(guest) })).toBeVisible({ timeout: 5_000 });
  await expect(toast(page, `Nytt meddelande från ${guest}`)).toBeVisible();
  await visitor.close();

  await page.goto('/admin');
  const latest = page.getByRole('list', { name: 'Senaste meddelanden' });
  await expect(latest.getByText(content)).toBeVisible();
  await expect(latest.getByText(`${guest} (via kontaktformuläret)`)).toBeVisible();
});
