import type { APIRequestContext, Page } from '@playwright/test';
import {
  approvedClinic,
  AUTH_STORAGE_KEY,
  expect,
  signInThroughApi,
  signUpThroughApi,
  storeSession,
  test,
} from './fixtures.ts';

// Issue 26 point 2: a customer deletes the own account from the settings with the password. The browser
// is signed out at once, the password no longer signs in, the clinic the customer wrote to keeps the
// conversation under "Borttagen användare", and the address can register again.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const conversations = (page: Page) => page.getByRole('list', { name: 'Konversationer' });
const thread = (page: Page) => page.getByRole('list', { name: 'Meddelanden' });

/** The clinic this spec put in the register: out of it again afterwards, so the register specs see only theirs. */
let shownClinic: string | null = null;
const setVisibility = (request: APIRequestContext, accessToken: string, isPublic: boolean) =>
  request.put('/api/clinic/visibility', { headers: { authorization: `Bearer ${accessToken}` }, data: { isPublic } });

test.afterEach(async ({ request }) => {
  if (shownClinic) expect((await setVisibility(request, shownClinic, false)).ok()).toBe(true);
  shownClinic = null;
});

test('a customer who wrote to a clinic deletes the account: signed out, no way back in, "Borttagen användare" for the clinic, the address free again', async ({
  page,
  browser,
  request,
  axe,
}) => {
  const clinicName = `Raderingskliniken ${Date.now()}`;
  const { account: clinicAccount } = await approvedClinic(request, browser, clinicName);
  const clinicSession = await signInThroughApi(request, clinicAccount.email, clinicAccount.password);
  if (!clinicSession) throw new Error('The clinic account does not accept its password');
  expect((await setVisibility(request, clinicSession.access_token, true)).ok()).toBe(true);
  shownClinic = clinicSession.access_token;
  const clinicId = (clinicSession.user as unknown as { id: string }).id;

  const { account: customer, session } = await signUpThroughApi(request, 'customer', 'Dora Därifrån');
  const sent = await request.post('/api/messages', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { to: { kind: 'user', id: clinicId }, content: 'Har ni en tid för ansiktsbehandling?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The settings' last card: what happens, the password, and a second question.
  await storeSession(page, session);
  await page.goto('/dashboard/settings');
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Radera konto' }) });
  await expect(
    card.getByText('Dina meddelanden finns kvar hos mottagarna, under namnet ”Borttagen användare”.'),
  ).toBeVisible();
  await expect(
    card.getByText('Dina rapporter finns kvar för certifieringens skull, utan ditt namn och din e-postadress.'),
  ).toBeVisible();
  await axe();
  await card.getByLabel('Ditt lösenord').fill('inte-mitt-lösenord');
  await card.getByRole('button', { name: 'Radera konto' }).click();
  await page
    .getByRole('alertdialog', { name: 'Radera kontot för alltid?' })
    .getByRole('button', { name: 'Radera kontot' })
    .click();
  await expect(card.getByText('Fel lösenord. Kontot har inte raderats.')).toBeVisible();

  await card.getByLabel('Ditt lösenord').fill(customer.password);
  await card.getByRole('button', { name: 'Radera konto' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Radera kontot för alltid?' });
  await expect(confirm).toContainText('Det går inte att ångra.');
  await confirm.getByRole('button', { name: 'Radera kontot' }).click();

  // Signed out at once, on the start page.
  await expect(toast(page, 'Kontot är raderat')).toContainText('Du är utloggad.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logga in' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
  // The session the browser had is gone on the server too.
  expect(
    (await request.get('/api/me/profile', { headers: { authorization: `Bearer ${session.access_token}` } })).status(),
  ).toBe(401);

  // The password no longer signs in.
  await page.goto('/login');
  await page.getByLabel('E-post').fill(customer.email);
  await page.getByLabel('Lösenord', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(toast(page, 'Inloggningen misslyckades')).toContainText('Fel e-postadress eller lösenord.');
  await expect(page).toHaveURL(/\/login$/);

  // The clinic keeps the conversation, from "Borttagen användare".
  const clinicContext = await browser.newContext({ locale: 'sv-SE' });
  const clinicPage = await clinicContext.newPage();
  await storeSession(clinicPage, clinicSession);
  await clinicPage.goto('/clinic-dashboard/messages');
  const fromDeleted = conversations(clinicPage).getByRole('link', { name: /Borttagen användare/ });
  await expect(fromDeleted).toBeVisible();
  await expect(conversations(clinicPage)).not.toContainText('Dora Därifrån');
  await fromDeleted.click();
  await expect(thread(clinicPage).getByText('Har ni en tid för ansiktsbehandling?')).toBeVisible();
  await expect(thread(clinicPage)).toContainText('Borttagen användare');
  await clinicContext.close();

  // The address registers again, as a new account.
  await page.goto('/register');
  await page.getByLabel('Namn', { exact: true }).fill('Dora Tillbaka');
  await page.getByLabel('E-post').fill(customer.email);
  await page.getByLabel('Lösenord').fill('Ett-nytt-lösen-2026');
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Välkommen, Dora Tillbaka!')).toBeVisible();
  await page.goto('/dashboard/messages');
  await expect(page.getByText('Inga meddelanden än.')).toBeVisible();
});
