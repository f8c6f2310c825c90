import { expect, test } from './fixtures.ts';

const PUBLIC_PAGES = [
  { path: '/', heading: 'Hitta en certifierad hudvårdsklinik du kan lita på' },
  { path: '/om-oss', heading: 'Om oss' },
  { path: '/for-kliniker', heading: 'Certifiera din klinik' },
  { path: '/for-kunder', heading: 'För kunder' },
  { path: '/kliniker', heading: 'Certifierade kliniker' },
  { path: '/vanliga-fragor', heading: 'Vanliga frågor' },
  { path: '/kontakta-oss', heading: 'Kontakta oss' },
  { path: '/quick-links', heading: 'Snabblänkar' },
  { path: '/credentials', heading: 'Testinloggningar' },
  { path: '/finns-inte', heading: 'Sidan kunde inte hittas' },
];

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} has one h1, the site title, and no serious accessibility problem`, async ({ page, axe }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle('Certifierad Klinik');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Certifierad Klinik' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await axe();
  });
}

test('nothing is requested from another origin', async ({ page, baseURL }) => {
  const origins = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http')) origins.add(url.origin);
  });
  for (const path of ['/', '/kliniker', '/om-oss', '/kontakta-oss']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect([...origins]).toEqual([new URL(baseURL ?? '').origin]);
});

test('the language switcher turns the site and the hero texts into English and back', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a certified skincare clinic you can trust');
  await expect(page.getByText('We review hygiene, staff competence')).toBeVisible();
  await expect(header.getByRole('link', { name: 'About us' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a certified skincare clinic you can trust');

  await header.getByRole('link', { name: 'Svenska' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Hitta en certifierad hudvårdsklinik du kan lita på',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
});

test('the landing page shows three featured clinics and its buttons lead on', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Utvalda kliniker' }).getByRole('article')).toHaveCount(3);
  await page.getByRole('link', { name: 'Certifiera klinik' }).click();
  await expect(page).toHaveURL(/\/for-kliniker$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Se alla kliniker' }).click();
  await expect(page).toHaveURL(/\/kliniker$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Hitta klinik', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certifierade kliniker');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the navigation folds into a menu that opens, and closes on navigation', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Öppna menyn' });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Om oss' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Stäng menyn' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('banner').getByRole('link', { name: 'Vanliga frågor' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vanliga frågor');
    await expect(page.getByRole('button', { name: 'Öppna menyn' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Om oss' })).toBeHidden();

    // Keyboard: the toggle opens with Enter and closes again.
    await page.getByRole('button', { name: 'Öppna menyn' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Om oss' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Om oss' })).toBeHidden();
  });
});

test('the footer links to the admin login and the test logins', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Admin-inloggning' })).toHaveAttribute('href', '/admin/login');
  await footer.getByRole('link', { name: 'Testinloggningar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Testinloggningar');
});

test('the FAQ keeps one answer open at a time and closes it again', async ({ page }) => {
  await page.goto('/vanliga-fragor');
  const cost = page.getByRole('button', { name: 'Vad kostar det att bli certifierad?' });
  const free = page.getByRole('button', { name: 'Kostar det något att söka efter kliniker?' });
  await cost.click();
  await expect(cost).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Certifieringen har en årlig avgift.')).toBeVisible();

  await free.focus();
  await page.keyboard.press('Enter');
  await expect(free).toHaveAttribute('aria-expanded', 'true');
  await expect(cost).toHaveAttribute('aria-expanded', 'false');

  await free.click();
  await expect(free).toHaveAttribute('aria-expanded', 'false');
});

test('the contact form requires every field, sends the message once, thanks the sender and empties itself', async ({
  page,
}) => {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') writes.push(request.url());
  });
  await page.goto('/kontakta-oss');
  await expect(page.getByText('24 timmar').first()).toBeVisible();
  await page.getByRole('button', { name: 'Skicka meddelande' }).click();
  await expect(page.getByRole('textbox', { name: 'Namn' })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Namn' }).fill('Anna Åberg');
  await page.getByRole('textbox', { name: 'E-post' }).fill('anna@example.se');
  await page.getByRole('textbox', { name: 'Ämne' }).fill('Fråga om certifiering');
  await page.getByRole('textbox', { name: 'Meddelande' }).fill('Hur lång tid tar granskningen?');
  await page.getByRole('button', { name: 'Skicka meddelande' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Meddelande skickat!' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Namn' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Meddelande' })).toHaveValue('');
  expect(writes.map((url) => new URL(url).pathname)).toEqual(['/api/contact']);
});

test('the credentials page names the configured admin address and copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/credentials');
  await expect(page.getByText('admin@example.com').first()).toBeVisible();
  await page.getByRole('button', { name: 'Kopiera administratörsadressen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kopierat!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('admin@example.com');
});

test('an unknown address shows the 404 page with a way back', async ({ page }) => {
  await page.goto('/det-har-finns-inte');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sidan kunde inte hittas');
  await page.getByRole('main').getByRole('link', { name: /start/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
