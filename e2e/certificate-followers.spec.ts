import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { AdminFacts } from '../contracts/admin.ts';
import type { ClinicOwnProfile } from '../contracts/clinic-area.ts';
import { clinicWithApplication, ensureAdmin, expect, signInThroughApi, test } from './fixtures.ts';

// Followers are told (issue 22 point 6): a customer follows a certified clinic from the register; the
// admin suspends the clinic's certificate; the customer's open inbox shows the certification body's
// message at once, saying what happened, why and where to check it.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const results = (page: Page) => page.getByRole('list', { name: 'Sökresultat' });
const conversations = (page: Page) => page.getByRole('list', { name: 'Konversationer' });
const thread = (page: Page) => page.getByRole('list', { name: 'Meddelanden' });

/** The admin's session, registering the ADMIN_EMAIL account through the form if no test has yet. */
async function adminHeaders(request: APIRequestContext, browser: Browser) {
  const context = await browser.newContext({ locale: 'sv-SE' });
  const { account } = await ensureAdmin(await context.newPage(), request).finally(() => context.close());
  const session = await signInThroughApi(request, account.email, account.password);
  if (!session) throw new Error('The admin account does not accept its password');
  return { authorization: `Bearer ${session.access_token}` };
}

/**
 * A clinic that applied with its liability insurance stated, had its facts verified and its application
 * approved by the admin, and published its page: in the register. All through the API its pages use.
 */
async function certifiedClinic(request: APIRequestContext, admin: Record<string, string>, name: string) {
  const { session, headers } = await clinicWithApplication(request, name);
  const insurance = await request.post('/api/clinic/facts', {
    headers,
    data: {
      kind: 'liability_insurance',
      insurer: 'Exempel Försäkring AB',
      policyNumber: 'Exempel-P-1001',
      validUntil: '2099-12-31',
    },
  });
  expect(insurance.status(), await insurance.text()).toBe(201);
  expect((await request.post('/api/clinic/application/submit', { headers })).ok()).toBe(true);

  const clinicId = (session.user as unknown as { id: string }).id;
  const facts = (await (
    await request.get(`/api/admin/clinics/${clinicId}/facts`, { headers: admin })
  ).json()) as AdminFacts;
  for (const fact of facts.facts) {
    const verified = await request.put(`/api/admin/clinics/${clinicId}/facts/${fact.id}`, {
      headers: admin,
      data: { status: 'verified' },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  const approval = await request.post(`/api/admin/clinics/${clinicId}/approve-application`, { headers: admin });
  expect(approval.ok(), await approval.text()).toBe(true);
  const published = await request.put('/api/clinic/visibility', { headers, data: { isPublic: true } });
  expect(published.ok(), await published.text()).toBe(true);

  const profile = (await (await request.get('/api/clinic/profile', { headers })).json()) as ClinicOwnProfile;
  if (!profile.certificate) throw new Error('The approval issued no certificate');
  return { clinicId, headers, number: profile.certificate.number };
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
  const admin = await adminHeaders(request, browser);
  const clinic = await certifiedClinic(request, admin, name);
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
      await expect(message).toContainText(`Certifikatet för ${name} är avstängt sedan`);
      await expect(message).toContainText(`Skäl: ${reason}`);
      await expect(message).toContainText(`/verifiera/${clinic.number}`);
      await axe();
    });
  } finally {
    // Out of the register for the specs that count it: hidden again.
    await request.put('/api/clinic/visibility', { headers: clinic.headers, data: { isPublic: false } });
  }
});
