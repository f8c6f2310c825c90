import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Issue 21 point 9: the header is usable from the page's first paint, signed out or in. The three pages
// a visitor lands on most, each painted by the server before the app runs (decision 018).
const PAGES = ['/', '/kliniker', '/kliniker/klara-hudmottagning'];
const MAX_DELAY_MS = 100;

interface FirstSeen {
  /** The page's h1 painted. */
  content?: number;
  /** The header's language switch and its account link (Logga in, or Mina sidor), each clickable. */
  language?: number;
  account?: number;
  /** An account link of the other state was ever clickable: the header flashed the wrong state. */
  wrongAccount?: number;
}

/**
 * Records, from the document's start, when each thing was first clickable: visible (no visibility:
 * hidden, display: none or zero size), not disabled or inert, and what a click at its centre hits. It
 * looks in every frame before it is painted, once the stylesheets have loaded (nothing is painted before).
 */
async function recordFirstSeen(page: Page, accountLabel: string, wrongAccountLabel: string) {
  await page.addInitScript(
    ({ accountLabel, wrongAccountLabel }) => {
      const seen: FirstSeen = {};
      (window as unknown as { firstSeen: FirstSeen }).firstSeen = seen;
      const clickable = (element: Element) => {
        if (!element.checkVisibility({ checkOpacity: true, visibilityProperty: true })) return false;
        if (element.closest('[inert], [disabled], [aria-disabled="true"]')) return false;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && element.contains(hit);
      };
      const inHeader = (selector: string, text: string) =>
        [...document.querySelectorAll(`header ${selector}`)].some(
          (element) => element.textContent?.trim() === text && clickable(element),
        );
      const styled = () =>
        document.body !== null &&
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet);
      const check = () => {
        if (!styled()) return;
        const now = performance.now();
        const h1 = document.querySelector('h1');
        if (seen.content === undefined && h1?.textContent?.trim() && h1.checkVisibility()) seen.content = now;
        if (seen.language === undefined && inHeader('a, button', 'English')) seen.language = now;
        if (seen.account === undefined && inHeader('a', accountLabel)) seen.account = now;
        if (seen.wrongAccount === undefined && inHeader('a', wrongAccountLabel)) seen.wrongAccount = now;
      };
      const everyFrame = () => {
        check();
        if (performance.now() < 15_000) requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
    },
    { accountLabel, wrongAccountLabel },
  );
}

async function delaysAfterContent(page: Page, path: string) {
  await page.goto(path);
  const seen = await page
    .waitForFunction(() => {
      const { firstSeen } = window as unknown as { firstSeen: FirstSeen };
      return firstSeen.content !== undefined && firstSeen.language !== undefined && firstSeen.account !== undefined
        ? firstSeen
        : null;
    })
    .then((handle) => handle.jsonValue() as Promise<Required<Pick<FirstSeen, 'content' | 'language' | 'account'>>>);
  // Let the sign-in client answer: a header that turns into the other state afterwards flashed the wrong one.
  await page.waitForLoadState('networkidle');
  const wrongAccount = await page.evaluate(
    () => (window as unknown as { firstSeen: FirstSeen }).firstSeen.wrongAccount,
  );
  return {
    language: Math.round(seen.language - seen.content),
    account: Math.round(seen.account - seen.content),
    wrongAccount,
  };
}

for (const signedIn of [false, true]) {
  test(`the header's language switch and ${signedIn ? 'My page' : 'sign-in'} link are clickable within ${MAX_DELAY_MS} ms of the content, ${signedIn ? 'signed in' : 'signed out'}`, async ({
    page,
    login,
  }, testInfo) => {
    if (signedIn) await login('customer');
    const [account, wrongAccount] = signedIn ? ['Mina sidor', 'Logga in'] : ['Logga in', 'Mina sidor'];
    await recordFirstSeen(page, account, wrongAccount);
    for (const path of PAGES) {
      const delays = await delaysAfterContent(page, path);
      testInfo.annotations.push({
        type: 'delay after content (ms)',
        description: `${path}: ${JSON.stringify(delays)}`,
      });
      console.log(`${signedIn ? 'signed in ' : 'signed out'} ${path}: ${JSON.stringify(delays)}`);
      expect.soft(delays.wrongAccount, `${path}: ${wrongAccount} was never shown`).toBeUndefined();
      expect.soft(delays.language, `${path}: the language switch`).toBeLessThan(MAX_DELAY_MS);
      expect.soft(delays.account, `${path}: ${account}`).toBeLessThan(MAX_DELAY_MS);
    }
  });
}

test("signing out works from the server's copy of the header, before the app has loaded", async ({ page, login }) => {
  await login('customer');
  // The app's scripts wait until the visitor has clicked: until then only the server's copy is there.
  let releaseScripts = () => {};
  const clicked = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto('/kliniker', { waitUntil: 'commit' });
  // The copy holds every signed-in state's link; once its stylesheet applies, the stored session's alone shows.
  const signOut = page.getByRole('banner').getByRole('link', { name: 'Logga ut' });
  await expect(signOut).toHaveCount(1);
  await signOut.click({ noWaitAfter: true });
  await page.waitForURL('/?logga-ut', { waitUntil: 'commit' });
  releaseScripts();
  // The app finishes it: the session is gone, the header says so, and the address is the home page's.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logga in' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ck-auth'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logga in' })).toBeVisible();
});
