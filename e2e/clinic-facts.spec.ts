import type { Locator, Page } from '@playwright/test';
import { completeApplication } from '../server/testing/application.ts';
import { expect, orderMembership, signUpThroughApi, storeSession, test } from './fixtures.ts';

// Issue 22 points 1 and 2, the clinic's side: it chooses botulinum toxin injections, sees which facts
// they need (liability insurance, IVO registration, a licensed practitioner), states each, and sends
// its application in.

const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const card = (page: Page, title: string) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
const factsCard = (page: Page) => card(page, 'Uppgifter som kontrolleras');

/** Opens the form of `add` in the facts card, fills it with `fill` and saves it. */
async function stateFact(page: Page, add: string, fill: (dialog: Locator) => Promise<void>) {
  await factsCard(page).getByRole('button', { name: add }).click();
  const dialog = page.getByRole('dialog', { name: add });
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Spara uppgiften' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Uppgiften är sparad')).toBeVisible();
}

test('a clinic chooses botulinum toxin injections, states the facts they need and sends its application in', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  // A complete application with one document, but no treatment chosen and no fact stated yet.
  const { session } = await signUpThroughApi(request, 'clinic', `Injektionskliniken ${Date.now()}`);
  const headers = { authorization: `Bearer ${session.access_token}` };
  const application = { ...completeApplication('Injektionskliniken AB'), treatments: [] };
  expect((await request.patch('/api/clinic/application', { headers, data: application })).ok()).toBe(true);
  const upload = await request.post('/api/clinic/documents', {
    headers,
    multipart: { file: { name: 'Försäkringsbrev.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF } },
  });
  expect(upload.status()).toBe(201);
  await storeSession(page, session);
  await page.goto('/clinic-dashboard/application');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Min Ansökan');
  const submit = page.getByRole('button', { name: 'Skicka in ansökan' });

  await test.step('without a treatment the application cannot be sent in', async () => {
    await expect(page.getByText('välj minst en behandling')).toBeVisible();
    await expect(submit).toBeDisabled();
    // The facts card asks for the organisation number only, which the application has.
    await expect(factsCard(page).getByText('556677-8899, aktiebolag')).toBeVisible();
    await expect(factsCard(page).getByRole('heading', { level: 3 })).toHaveText(['Organisationsnummer']);
  });

  await test.step('choose botulinum toxin injections by keyboard: the facts they need appear', async () => {
    const injections = page.getByRole('checkbox', { name: 'Injektioner med botulinumtoxin' });
    await injections.focus();
    await page.keyboard.press('Space');
    await expect(injections).toBeChecked();
    await page.getByRole('button', { name: 'Spara behandlingar' }).click();
    await expect(toast(page, 'Behandlingarna är sparade.')).toBeVisible();
    await expect(factsCard(page).getByRole('heading', { level: 3 })).toHaveText([
      'Organisationsnummer',
      'Ansvarsförsäkring',
      'Registrering hos IVO',
      'Legitimerade behandlare',
    ]);
    await expect(factsCard(page).getByText('Krävs för Injektioner med botulinumtoxin.')).toHaveCount(3);
    await expect(
      factsCard(page).getByText(
        'Kvar att verifiera: Organisationsnummer, Ansvarsförsäkring, Registrering hos IVO, Legitimerade behandlare.',
      ),
    ).toBeVisible();
    await axe();
  });

  await test.step('state the insurance, backed by the uploaded letter; a past end date is refused on its field', async () => {
    await factsCard(page).getByRole('button', { name: 'Lägg till ansvarsförsäkring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lägg till ansvarsförsäkring' });
    await dialog.getByLabel('Försäkringsbolag').fill('Trygg-Hansa');
    await dialog.getByLabel('Försäkringsnummer').fill('Exempel-123456');
    await dialog.getByLabel('Gäller till och med').fill('2020-12-31');
    await dialog.getByLabel('Dokument som styrker uppgiften').selectOption({ label: 'Försäkringsbrev.pdf' });
    await axe({ include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Spara uppgiften' }).click();
    await expect(
      dialog.getByText('Försäkringen måste gälla i dag eller senare: slutdatumet har redan passerat.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Gäller till och med')).toBeFocused();

    await dialog.getByLabel('Gäller till och med').fill(`${new Date().getFullYear() + 1}-12-31`);
    await dialog.getByRole('button', { name: 'Spara uppgiften' }).click();
    await expect(dialog).toBeHidden();
    await expect(factsCard(page).getByText('Försäkring Exempel-123456 hos Trygg-Hansa')).toBeVisible();
    await expect(factsCard(page).getByText('Dokument: Försäkringsbrev.pdf')).toBeVisible();
  });

  await test.step('state the IVO registration and the nurse who injects', async () => {
    await stateFact(page, 'Lägg till registrering hos IVO', async (dialog) => {
      await dialog.getByLabel('Registreringsnummer hos IVO').fill('Exempel-IVO-2026-1');
    });
    await stateFact(page, 'Lägg till behandlare', async (dialog) => {
      await dialog.getByLabel('Namn').fill('Sara Lind');
      await dialog.getByLabel('Yrke').selectOption({ label: 'Sjuksköterska' });
      await dialog.getByLabel('Legitimationsnummer').fill('Exempel-9876');
    });
    await expect(factsCard(page).getByText('Ej kontrollerad')).toHaveCount(4);
    await expect(factsCard(page).getByText('Inte angiven än.')).toHaveCount(0);
  });

  await test.step('send the application in: received, with the chosen treatment', async () => {
    // The year's membership, ordered as the payments page orders it (issue 25; e2e/payments.spec.ts walks that page).
    await orderMembership(request, headers);
    await expect(submit).toBeEnabled();
    await submit.click();
    await page
      .getByRole('alertdialog', { name: 'Skicka in ansökan?' })
      .getByRole('button', { name: 'Skicka in ansökan' })
      .click();
    await expect(toast(page, 'Ansökan inskickad!')).toBeVisible();
    await expect(page.getByText('Ansökan mottagen')).toBeVisible();
    const profile = await (await request.get('/api/clinic/profile', { headers })).json();
    expect(profile).toMatchObject({ phase: 'sent_in', treatments: ['botulinum_toxin'] });
    const facts = await (await request.get('/api/clinic/facts', { headers })).json();
    expect(facts.items.map((fact: { kind: string }) => fact.kind).sort()).toEqual([
      'ivo_registration',
      'liability_insurance',
      'licensed_practitioner',
      'org_number',
    ]);
  });
});
