import { expect, test } from './fixtures.ts';

// The register's filter by treatment (issue 22 point 8): only a certificate's verified scope counts.
// The demo data gives every certified clinic a scope (server/services/demo/scope.ts): tattoo removal is
// covered by two clinics, one of them in Göteborg.

const TATTOO_REMOVAL = ['Göta Hud & Laser', 'Vänerns Estetikklinik'];

test('choosing a treatment lists the clinics certified for it, the address follows, and a reload keeps it', async ({
  page,
}) => {
  await page.goto('/kliniker');
  const names = page.getByRole('article').getByRole('heading');
  await expect(names).toHaveCount(24);

  await page.getByLabel('Behandling').selectOption({ label: 'Borttagning av tatueringar' });
  await expect(page).toHaveURL(/\/kliniker\?treatment=tattoo_removal$/);
  await expect(names).toHaveText(TATTOO_REMOVAL);

  await page.getByLabel('Sök klinik eller stad').fill('göteborg');
  await expect(page).toHaveURL(/\?search=g%C3%B6teborg&treatment=tattoo_removal$/);
  await expect(names).toHaveText(['Göta Hud & Laser']);

  await page.reload();
  await expect(page.getByLabel('Behandling')).toHaveValue('tattoo_removal');
  await expect(page.getByLabel('Sök klinik eller stad')).toHaveValue('göteborg');
  await expect(names).toHaveText(['Göta Hud & Laser']);

  await page.getByLabel('Behandling').selectOption({ label: 'Alla behandlingar' });
  await expect(page).toHaveURL(/\?search=g%C3%B6teborg$/);
  await expect(names).toHaveText(['Göta Hud & Laser', 'Åkerblads Hudvård']);
});

test("the server's first screen is already filtered, before the app has loaded", async ({ page }) => {
  // The app's scripts never load: what shows is the copy the server rendered.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/kliniker?treatment=tattoo_removal');
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(TATTOO_REMOVAL);
  await expect(page.getByLabel('Behandling')).toHaveValue('tattoo_removal');
});

test('says when no clinic certified for the treatment matches, in Swedish and English', async ({ page }) => {
  await page.goto('/kliniker?search=g%C3%B6teborg&treatment=piercing');
  await expect(
    page.getByText('Inga kliniker som är certifierade för behandlingen ”Piercing” matchar din sökning.'),
  ).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await page.goto('/kliniker?search=g%C3%B6teborg&treatment=piercing&lng=en');
  await expect(page.getByText('No clinics certified for “Piercing” match your search.')).toBeVisible();
  await expect(page.getByLabel('Treatment')).toHaveValue('piercing');
});
