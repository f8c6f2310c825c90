import type { APIRequestContext, Page } from '@playwright/test';
import { clinicWithApplication, expect, test } from './fixtures.ts';

// The admin's side of a certificate (issue 22 points 2–4): a clinic applies with injections; approval is
// refused with the facts still to verify; the admin checks each fact in the review (a document opened in
// place, one rejected with a reason, then all verified), approves, and the certificate covers the
// injections; the admin suspends it with a public reason (out of the register) and reinstates it.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const INJECTIONS = 'Injektioner med botulinumtoxin';

/** A fresh clinic that chose botulinum toxin injections, stated what they need, published its page and sent in. */
async function injectionClinic(request: APIRequestContext, name: string) {
  const { headers } = await clinicWithApplication(request, name);
  const chosen = await request.patch('/api/clinic/application', {
    headers,
    data: { treatments: ['facial', 'botulinum_toxin'] },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  for (const fact of [
    { kind: 'ivo_registration', registrationNumber: 'EXEMPEL-IVO-4711' },
    {
      kind: 'licensed_practitioner',
      name: 'Sara Exempelsköterska',
      profession: 'nurse',
      licenceNumber: 'EXEMPEL-L-42',
    },
  ]) {
    const stated = await request.post('/api/clinic/facts', { headers, data: fact });
    expect(stated.status(), await stated.text()).toBe(201);
  }
  expect((await request.put('/api/clinic/visibility', { headers, data: { isPublic: true } })).ok()).toBe(true);
  expect((await request.post('/api/clinic/application/submit', { headers })).ok()).toBe(true);
  const profile = (await (await request.get('/api/clinic/profile', { headers })).json()) as { id: string };
  return profile.id;
}

/** Whether the public register lists the clinic now. */
async function listed(request: APIRequestContext, name: string) {
  const page = (await (await request.get(`/api/clinics?${new URLSearchParams({ search: name })}`)).json()) as {
    items: { fullName: string }[];
  };
  return page.items.some((item) => item.fullName === name);
}

test('approval waits for every fact the injections need; the admin verifies them, approves, suspends and reinstates', async ({
  page,
  login,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  const name = `Injektionskliniken ${Date.now()}`;
  const clinicId = await injectionClinic(request, name);
  await login('admin');
  await page.goto(`/admin/applications/${clinicId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const decision = page.getByRole('button', { name: 'Godkänn ansökan' });
  // Approving asks first (issue 28).
  const approve = async () => {
    await decision.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, godkänn' }).click();
  };

  await test.step('approval is refused with the facts still to verify, in words', async () => {
    await expect(page.getByText(`Ansiktsbehandling och ${INJECTIONS}`)).toBeVisible();
    await approve();
    await expect(page.getByRole('alert').filter({ hasText: 'Ansökan kan inte godkännas' })).toHaveText(
      'Ansökan kan inte godkännas förrän de här uppgifterna är verifierade: Organisationsnummer, Ansvarsförsäkring, Registrering hos IVO och Legitimerad behandlare.',
    );
    await expect(toast(page, 'Kunde inte godkänna ansökan')).toBeVisible();
    await axe();
  });

  await test.step('the admin rejects the IVO registration with a reason, then verifies every fact', async () => {
    const ivo = page.getByRole('region', { name: 'Registrering hos IVO' });
    await ivo.getByRole('button', { name: 'Avvisa Registrering hos IVO: EXEMPEL-IVO-4711' }).click();
    const dialog = page.getByRole('dialog', { name: 'Avvisa Registrering hos IVO' });
    await dialog.getByLabel('Motivering').fill('Numret finns inte i IVO:s register. Kontrollera det.');
    await dialog.getByRole('button', { name: 'Avvisa uppgiften' }).click();
    await expect(toast(page, 'Registrering hos IVO är avvisad')).toBeVisible();
    await expect(ivo.getByText('Avvisad', { exact: true })).toBeVisible();
    await expect(ivo.getByText('Numret finns inte i IVO:s register. Kontrollera det.')).toBeVisible();

    for (const [kind, summary] of [
      ['Organisationsnummer', '556677-8899'],
      ['Ansvarsförsäkring', 'Exempel Försäkring AB'],
      ['Registrering hos IVO', 'EXEMPEL-IVO-4711'],
      ['Legitimerad behandlare', 'Sara Exempelsköterska'],
    ] as const) {
      const section = page.getByRole('region', { name: kind });
      await section.getByRole('button', { name: `Verifiera ${kind}: ${summary}` }).click();
      await expect(section.getByText('Verifierad', { exact: true })).toBeVisible();
    }
    await expect(
      page.getByText('Allt som de valda behandlingarna kräver är verifierat.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Organisationsnummer' }).getByText('Aktiebolag')).toBeVisible();
  });

  await test.step('the approval goes through and the certificate covers the chosen treatments', async () => {
    await approve();
    await expect(toast(page, 'Ansökan godkänd')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/applications$/);
    await page.goto(`/admin/applications/${clinicId}`);
    const scope = page.getByRole('list', { name: 'Certifikatets omfattning' });
    await expect(scope.getByRole('listitem')).toHaveText(['Ansiktsbehandling', INJECTIONS]);
    expect(await listed(request, name)).toBe(true);
  });

  await test.step('the admin suspends the certificate with a public reason: out of the register, shown as Indraget', async () => {
    await page.getByRole('button', { name: 'Dra in tillfälligt' }).click();
    const dialog = page.getByRole('dialog', { name: `Dra in certifikatet för ${name} tillfälligt` });
    await expect(dialog.getByText('Skälet visas publikt')).toBeVisible();
    await dialog.getByLabel('Motivering').fill('IVO granskar klinikens registrering.');
    await dialog.getByRole('button', { name: 'Dra in certifikatet' }).click();
    await expect(toast(page, `Certifikatet för ${name} är indraget.`)).toBeVisible();
    await expect(page.getByText('Indraget', { exact: true })).toBeVisible();
    // In the decision card under its public label, and in the history.
    await expect(page.getByText('Skäl till indragningen (visas publikt)')).toBeVisible();
    await expect(page.getByText('IVO granskar klinikens registrering.')).toHaveCount(2);
    expect(await listed(request, name)).toBe(false);

    await page.goto(`/admin/clinics?${new URLSearchParams({ search: name })}`);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Indraget');
  });

  await test.step('the admin reinstates it from the clinics table: back in the register', async () => {
    await page.getByRole('button', { name: `Åtgärder för ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Återinför' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Återinföra certifikatet för ${name}?` });
    await confirm.getByRole('button', { name: 'Återinför' }).click();
    await expect(toast(page, `Certifikatet för ${name} är återinfört.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Godkänd');
    expect(await listed(request, name)).toBe(true);
  });
});
