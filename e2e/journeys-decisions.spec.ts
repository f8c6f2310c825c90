import type { Browser, Page } from '@playwright/test';
import { readOutbox } from '../server/testing/outbox.ts';
import { clinicWithApplication, expect, signUpThroughApi, storeSession, test } from './fixtures.ts';

// Issue 28 point 2: decisions reach people. The admin denies a clinic's application with a reason: the
// clinic's overview says so, with the reason and what to do next, and so does the email it got. The
// admin answers a customer's report: the customer's overview says it was answered, and the email does.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

/** A page of its own, signed in with `session`, in Swedish. */
async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  session: Parameters<typeof storeSession>[1],
) {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

/** The emails the e2e server wrote to `email` (DATA_DIR/outbox), once there is one. */
async function mailTo(email: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  await expect.poll(async () => (await readOutbox(dataDir)).some((mail) => mail.to === email)).toBe(true);
  return (await readOutbox(dataDir)).filter((mail) => mail.to === email);
}

test("a denied clinic's overview says the denial, the admin's reason and what to do next", async ({
  page,
  login,
  browser,
  baseURL,
  request,
}) => {
  const name = `Nekade Hudvården ${Date.now()}`;
  const reason = 'Försäkringsbrevet gäller en annan klinik. Ladda upp ert eget och skicka in igen.';
  const { account, session, headers } = await clinicWithApplication(request, name);
  expect((await request.post('/api/clinic/application/submit', { headers })).ok()).toBe(true);
  const clinicId = (session.user as unknown as { id: string }).id;

  await test.step('the admin denies the application with a reason', async () => {
    await login('admin');
    await page.goto(`/admin/applications/${clinicId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.getByRole('button', { name: 'Neka ansökan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivering').fill(reason);
    await dialog.getByRole('button', { name: 'Neka ansökan' }).click();
    await expect(toast(page, 'Ansökan nekad')).toBeVisible();
  });

  await test.step("the clinic's overview says it was denied, why, and what to do next", async () => {
    const clinic = await signedInPage(browser, baseURL, session);
    await clinic.goto('/clinic-dashboard');
    const card = clinic
      .locator('[data-slot="card"]')
      .filter({ has: clinic.getByRole('heading', { name: 'Senaste beslut' }) });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^Ansökan nekad \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(card).toContainText(`Skäl: ${reason}`);
    await expect(card).toContainText('Så går ni vidare: rätta till det som anges');
    await card.getByRole('link', { name: 'Gå till ansökan' }).click();
    await expect(clinic).toHaveURL(/\/clinic-dashboard\/application$/);
    await clinic.context().close();
  });

  await test.step('the clinic was emailed the denial with the reason and the way to its overview', async () => {
    const [email] = await mailTo(account.email);
    expect(email?.subject).toBe('Ansökan nekad / Application denied – Certifierad Klinik');
    expect(email?.text).toContain(reason);
    expect(email?.link).toMatch(/\/clinic-dashboard$/);
  });
});

test("a customer's overview says that a report was answered, and leads to the answer", async ({
  page,
  login,
  browser,
  baseURL,
  request,
}) => {
  const clinicName = `Tveksamma Kliniken ${Date.now()}`;
  const reportText = `Kliniken kallar sig certifierad men finns inte i registret (${Date.now()}).`;
  const answer = 'Tack! Vi har bett kliniken ta bort märket från sin webbplats.';
  const { account, session } = await signUpThroughApi(request, 'customer', 'Rut Rapportör');
  const filed = await request.post('/api/me/reports', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { clinicName, content: reportText },
  });
  expect(filed.status()).toBe(201);

  await test.step('the admin answers the report', async () => {
    await login('admin');
    await page.goto('/admin/reports?status=Ny');
    await page
      .getByRole('row')
      .filter({ hasText: reportText })
      .getByRole('button', { name: `Hantera rapporten om ${clinicName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Hantera rapport' });
    await dialog.getByLabel('Svar till kunden').fill(answer);
    await dialog.getByRole('button', { name: 'Spara svar' }).click();
    await expect(toast(page, 'Rapport uppdaterad!')).toBeVisible();
  });

  await test.step("the customer's overview says it was answered and leads to the answer", async () => {
    const customer = await signedInPage(browser, baseURL, session);
    await customer.goto('/dashboard');
    const card = customer
      .locator('[data-slot="card"]')
      .filter({ has: customer.getByRole('heading', { name: 'Svar på dina rapporter' }) });
    await expect(
      card.getByText(new RegExp(`^Din rapport om ${clinicName} besvarades \\d{4}-\\d{2}-\\d{2}\\.$`)),
    ).toBeVisible();
    await card.getByRole('link', { name: 'Läs svaren' }).click();
    await expect(customer).toHaveURL(/\/dashboard\/reports$/);
    await expect(
      customer.getByRole('list', { name: 'Mina rapporter' }).getByRole('listitem').filter({ hasText: reportText }),
    ).toContainText(answer);
    await customer.context().close();
  });

  await test.step('the customer was emailed the answer with the way to the reports', async () => {
    const [email] = await mailTo(account.email);
    expect(email?.subject).toBe(
      `Svar på din rapport om ${clinicName} / Your report has been answered – Certifierad Klinik`,
    );
    expect(email?.text).toContain(answer);
    expect(email?.link).toMatch(/\/dashboard\/reports$/);
  });
});
