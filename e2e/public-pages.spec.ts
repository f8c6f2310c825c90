import { expect, test } from './fixtures.ts';

// The public pages crawlers index (issue 9): a register clinic's page and the verification of its
// certificate, reached the way a visitor does, and their 404s.

test("from the register to a clinic's page, and on to the verification of its certificate", async ({ page, axe }) => {
  await page.goto('/kliniker?search=Klara');
  await page.getByRole('link', { name: 'Klara Hudmottagning', exact: true }).click();

  await expect(page).toHaveURL(/\/kliniker\/klara-hudmottagning$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Klara Hudmottagning' })).toBeVisible();
  await expect(page).toHaveTitle(/^Klara Hudmottagning( i .+)? – Certifierad Klinik$/);
  const number = await page.getByText(/^CK-\d{4}-\d{6}$/).textContent();
  if (!number) throw new Error('the clinic page shows no certificate number');
  await axe();

  await page.getByRole('link', { name: 'Verifiera certifikatet' }).click();
  await expect(page).toHaveURL(`/verifiera/${number}`);
  await expect(page.getByText('Giltigt', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Certifikat ${number}` })).toBeVisible();
  await expect(page).toHaveTitle(`Certifikat ${number}: giltigt – Certifierad Klinik`);
  await axe();
});

test('an unknown certificate number is a 404 that says so, and the search finds the real ones', async ({
  page,
  axe,
}) => {
  const response = await page.goto('/verifiera/CK-1999-000001');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Inget certifikat har numret CK-1999-000001.')).toBeVisible();
  await expect(page).toHaveTitle('Okänt certifikatnummer – Certifierad Klinik');

  await page.getByRole('searchbox', { name: 'Certifikatnummer eller klinikens namn' }).fill('Åkerblads');
  const hits = page.getByRole('list', { name: 'Hittade certifikat' });
  await expect(hits.getByText('Åkerblads Hudvård').first()).toBeVisible();
  await axe();

  await hits.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/verifiera\/CK-\d{4}-\d{6}$/);
  await expect(page.getByRole('link', { name: /Åkerblads Hudvård/ })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Certifikatnummer eller klinikens namn' })).toHaveValue('');
});

test("an unknown clinic's address is the site's not-found page, with a 404", async ({ page }) => {
  const response = await page.goto('/kliniker/ingen-sadan-klinik');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Sidan kunde inte hittas' })).toBeVisible();
  await expect(page).toHaveTitle('Sidan hittades inte – Certifierad Klinik');
});

// The public pages whose content is known before anyone comes are painted from the server's HTML, before
// any JavaScript has run (issue 13), in the visitor's language; the app then takes their place.
test.describe('first screens from the server', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("the landing page, the register, a clinic's page, sign-in and the page for clinics show their content, in Swedish and in English", async ({
      page,
    }) => {
      const pages = [
        {
          path: '/',
          sv: 'Hitta en certifierad hudvårdsklinik du kan lita på',
          en: 'Find a certified skincare clinic you can trust',
        },
        { path: '/kliniker', sv: 'Certifierade kliniker', en: 'Certified clinics' },
        { path: '/login', sv: 'Logga in', en: 'Sign in' },
        { path: '/for-kliniker', sv: 'Certifiera din klinik', en: 'Certify your clinic' },
      ];
      for (const { path, sv, en } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv);
        await expect(page.getByRole('link', { name: 'Certifierad Klinik' }).first()).toBeVisible();
        await page.goto(`${path}?lng=en`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(en);
      }
      // The register and a clinic's page come with their data: the cards, and the clinic's own page.
      await page.goto('/kliniker?search=Klara');
      await expect(page.getByRole('heading', { level: 3, name: 'Klara Hudmottagning' })).toBeVisible();
      await page.goto('/kliniker/klara-hudmottagning?lng=en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klara Hudmottagning');
      await expect(page.getByText(/^CK-\d{4}-\d{6}$/)).toBeVisible();
      // What is typed into the server's copy would be lost when the app takes over: its fields take no input yet.
      await page.goto('/login');
      await expect(page.getByRole('textbox', { name: 'E-post' })).toHaveAttribute('inert', '');
    });
  });

  test("the register's cards from the server give way to the app's, which starts from the same without asking again: one list, the same clinics", async ({
    page,
  }) => {
    const registerRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/clinics') registerRequests.push(request.url());
    });
    await page.goto('/kliniker?search=Klara');
    await expect(page.locator('#prerendered-page')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: 'Klara Hudmottagning' })).toHaveCount(1);
    await expect(page.getByRole('searchbox')).toHaveValue('Klara');
    expect(registerRequests).toEqual([]);

    // A new search asks the API, as always.
    await page.getByRole('searchbox').fill('Göteborg');
    await expect(page.getByRole('heading', { level: 3, name: 'Göta Hud & Laser' })).toBeVisible();
    expect(registerRequests).toEqual([expect.stringContaining('search=G%C3%B6teborg')]);
  });

  test("the app takes the first screen's place: one page, whose fields take input", async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('#prerendered-page')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const email = page.getByRole('textbox', { name: 'E-post' });
    await email.fill('kund@example.com');
    await expect(email).toHaveValue('kund@example.com');
    await expect(email).not.toHaveAttribute('inert');
  });
});
