import type { Page } from '@playwright/test';
import type { ClinicPage } from '../contracts/clinics.ts';
import { approvedClinic, expect, test } from './fixtures.ts';

// Issue 28 point 4: a clinic that leaves the register is not a blank 404. A customer follows a
// certified clinic; the admin withdraws its certificate; the clinic's page says it was withdrawn today
// and links to its certificate on /verifiera, and the customer's followed clinics still show it, as
// withdrawn, with the way to stop following it.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

/** Today in Sweden as the pages write dates (`2026-12-03`). */
const swedishToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

test('a followed clinic whose certificate is withdrawn says so on its page, since today, and stays in the list as withdrawn', async ({
  page,
  browser,
  request,
  login,
  axe,
}) => {
  const name = `Lämnade Kliniken ${Date.now()}`;
  const { headers, admin, clinicId, certificate } = await approvedClinic(request, browser, name);
  const published = await request.put('/api/clinic/visibility', { headers, data: { isPublic: true } });
  expect(published.ok(), await published.text()).toBe(true);
  const register = (await (
    await request.get(`/api/clinics?${new URLSearchParams({ search: name })}`)
  ).json()) as ClinicPage;
  const slug = register.items.find((card) => card.fullName === name)?.slug;
  if (!slug) throw new Error(`${name} is not in the register`);

  // A customer of its own: the demo customer's list is read by other specs.
  await login('customer', { fresh: true });

  await test.step('the customer follows the clinic from its register card', async () => {
    await page.goto(`/kliniker?${new URLSearchParams({ search: name })}`);
    await page
      .getByRole('list', { name: 'Sökresultat' })
      .getByRole('button', { name: `Följ ${name}`, exact: true })
      .click();
    await expect(toast(page, `Du följer nu ${name}`)).toBeVisible();
  });

  await test.step('the admin withdraws the certificate', async () => {
    const withdrawn = await request.post(`/api/admin/clinics/${clinicId}/withdraw`, {
      headers: admin,
      data: { reason: 'Kliniken uppfyller inte längre kriterierna.' },
    });
    expect(withdrawn.ok(), await withdrawn.text()).toBe(true);
  });

  await test.step("the clinic's page says it was withdrawn today, not its profile, and links to its certificate", async () => {
    const response = await page.goto(`/kliniker/${slug}`);
    // Gone for crawlers (server/routes/pages), a page that explains for people, painted by the server
    // before any JavaScript has run.
    expect(response?.status()).toBe(410);
    expect(await response?.text()).toContain(`Certifikatet återkallades den ${swedishToday()}.`);
    await expect(page).toHaveTitle(`${name}: certifikatet återkallat – Certifierad Klinik`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Återkallat', { exact: true })).toBeVisible();
    await expect(page.getByText(`Certifikatet återkallades den ${swedishToday()}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kontakt' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Följ ${name}` })).toHaveCount(0);
    await axe();

    await page.getByRole('link', { name: `Se certifikat ${certificate.number} och dess historik` }).click();
    await expect(page).toHaveURL(`/verifiera/${certificate.number}`);
    await expect(page.getByRole('heading', { name: `Certifikat ${certificate.number}` })).toBeVisible();
    await expect(page.getByText(`Certifikatet återkallades ${swedishToday()} och gäller inte längre.`)).toBeVisible();
  });

  await test.step("the customer's followed clinics still show it, as withdrawn, with the way to stop following", async () => {
    await page.goto('/dashboard');
    await expect(page.getByText('Du följer 1 klinik.')).toBeVisible();
    await page.goto('/dashboard/followed');
    const card = page.getByRole('list', { name: 'Kliniker du följer' }).getByRole('listitem').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Återkallat', { exact: true })).toBeVisible();
    await expect(card.getByText(`Certifikatet återkallades den ${swedishToday()}.`)).toBeVisible();
    await expect(card.getByText('Certifierad', { exact: true })).toHaveCount(0);
    await expect(card.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/kliniker/${slug}`);
    await axe();

    await card.getByRole('button', { name: `Sluta följa ${name}` }).click();
    await expect(toast(page, `Du följer inte längre ${name}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Du följer inga kliniker än' })).toBeVisible();
  });
});
