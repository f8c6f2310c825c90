import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { ClinicPage } from '../contracts/clinics.ts';
import type { CustomerInvitation } from '../contracts/reviews.ts';
import { readOutbox } from '../server/testing/outbox.ts';
import {
  approvedClinic,
  expect,
  signInThroughApi,
  signUpThroughApi,
  storeSession,
  test,
  uniqueEmail,
} from './fixtures.ts';

// Issue 23's path through the browser: a clinic invites a customer after a visit; the customer follows the
// emailed link and writes the review; the clinic's page shows it labelled "Verifierat besök" with the
// month; the clinic replies; a reader reports another review; the admin hides it with a public reason; the
// clinic's rating follows. The other reviews are written through the same API the pages use.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const HARSH_REVIEW = 'Ingen tog emot mig på en kvart och ingen bad om ursäkt för väntan.';

/** Today in Sweden, as the visit-date field and the server count days. */
const swedishToday = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short' }).format(new Date());

/** The review link the newest invitation email to `email` carries, read from the e2e server's outbox. */
async function invitationLink(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await readOutbox(dataDir)).findLast(
          (mail) => mail.to === email && mail.link?.includes('/omdome/'),
        )?.link;
        return link;
      },
      { message: `an invitation email to ${email}`, timeout: 15_000 },
    )
    .toBeDefined();
  if (!link) throw new Error('unreachable');
  return link;
}

/** A customer invited by the clinic writes a review through the API the pages use. */
async function reviewThroughApi(
  request: APIRequestContext,
  clinic: Record<string, string>,
  review: { name: string; rating: number; text: string },
) {
  const { account, session } = await signUpThroughApi(request, 'customer', review.name);
  const invited = await request.post('/api/clinic/review-invitations', {
    headers: clinic,
    data: { email: account.email, visitDate: swedishToday() },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(await invitationLink(account.email)).pathname.split('/').at(-1) ?? '';
  const customer = { authorization: `Bearer ${session.access_token}` };
  const claimed = await request.post('/api/me/review-invitations/claim', { headers: customer, data: { token } });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const { id } = (await claimed.json()) as CustomerInvitation;
  const written = await request.post('/api/me/reviews', {
    headers: customer,
    data: { invitationId: id, rating: review.rating, text: review.text },
  });
  expect(written.status(), await written.text()).toBe(201);
}

/** A page of its own, signed in with `session`. */
async function pageSignedIn(
  browser: Browser,
  baseURL: string | undefined,
  session: Parameters<typeof storeSession>[1],
) {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE' });
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

test('a clinic invites after a visit, the customer reviews through the link, the clinic replies, the admin hides a reported review and the rating follows', async ({
  page,
  browser,
  request,
  baseURL,
  login,
  axe,
}) => {
  test.slow();
  const name = `Omdömesklinikens Hud ${Date.now()}`;
  const { account, headers: clinic } = await approvedClinic(request, browser, name);
  expect((await request.put('/api/clinic/visibility', { headers: clinic, data: { isPublic: true } })).ok()).toBe(true);
  const register = (await (
    await request.get(`/api/clinics?${new URLSearchParams({ search: name })}`)
  ).json()) as ClinicPage;
  const slug = register.items[0]?.slug;
  expect(slug, 'the published clinic in the register').toBeDefined();
  const clinicSession = await signInThroughApi(request, account.email, account.password);
  if (!clinicSession) throw new Error('The clinic account does not accept its password');
  const clinicPage = await pageSignedIn(browser, baseURL, clinicSession);
  const customerName = 'Vera Verifierad';
  const customer = await signUpThroughApi(request, 'customer', customerName);
  const customerPage = await pageSignedIn(browser, baseURL, customer.session);
  const month = new Intl.DateTimeFormat('sv-SE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Stockholm',
  }).format(new Date());

  try {
    await test.step('the clinic invites the customer from its reviews page', async () => {
      await clinicPage.goto('/clinic-dashboard/reviews');
      await clinicPage.getByLabel('Kundens e-postadress').fill(customer.account.email);
      await clinicPage.getByLabel('Besöksdatum').fill(swedishToday());
      await clinicPage.getByRole('button', { name: 'Skicka inbjudan' }).click();
      await expect(toast(clinicPage, 'Inbjudan skickad')).toBeVisible();
      await expect(clinicPage.getByText(customer.account.email, { exact: true })).toBeVisible();
    });

    await test.step('the customer follows the emailed link and writes the review', async () => {
      await customerPage.goto(await invitationLink(customer.account.email));
      await expect(customerPage.getByText(name).first()).toBeVisible();
      await customerPage.getByRole('radio', { name: '4 stjärnor' }).check({ force: true });
      await customerPage
        .getByLabel('Ditt omdöme')
        .fill('Grundlig genomgång av huden före behandlingen och <b>tydliga</b> råd om eftervård.');
      await customerPage.getByRole('button', { name: 'Skicka omdöme' }).click();
      await expect(customerPage.getByText('Tack för ditt omdöme!')).toBeVisible();
    });

    // Three more invited visitors: 5, 5 and 1 stars with the 4 above make 3.75, shown as 3,8.
    await reviewThroughApi(request, clinic, {
      name: 'Olle Exempel',
      rating: 5,
      text: 'Lugn miljö och en behandlare som förklarade varje steg.',
    });
    await reviewThroughApi(request, clinic, {
      name: 'Greta Exempel',
      rating: 5,
      text: 'Bästa ansiktsbehandlingen jag fått, och fint bemötande.',
    });
    await reviewThroughApi(request, clinic, { name: 'Nils Exempel', rating: 1, text: HARSH_REVIEW });

    const reviews = page.getByRole('list', { name: `Omdömen om ${name}` });
    await test.step("the clinic's page shows the review labelled as a verified visit, its HTML as text, and the rating", async () => {
      await page.goto(`/kliniker/${slug}`);
      const written = reviews.getByRole('listitem').filter({ hasText: 'Vera V.' });
      await expect(written).toContainText(`Verifierat besök, ${month}`);
      await expect(written).toContainText('<b>tydliga</b>');
      await expect(written.getByRole('img', { name: '4 av 5 stjärnor' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Betyg 3,8 av 5 från 4 verifierade besök/ }).first()).toBeVisible();
      await axe();
    });

    await test.step('the clinic replies to it', async () => {
      await clinicPage.reload();
      const review = clinicPage.getByRole('article').filter({ hasText: 'Vera V.' });
      await review.getByRole('button', { name: 'Svara' }).click();
      await review.getByLabel('Ert svar').fill('Tack Vera, välkommen tillbaka!');
      await review.getByRole('button', { name: 'Publicera svar' }).click();
      await expect(toast(clinicPage, 'Svaret är publicerat')).toBeVisible();
      await page.reload();
      const written = reviews.getByRole('listitem').filter({ hasText: 'Vera V.' });
      await expect(written).toContainText(`Svar från ${name}`);
      await expect(written).toContainText('Tack Vera, välkommen tillbaka!');
    });

    await test.step('a signed-in reader reports the harsh review', async () => {
      await customerPage.goto(`/kliniker/${slug}`);
      const harsh = customerPage
        .getByRole('list', { name: `Omdömen om ${name}` })
        .getByRole('listitem')
        .filter({ hasText: HARSH_REVIEW });
      await harsh.getByRole('button', { name: /^Anmäl/ }).click();
      const dialog = customerPage.getByRole('dialog', { name: 'Anmäl omdöme' });
      await dialog.getByLabel('Varför ska omdömet granskas?').fill('Texten gäller inte behandlingen utan väntetiden.');
      await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
      await expect(toast(customerPage, 'Tack för din anmälan')).toBeVisible();
    });

    await test.step("the admin hides it with a public reason, and the clinic's rating follows", async () => {
      await login('admin');
      await page.goto('/admin/reviews');
      const reported = page.getByRole('article').filter({ hasText: HARSH_REVIEW });
      await expect(reported).toContainText('Texten gäller inte behandlingen utan väntetiden.');
      await reported.getByRole('button', { name: 'Dölj' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dölj omdömet?' });
      await dialog.getByLabel('Skäl').selectOption({ label: 'Bryter mot riktlinjerna' });
      await dialog.getByRole('button', { name: 'Dölj omdömet' }).click();
      await expect(toast(page, 'Omdömet är dolt')).toBeVisible();

      const visitor = await browser.newContext({ baseURL, locale: 'sv-SE' });
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/kliniker/${slug}`);
      await expect(
        anonymous.getByRole('link', { name: /^Betyg 4,7 av 5 från 3 verifierade besök/ }).first(),
      ).toBeVisible();
      await expect(
        anonymous.getByText('Omdömet har dolts av Certifierad Klinik: Bryter mot riktlinjerna'),
      ).toBeVisible();
      await expect(anonymous.getByText(HARSH_REVIEW)).toHaveCount(0);
      await visitor.close();
    });
  } finally {
    // Out of the register for the specs that count it.
    await request.put('/api/clinic/visibility', { headers: clinic, data: { isPublic: false } });
    await clinicPage.context().close();
    await customerPage.context().close();
  }
});

test('an invitation link opened signed out says which address it is for and how to go on', async ({
  page,
  browser,
  request,
}) => {
  const { headers: clinic } = await approvedClinic(request, browser, `Engångslänkens Klinik ${Date.now()}`);
  const email = uniqueEmail('customer');
  const invited = await request.post('/api/clinic/review-invitations', {
    headers: clinic,
    data: { email, visitDate: swedishToday() },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationLink(email);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Logga in för att skriva omdömet' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});
