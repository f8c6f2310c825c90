import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ClinicOwnProfile } from '../contracts/clinic-area.ts';
import { readZip } from '../server/testing/unzip.ts';
import { approvedClinic, expect, signInThroughApi, test } from './fixtures.ts';

// Issue 26 point 5 for a clinic: the admin exports or erases its data on request from the clinics
// table's row menu (the users table lists customers only), at phone width and with the keyboard.

/** Opens the row's menu from the keyboard, as a screen reader or keyboard user does. */
async function openMenu(page: Page, name: string) {
  const menuButton = page.getByRole('button', { name: `Åtgärder för ${name}` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test("the admin exports a clinic's data and erases the clinic from the clinics table", async ({
  page,
  request,
  browser,
  login,
}) => {
  const name = `Raderas Hudklinik ${Date.now().toString(36)}`;
  const { account, headers } = await approvedClinic(request, browser, name);
  const { slug } = (await (await request.get('/api/clinic/profile', { headers })).json()) as ClinicOwnProfile;
  if (!slug) throw new Error('The approved clinic has no public page');

  await login('admin');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/clinics');
  await page.getByRole('searchbox', { name: 'Sök kliniker' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Godkänd')).toBeVisible();

  // The export: the browser saves the zip, which holds the clinic's own data.
  let menu = await openMenu(page, name);
  const downloading = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'Exportera uppgifter' }).press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^certifierad-klinik-uppgifter-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await readZip(await readFile(await download.path()));
  const data = JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}') as {
    account: { email: string };
    clinic: { documents: { fileName: string }[] } | null;
  };
  expect(data.account.email).toBe(account.email);
  expect(data.clinic?.documents.map((document) => document.fileName)).toEqual(['Försäkringsbrev.pdf']);

  // The erasure: a reason for the audit log, and the admin is asked once more.
  menu = await openMenu(page, name);
  await menu.getByRole('menuitem', { name: 'Radera konto' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: `Radera kontot för ${name}` });
  await dialog.getByLabel(/Motivering/).fill('Kliniken bad om det per brev den 3 mars; underskriften kontrollerad.');
  await dialog.getByRole('button', { name: 'Radera konto' }).click();
  await page
    .getByRole('alertdialog', { name: `Radera kontot för ${name} för alltid?` })
    .getByRole('button', { name: 'Radera kontot' })
    .click();
  await expect(page.getByText(`Kontot för ${name} är raderat`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The table keeps the clinic by its name, marked Borttagen, and does not offer to erase it again.
  await expect(row.getByText('Borttagen', { exact: true })).toBeVisible();
  menu = await openMenu(page, name);
  await expect(menu.getByRole('menuitem', { name: 'Exportera uppgifter' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Radera konto' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Åtgärder för ${name}` })).toBeFocused();

  // The same in English.
  await page.goto('/admin/clinics?lng=en');
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Deleted', { exact: true })).toBeVisible();

  // The clinic cannot sign in; its public page says its certificate was withdrawn.
  expect(await signInThroughApi(request, account.email, account.password)).toBeNull();
  await page.goto(`/kliniker/${slug}?lng=sv`);
  await expect(page.getByText(/^Certifikatet återkallades den \d{4}-\d{2}-\d{2}\.$/)).toBeVisible();
});
