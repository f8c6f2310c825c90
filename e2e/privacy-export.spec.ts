import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { readZip } from '../server/testing/unzip.ts';
import { clinicWithApplication, expect, signUpThroughApi, storeSession, test } from './fixtures.ts';

// Issue 26 point 1 and point 5's export: every role downloads its data from its settings, and the admin
// a person's data from the users page; the browser saves a zip that holds data.json (docs/decisions/034).

/** The zip the browser saved, read as an unzip program reads it, and its data.json. */
async function savedZip(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^certifierad-klinik-uppgifter-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await readZip(await readFile(await download.path()));
  const data = JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}') as {
    account: { email: string };
    profile: { fullName: string };
    clinic: { documents: { fileName: string; fileInZip: string }[] } | null;
  };
  return { files, data };
}

async function downloadFromSettings(page: Page, settings: string) {
  await page.goto(settings);
  const card = page.getByRole('heading', { name: 'Dina uppgifter', level: 2 });
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ladda ner mina uppgifter' }).click();
  return savedZip(await downloading);
}

test('a customer downloads its data from the settings page', async ({ page, login, axe }) => {
  const customer = await login('customer', { fresh: true });
  const { files, data } = await downloadFromSettings(page, '/dashboard/settings');
  expect(data.account.email).toBe(customer.email);
  expect(data.clinic).toBeNull();
  expect(files.get('README.txt')?.toString('utf8')).toContain(customer.email);
  // The page stays where it was: the download went to disk, not into the page.
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await axe();
});

test('a clinic downloads its data with its documents, in English too', async ({ page, request }) => {
  const { account, session } = await clinicWithApplication(request, 'Exportkliniken');
  await storeSession(page, session);
  const { files, data } = await downloadFromSettings(page, '/clinic-dashboard/settings');
  expect(data.account.email).toBe(account.email);
  expect(data.clinic?.documents).toEqual([
    expect.objectContaining({ fileName: 'Försäkringsbrev.pdf', fileInZip: 'documents/Försäkringsbrev.pdf' }),
  ]);
  expect(files.get('documents/Försäkringsbrev.pdf')?.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.goto('/clinic-dashboard/settings?lng=en');
  await expect(page.getByRole('heading', { name: 'Your data', level: 2 })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await savedZip(await downloading)).data.account.email).toBe(account.email);
});

test('the admin downloads its own data from its settings, and a customer’s from the users page', async ({
  page,
  request,
  login,
  axe,
}) => {
  const { account: customer } = await signUpThroughApi(request, 'customer', 'Exportera Kund');
  const admin = await login('admin');

  // The header's name leads to the admin's settings, as every area's does.
  await page.goto('/admin');
  await page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(admin.fullName) })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inställningar');
  const own = await downloadFromSettings(page, '/admin/settings');
  expect(own.data.account.email).toBe(admin.email);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(customer.email);
  const exportButton = page.getByRole('button', { name: `Exportera uppgifter för ${customer.fullName}` });
  await expect(exportButton).toBeInViewport();
  await axe();
  const downloading = page.waitForEvent('download');
  await exportButton.click();
  const { data } = await savedZip(await downloading);
  expect(data.account.email).toBe(customer.email);
  expect(data.profile.fullName).toBe('Exportera Kund');
});
