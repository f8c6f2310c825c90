import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { approvedClinic, expect, test } from './fixtures.ts';

// Followers are told (issue 22 point 6): a customer follows a certified clinic from the register; the
// admin suspends the clinic's certificate; the customer's open inbox shows the certification body's
// message at once, saying what happened, why and where to check it.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const results = (page: Page) => page.getByRole('list', { name: 'Sökresultat' });
const conversations = (page: Page) => page.getByRole('list', { name: 'Konversationer' });
const thread = (page: Page) => page.getByRole('list', { name: 'Meddelanden' });

/** An approved clinic (fixtures.ts) that published its page: in the register. */
async function certifiedClinic(request: APIRequestContext, browser: Browser, name: string) {
  const { headers, admin, clinicId, certificate } = await approvedClinic(request, browser, name);
  const published = await request.put('/api/clinic/visibility', { headers, data: { isPublic: true } });
  expect(published.ok(), await published.text()).toBe(true);
  return { clinicId, headers, admin, number: certificate.number };
}

test('a customer follows a certified clinic; when the admin suspends its certificate, the open inbox shows why at once', async ({
  page,
  browser,
  request,
  login,
  axe,
}) => {
  const name = `Följda Kliniken ${Date.now()}`;
  const reason = 'Inspektionen fann brister i hygienrutinerna.';
  const clinic = await certifiedClinic(request, browser, name);
  const { admin } = clinic;
  try {
    await login('customer', { fresh: true });

    await test.step('the customer follows the clinic from the register', async () => {
      await page.goto(`/kliniker?${new URLSearchParams({ search: name })}`);
      await results(page)
        .getByRole('button', { name: `Följ ${name}`, exact: true })
        .click();
      await expect(toast(page, `Du följer nu ${name}`)).toBeVisible();
    });

    await test.step('the inbox is open and empty when the admin suspends the certificate', async () => {
      await page.goto('/dashboard/messages');
      await expect(page.getByText('Inga meddelanden än.')).toBeVisible();
      const suspended = await request.post(`/api/admin/clinics/${clinic.clinicId}/suspend`, {
        headers: admin,
        data: { reason },
      });
      expect(suspended.ok(), await suspended.text()).toBe(true);
    });

    await test.step("the certification body's message arrives live and says what happened, why and where to check", async () => {
      const fromTeam = conversations(page).getByRole('link', { name: /Certifierad Klinik/ });
      await expect(fromTeam).toBeVisible({ timeout: 10_000 });
      await fromTeam.click();
      const message = thread(page).getByRole('listitem');
      await expect(message).toHaveCount(1);
      await expect(message).toContainText('Certifierad Klinik');
      await expect(message).toContainText(`Certifikatet för ${name} är tillfälligt indraget sedan`);
      await expect(message).toContainText(`Skäl: ${reason}`);
      await expect(message).toContainText(`/verifiera/${clinic.number}`);
      await axe();
    });
  } finally {
    // Out of the register for the specs that count it: hidden again.
    await request.put('/api/clinic/visibility', { headers: clinic.headers, data: { isPublic: false } });
  }
});
