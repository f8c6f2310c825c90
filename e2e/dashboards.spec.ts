import type { Page } from '@playwright/test';
import { expect, type Role, test } from './fixtures.ts';

interface Area {
  role: Role;
  home: string;
  menu: string;
  pages: [path: string, title: string][];
  /** Where the header's name and initial lead. */
  settings: string;
}

// SPEC section 2 "Dashboard shell": the menus, entry by entry.
const AREAS: Area[] = [
  {
    role: 'customer',
    home: '/dashboard',
    menu: 'Kundpanel',
    pages: [
      ['/dashboard', 'Översikt'],
      ['/dashboard/bookings', 'Mina bokningar'],
      ['/dashboard/followed', 'Följda kliniker'],
      ['/dashboard/messages', 'Meddelanden'],
      ['/dashboard/reports', 'Rapporter'],
      ['/dashboard/settings', 'Inställningar'],
    ],
    settings: '/dashboard/settings',
  },
  {
    role: 'clinic',
    home: '/clinic-dashboard',
    menu: 'Klinikpanel',
    pages: [
      ['/clinic-dashboard', 'Översikt'],
      ['/clinic-dashboard/application', 'Min Ansökan'],
      ['/clinic-dashboard/certification', 'Certifiering'],
      ['/clinic-dashboard/reviews', 'Omdömen'],
      ['/clinic-dashboard/messages', 'Meddelanden'],
      ['/clinic-dashboard/payments', 'Betalning & Medlemskap'],
      ['/clinic-dashboard/settings', 'Inställningar'],
    ],
    settings: '/clinic-dashboard/settings',
  },
  {
    role: 'admin',
    home: '/admin',
    menu: 'Adminpanel',
    pages: [
      ['/admin', 'Översikt'],
      ['/admin/applications', 'Ansökningar'],
      ['/admin/messages', 'Meddelanden'],
      ['/admin/clinics', 'Kliniker'],
      ['/admin/users', 'Användare'],
      ['/admin/reports', 'Rapporter'],
      ['/admin/reviews', 'Omdömen'],
      ['/admin/payments', 'Betalningar'],
      ['/admin/cms', 'CMS'],
      ['/admin/settings', 'Inställningar'],
    ],
    settings: '/admin/settings',
  },
];

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const area of AREAS) {
  test(`the ${area.role} dashboard: every menu entry reaches its page, the header shows the user`, async ({
    page,
    login,
    axe,
  }) => {
    const account = await login(area.role);
    await page.goto(area.home);
    await expect(page).toHaveTitle('Certifierad Klinik');
    const menu = page.getByRole('navigation', { name: area.menu });
    await expect(menu.getByRole('link')).toHaveCount(area.pages.length);
    await axe();

    for (const [path, title] of area.pages) {
      // The messages entry also names its unread count ("Meddelanden 2 olästa"), the reviews and reports
      // entries those waiting for the admin ("Omdömen 1 omdöme väntar", "Rapporter 2 rapporter väntar").
      const entry = menu.getByRole('link', {
        name: new RegExp(`^${escape(title)}( \\d+ (olästa?|omdömen? väntar|rapport(er)? väntar))?$`),
      });
      await entry.click();
      await expect(page).toHaveURL(new RegExp(`${escape(path)}$`));
      await expect(heading(page)).toHaveText(title);
      await expect(heading(page)).toHaveCount(1);
      await expect(entry).toHaveAttribute('aria-current', 'page');
    }

    const header = page.getByRole('banner');
    await expect(header).toContainText(account.fullName);
    await expect(header.getByText(account.fullName.charAt(0).toUpperCase(), { exact: true })).toBeVisible();
    await page.goto(area.home);
    await header.getByRole('link', { name: new RegExp(escape(account.fullName)) }).click();
    await expect(page).toHaveURL(new RegExp(`${escape(area.settings)}$`));

    await page.goto(`${area.home}?lng=en`);
    await expect(heading(page)).toHaveText('Overview');
    await expect(page.getByText(`Welcome, ${account.fullName}!`)).toBeVisible();
    await axe();
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the dashboard menu is a drawer of 18rem that closes on navigation and can log out', async ({
    page,
    login,
    axe,
  }) => {
    await login('customer', { newSession: true });
    await page.goto('/dashboard');
    await expect(heading(page)).toHaveText('Översikt');
    await expect(page.getByRole('navigation', { name: 'Kundpanel' })).toBeHidden();
    await axe();

    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    const drawer = page.getByRole('dialog', { name: 'Kundpanel' });
    await expect(drawer).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(288);
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await axe();

    await drawer.getByRole('link', { name: 'Följda kliniker' }).click();
    await expect(drawer).toBeHidden();
    await expect(heading(page)).toHaveText('Följda kliniker');

    // Escape closes it too, and focus returns to the menu button.
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Öppna menyn' })).toBeFocused();

    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await drawer.getByRole('button', { name: 'Logga ut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logga in' })).toBeVisible();
  });
});
