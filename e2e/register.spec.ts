import { approvedClinic, expect, test } from './fixtures.ts';

const searchBox = 'Sök klinik eller stad';

test('a search given in the address fills the box and finds clinics by city, accents or not', async ({ page }) => {
  await page.goto('/kliniker?search=goteborg');
  await expect(page.getByLabel(searchBox)).toHaveValue('goteborg');
  const names = page.getByRole('article').getByRole('heading');
  await expect(names).toHaveText(['Göta Hud & Laser', 'Åkerblads Hudvård']);
});

test('typing keeps the address in step and shows a text when nothing matches', async ({ page }) => {
  await page.goto('/kliniker');
  await page.getByLabel(searchBox).fill('Öresund');
  await expect(page).toHaveURL(/\?search=%C3%96resund$/);
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(['Öresunds Estetiska Klinik']);

  await page.getByLabel(searchBox).fill('qqqxyz');
  await expect(page.getByText('Inga kliniker hittades som matchar din sökning.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await page.getByLabel(searchBox).fill('');
  await expect(page).toHaveURL(/\/kliniker$/);
  await expect(page.getByRole('article')).toHaveCount(24);
});

test('the register pages through every certified public clinic in Swedish order', async ({ page, request }) => {
  await page.goto('/kliniker');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Visa fler kliniker' }).click();

  const all = await request
    .get('/api/clinics?limit=100')
    .then((response) => response.json() as Promise<{ items: unknown[] }>);
  await expect(cards).toHaveCount(all.items.length);
  await expect(page.getByRole('button', { name: 'Visa fler kliniker' })).toHaveCount(0);

  const names = await cards.getByRole('heading').allTextContents();
  expect(names.slice(-6)).toEqual([
    'Zenit Hudterapi',
    'Åkerblads Hudvård',
    'Ädelstenen Skönhetsklinik',
    'Ängens Skönhetsklinik',
    'Öresunds Estetiska Klinik',
    'Östermalms Hudinstitut',
  ]);
  expect(names[0]).toBe('Aurora Hudklinik');
  // Hidden or uncertified clinics never appear.
  expect(names).not.toContain('Dolda Dammens Hudklinik');
  expect(names).not.toContain('Nyöppnade Ytans Klinik');
});

test('a clinic card shows the cover, badge, city or its fallback, rating and website', async ({
  page,
  request,
  browser,
}) => {
  await page.goto('/kliniker?search=Ljusdals');
  const card = page.getByRole('article');
  await expect(card.getByRole('heading')).toHaveText('Ljusdals Ansiktsklinik');
  await expect(card.getByText('Certifierad', { exact: true })).toBeVisible();
  await expect(card.getByText('Ljusdal', { exact: true })).toBeVisible();
  // No reviews from verified visits: no rating, never an invented one (issue 23).
  await expect(card.getByRole('link', { name: 'Inga omdömen än. Så granskar vi omdömen' })).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', '/images/covers/default.svg');
  const website = card.getByRole('link', { name: /Besök webbplats/ });
  await expect(website).toHaveAttribute('href', 'https://ljusdalsansikte.example');
  await expect(website).toHaveAttribute('target', '_blank');

  await page.getByLabel(searchBox).fill('Söders');
  await expect(card.getByRole('heading')).toHaveText('Söders Estetik');
  await expect(card.getByRole('link', { name: /Besök webbplats/ })).toHaveCount(0);

  // The application asks for the city (issue 28); a certified clinic that cleared it in its settings has the fallback.
  const cityless = `Stadlösa Kliniken ${Date.now()}`;
  const { headers } = await approvedClinic(request, browser, cityless);
  expect((await request.patch('/api/clinic/settings', { headers, data: { city: '' } })).ok()).toBe(true);
  await page.getByLabel(searchBox).fill(cityless);
  await expect(card.getByRole('heading')).toHaveText(cityless);
  await expect(card.getByText('Okänd stad')).toBeVisible();

  // A clinic with five published reviews shows their average, one decimal in the page's language, and their number.
  await page.getByLabel(searchBox).fill('Klara Hudmottagning');
  await expect(card.getByRole('heading')).toHaveText('Klara Hudmottagning');
  await expect(
    card.getByRole('link', { name: 'Betyg 4,6 av 5 från 5 verifierade besök. Så granskar vi omdömen' }),
  ).toHaveAttribute('href', '/sa-granskar-vi-omdomen');
});
