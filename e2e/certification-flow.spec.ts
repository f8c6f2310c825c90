import type { Page } from '@playwright/test';
import { adminHeaders, clinicWithApplication, expect, test, verifyAllFacts } from './fixtures.ts';

// The certification from both sides (issue #8): a clinic sends its application in, the admin denies it
// with a reason, the clinic reads it, corrects and sends in again, the admin approves, and the clinic is
// in the public register with a certified overview.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

test('a clinic is denied, corrects its application and is certified into the public register', async ({
  page,
  login,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Flodets Hudvård ${Date.now()}`;
  // Shown in the register once certified: the default (issue 28), nothing to publish.
  const { account: clinicAccount, headers } = await clinicWithApplication(request, name);
  const clinic = await (await browser.newContext({ locale: 'sv-SE' })).newPage();

  await test.step('the clinic sends its application in', async () => {
    await signInWithForm(clinic, clinicAccount.email, clinicAccount.password);
    await expect(clinic).toHaveURL(/\/clinic-dashboard$/);
    await clinic.goto('/clinic-dashboard/application');
    await clinic.getByRole('button', { name: 'Skicka in ansökan' }).click();
    await clinic
      .getByRole('alertdialog', { name: 'Skicka in ansökan?' })
      .getByRole('button', { name: 'Skicka in ansökan' })
      .click();
    await expect(clinic.getByText('Ansökan mottagen')).toBeVisible();
  });

  await test.step('the admin opens it, downloads the document and denies it with a reason', async () => {
    await login('admin');
    await page.goto('/admin/applications');
    await row(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('list', { name: 'Dokument' })
      .getByRole('button', { name: 'Ladda ner Försäkringsbrev.pdf' })
      .click();
    expect((await downloading).suggestedFilename()).toBe('Försäkringsbrev.pdf');

    await page.getByRole('button', { name: 'Neka ansökan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivering').fill('Adressen saknar postort. Rätta den och skicka in igen.');
    await dialog.getByRole('button', { name: 'Neka ansökan' }).click();
    await expect(toast(page, 'Ansökan nekad')).toBeVisible();
  });

  await test.step('the clinic reads the reason, corrects its address and sends in again', async () => {
    await clinic.reload();
    await expect(clinic.getByText('Adressen saknar postort. Rätta den och skicka in igen.')).toBeVisible();
    await clinic.getByRole('button', { name: 'Ändra information' }).click();
    const dialog = clinic.getByRole('dialog', { name: 'Redigera Ansökningsinformation' });
    await dialog.getByLabel('Adress').fill('Storgatan 1, 222 22 Lund, Sverige');
    await dialog.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(toast(clinic, 'Information uppdaterad!')).toBeVisible();
    await clinic.getByRole('button', { name: 'Skicka in ansökan' }).click();
    await clinic
      .getByRole('alertdialog', { name: 'Skicka in ansökan?' })
      .getByRole('button', { name: 'Skicka in ansökan' })
      .click();
    await expect(clinic.getByText('Ansökan mottagen')).toBeVisible();
    await expect(clinic.getByText('Adressen saknar postort. Rätta den och skicka in igen.')).toHaveCount(0);
  });

  await test.step('the admin approves it, its facts verified', async () => {
    // The facts panel has a spec of its own (certificate-admin.spec.ts); here the admin's API checks them.
    const { id } = (await (await request.get('/api/clinic/profile', { headers })).json()) as { id: string };
    await verifyAllFacts(request, await adminHeaders(request, browser), id);
    await page.goto('/admin/applications');
    await row(page, name).getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Godkänn ansökan' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, godkänn' }).click();
    await expect(toast(page, 'Ansökan godkänd')).toBeVisible();
    await page.goto('/admin/applications');
    await expect(row(page, name)).toHaveCount(0);
  });

  await test.step('the clinic is in the public register and its overview shows it certified', async () => {
    await clinic.goto(`/kliniker?search=${encodeURIComponent(name)}`);
    await expect(clinic.getByRole('heading', { name })).toBeVisible();
    await clinic.goto('/clinic-dashboard');
    await expect(clinic.getByText(`31 december ${new Date().getFullYear()}`)).toBeVisible();
  });

  let number = '';
  await test.step('the certificate has a number, a badge and a public verification page', async () => {
    const profile = (await (await request.get('/api/clinic/profile', { headers })).json()) as {
      id: string;
      certificate: { number: string; validFrom: string };
    };
    number = profile.certificate.number;
    expect(number).toMatch(new RegExp(`^CK-${new Date().getFullYear()}-\\d{6}$`));
    await expect(clinic.getByText(`Certifikat ${number}`, { exact: true })).toBeVisible();
    await clinic.goto(`/badge?id=${profile.id}`);
    await expect(clinic.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', `/verifiera/${number}`);
    await clinic.goto(`/verifiera/${number}`);
    await expect(clinic.getByText('Giltigt', { exact: true })).toBeVisible();
    await expect(clinic.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  });

  await test.step('the admin withdraws it: the badge goes off and the verification page says withdrawn', async () => {
    await page.goto(`/admin/clinics?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Åtgärder för ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Återkalla certifiering' }).click();
    const dialog = page.getByRole('dialog', { name: `Återkalla certifieringen för ${name}` });
    await dialog.getByLabel('Motivering').fill('Ansvarsförsäkringen har upphört.');
    await dialog.getByRole('button', { name: 'Återkalla certifiering' }).click();
    await expect(toast(page, `Certifieringen för ${name} är återkallad.`)).toBeVisible();

    const badge = await request.get(
      `/badge?id=${(await (await request.get('/api/clinic/profile', { headers })).json()).id}`,
    );
    expect(badge.status()).toBe(404);
    expect(await badge.text()).toContain('Denna klinik är inte aktivt certifierad.');
    await clinic.goto(`/verifiera/${number}`);
    await expect(clinic.getByText('Återkallat', { exact: true })).toBeVisible();
  });
});
