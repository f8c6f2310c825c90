import type { ClinicPage } from '../contracts/clinics.ts';
import type { Page } from '@playwright/test';
import { approvedClinic, ensureAdmin, expect, signInThroughApi, storeSession, test } from './fixtures.ts';

// Issue 24, what a person sees of the places (points 1 and 5): the about page names where the places
// come from and their licence; the register links to how it orders; a clinic gives its postal code and
// is placed at its town; the admin sees where the register places it and corrects it.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

test('the about page names GeoNames and its licence, and the register says how it orders', async ({ page, axe }) => {
  await page.goto('/om-oss');
  const sources = page.getByRole('region', { name: 'Källor' });
  await expect(sources).toContainText('Ortdata: GeoNames, CC BY 4.0.');
  await expect(sources.getByRole('link', { name: 'GeoNames' })).toHaveAttribute('href', 'https://www.geonames.org/');
  await expect(sources.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/',
  );
  await axe();

  await page.goto('/kliniker');
  await page.getByRole('link', { name: 'Så ordnas registret' }).click();
  await expect(page).toHaveURL(/\/sa-granskar-vi-omdomen#guidelines-ranking-heading$/);
  const ranking = page.getByRole('region', { name: 'Så ordnas klinikerna i registret' });
  await expect(ranking).toContainText('Du kan söka nära en ort eller nära dig.');
  await expect(ranking).toContainText('Utan ort visas klinikerna i bokstavsordning efter namn');
  await expect(ranking).toContainText('Betyget och antalet omdömen påverkar inte ordningen.');

  await page.goto('/om-oss?lng=en');
  await expect(page.getByRole('region', { name: 'Sources' })).toContainText('Place data: GeoNames, CC BY 4.0.');
});

test('a clinic gives its postal code and is placed at its town; the admin corrects where it is', async ({
  page,
  request,
  browser,
  axe,
}) => {
  test.setTimeout(90_000);
  const name = `Fyrisvallens Hudvård ${Date.now()}`;
  // Approved through the API the pages use, with the complete application's city, Stockholm.
  const { account, clinicId } = await approvedClinic(request, browser, name);

  await test.step('the clinic gives its postal code in its application', async () => {
    const context = await browser.newContext({ locale: 'sv-SE' });
    const clinic = await context.newPage();
    const session = await signInThroughApi(request, account.email, account.password);
    if (!session) throw new Error('The clinic does not accept its password');
    await storeSession(clinic, session);
    await clinic.goto('/clinic-dashboard/application');
    await clinic.getByRole('button', { name: 'Ändra information' }).click();
    const dialog = clinic.getByRole('dialog', { name: 'Redigera Ansökningsinformation' });
    await expect(dialog.getByLabel('Postnummer')).toHaveAttribute('placeholder', 't.ex. 111 22');
    await dialog.getByLabel('Postnummer').fill('1234');
    await dialog.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(dialog.getByText('Ange postnumret med fem siffror, till exempel 753 20.')).toBeVisible();
    await dialog.getByLabel('Postnummer').fill('11122');
    await dialog.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(dialog).toBeHidden();
    await expect(clinic.getByText('111 22', { exact: true })).toBeVisible();
    await context.close();
  });

  await test.step('the admin sees the town’s position and corrects it, with a refusal in words first', async () => {
    const { account: admin } = await ensureAdmin(page, request);
    const session = await signInThroughApi(request, admin.email, admin.password);
    if (!session) throw new Error('The admin does not accept its password');
    await storeSession(page, session);
    await page.goto(`/admin/applications/${clinicId}`);
    const card = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Position i registret' }),
    });
    await expect(card).toContainText('Registret placerar kliniken mitt i orten Stockholm.');
    await expect(card.getByLabel('Latitud')).toHaveValue('59.32938');
    await expect(page.getByText('111 22', { exact: true })).toBeVisible();
    await axe();

    // Latitude and longitude swapped: outside Sweden, said in words.
    await card.getByLabel('Latitud').fill('17,6389');
    await card.getByLabel('Longitud').fill('59,8586');
    await card.getByRole('button', { name: 'Spara position' }).click();
    await expect(card.getByRole('alert')).toContainText('Positionen ligger utanför Sverige.');

    await card.getByLabel('Latitud').fill('59,8586');
    await card.getByLabel('Longitud').fill('17.6389');
    await card.getByRole('button', { name: 'Spara position' }).click();
    await expect(toast(page, 'Positionen är sparad')).toBeVisible();
    await expect(card).toContainText('En administratör har rättat positionen.');
    await expect(page.getByText('En administratör rättade klinikens position')).toBeVisible();
  });

  await test.step('the register finds the clinic near Uppsala, where the admin put it', async () => {
    await expect(async () => {
      const response = await request.get(`/api/clinics?near=uppsala&radius=5&search=${encodeURIComponent(name)}`);
      expect(response.ok()).toBe(true);
      const found = (await response.json()) as ClinicPage;
      expect(found.items.map((item) => item.fullName)).toEqual([name]);
      expect(found.items[0]?.distanceKm).toBeLessThan(1);
    }).toPass({ timeout: 15_000 });
  });
});
