import type { Page } from '@playwright/test';
import { expect, type Role, signUpThroughApi, storeSession, test } from './fixtures.ts';

// Issue 28 point 8: a dashboard shows its frame (menu, header) and placeholders while the session and
// its data load, instead of a blank page; the page itself once they are there. Point 10: the reply
// box names its keyboard shortcut only where there is a mouse and keyboard.

const AREAS: { role: Role; home: string; menu: string }[] = [
  { role: 'customer', home: '/dashboard', menu: 'Kundpanel' },
  { role: 'clinic', home: '/clinic-dashboard', menu: 'Klinikpanel' },
  { role: 'admin', home: '/admin', menu: 'Adminpanel' },
];

/**
 * Holds every answer of the API and of sign-in (the own profile that completes the session, the
 * page's data) until `release` is called: what the page shows before its data arrive.
 */
async function holdAnswers(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/v1/'),
    async (route) => {
      await released;
      // The page may have moved on meanwhile; its request is then gone.
      await route.continue().catch(() => undefined);
    },
  );
  return release;
}

for (const { role, home, menu } of AREAS) {
  test(`the ${role}'s dashboard shows its menu and placeholders while the session and data load, then the page`, async ({
    page,
    login,
  }) => {
    await login(role);
    const release = await holdAnswers(page);
    await page.goto(home);

    const main = page.getByRole('main');
    const navigation = page.getByRole('navigation', { name: menu });
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Översikt' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logga ut' })).toBeVisible();
    const skeleton = main.locator('[aria-busy="true"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByRole('status')).toHaveText('Laddar...');
    // Nothing of the page before the session is known.
    await expect(main.getByRole('heading')).toHaveCount(0);

    release();
    await expect(main.getByRole('heading', { level: 1, name: 'Översikt' })).toBeVisible();
    await expect(main.getByText(/^Välkommen, .+!$/)).toBeVisible();
    await expect(main.locator('[data-slot="page-skeleton"]')).toHaveCount(0);
    await expect(navigation).toBeVisible();
  });
}

test('a signed-out visitor, or another role, is sent on without the frame ever showing', async ({
  page,
  browser,
  baseURL,
  login,
}) => {
  // Records whether an area's menu was ever in the page, however briefly.
  const watchForFrame = (target: Page, menu: string) =>
    target.addInitScript((label) => {
      const seen = () => document.querySelector(`nav[aria-label="${label}"]`) !== null;
      new MutationObserver(() => {
        if (seen()) window.sessionStorage.setItem('frame-seen', '1');
      }).observe(document, { childList: true, subtree: true });
    }, menu);
  const frameSeen = (target: Page) => target.evaluate(() => window.sessionStorage.getItem('frame-seen'));

  const visitorContext = await browser.newContext({ baseURL, locale: 'sv-SE' });
  const visitor = await visitorContext.newPage();
  await watchForFrame(visitor, 'Kundpanel');
  await visitor.goto('/dashboard');
  await expect(visitor).toHaveURL(/\/login$/);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await frameSeen(visitor)).toBeNull();
  await visitorContext.close();

  await login('customer');
  await watchForFrame(page, 'Adminpanel');
  const release = await holdAnswers(page);
  await page.goto('/admin');
  await expect(page.getByRole('status').filter({ hasText: 'Laddar...' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/$/);
  expect(await frameSeen(page)).toBeNull();
});

test('the reply box names Ctrl+Enter on a desktop with a mouse, not on a 390-px touch phone (issue 28 point 10)', async ({
  browser,
  baseURL,
  request,
}) => {
  // A customer and a conversation of this test's own (with the team): no other spec changes them.
  const { session } = await signUpThroughApi(request, 'customer', 'Tangent Testsson');
  const sent = await request.post('/api/messages', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { to: { kind: 'team' }, content: 'Hur blir man certifierad?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { conversationId } = (await sent.json()) as { conversationId: string };

  const devices = [
    { device: 'desktop', options: { viewport: { width: 1280, height: 800 } }, hinted: true },
    {
      device: 'phone',
      options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      hinted: false,
    },
  ];
  for (const { device, options, hinted } of devices) {
    const context = await browser.newContext({ baseURL, locale: 'sv-SE', ...options });
    const page = await context.newPage();
    await storeSession(page, session);
    await page.goto(`/dashboard/messages?c=${conversationId}`);
    await expect(page.getByRole('list', { name: 'Meddelanden' }).getByText('Hur blir man certifierad?')).toBeVisible();
    await expect(page.getByLabel('Svar'), device).toBeEnabled();
    await expect(page.getByText('Ctrl+Enter skickar.'), device).toHaveCount(hinted ? 1 : 0);
    if (hinted) await expect(page.getByText('Ctrl+Enter skickar.')).toBeVisible();
    await context.close();
  }
});
