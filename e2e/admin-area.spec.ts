import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { AdminClinicPage, AdminFacts } from '../contracts/admin.ts';
import { ADMIN_NAME, AUTH_STORAGE_KEY, expect, getDemoCredentials, test } from './fixtures.ts';

// The demo data has clinics in every application state (server/services/demo/seed.ts): these three are not certified.
const SENT_IN = 'Granskas Hudvård';
const DENIED = 'Väntande Vågens Estetik';
const DRAFT = 'Nyöppnade Ytans Klinik';

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * The admin API as the signed-in page calls it, with the session the login fixture stored: for
 * putting back what a test changed that other specs read (the site title, the demo customer's name).
 */
async function adminApi(page: Page) {
  const token = await page.evaluate(
    (key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token,
    AUTH_STORAGE_KEY,
  );
  expect(token, 'a stored admin session').toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => {
      const response = await page.request.get(`/api${path}`, { headers });
      expect(response.ok(), `GET ${path}`).toBe(true);
      return (await response.json()) as T;
    },
    send: async (method: 'PUT' | 'PATCH', path: string, data: unknown) => {
      const response = await page.request.fetch(`/api${path}`, { method, headers, data });
      expect(response.ok(), `${method} ${path}`).toBe(true);
    },
  };
}

test('the overview shows the four numbers and the latest messages', async ({ page, login, axe }) => {
  await login('admin');
  await page.goto('/admin');
  await expect(heading(page)).toHaveText('Översikt');
  await expect(page.getByText(`Välkommen, ${ADMIN_NAME}!`)).toBeVisible();
  for (const label of ['Kliniker', 'Kunder', 'Väntande ansökningar', 'Olästa meddelanden i inkorgen']) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${label}\\s*\\d`) })).toBeVisible();
  }
  // The demo customer and the demo clinic have written to each other (server/services/demo/seed.ts).
  const latest = page.getByRole('list', { name: 'Senaste meddelanden' });
  await expect(latest).toContainText('Demo Kund (Kund) till Demokliniken Hudvård (Klinik)');
  await expect(latest).toContainText('Erbjuder ni laserbehandling mot pigmentfläckar?');
  await axe();
});

test('an application is reviewed: documents downloaded and previewed, denied with a reason, listed as Nekad', async ({
  page,
  login,
  axe,
}) => {
  test.setTimeout(60_000);
  await login('admin');
  await page.goto('/admin/applications');
  await expect(heading(page)).toHaveText('Ansökningar');
  // Those sent in; the drafts behind the filter, marked Utkast (issue 28).
  await expect(row(page, SENT_IN)).toContainText('Väntar');
  await expect(row(page, DRAFT)).toHaveCount(0);
  await axe();

  await page.getByRole('checkbox', { name: 'Visa även utkast som inte är inskickade' }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?drafts=true$/);
  await expect(row(page, DRAFT)).toContainText('Utkast');
  await expect(row(page, DRAFT)).toContainText('Ej inskickad');
  const sentIn = row(page, SENT_IN);
  await expect(sentIn).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(sentIn.getByRole('cell').last()).toHaveText('3');

  await sentIn.getByRole('link', { name: SENT_IN }).click();
  await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f-]{36}$/);
  await expect(heading(page)).toHaveText(SENT_IN);
  await expect(page.getByText('Kliniken har bekräftat 6 av 6 kriterier.')).toBeVisible();
  await expect(page.getByText('Ingen historik än.')).toBeVisible();
  const documents = page.getByRole('list', { name: 'Dokument' });
  await expect(documents.getByRole('listitem')).toHaveCount(3);
  await axe();

  // Downloaded as an attachment with the admin's token, saved under its own name.
  const downloading = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Ladda ner Ansvarsförsäkring 2026.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Ansvarsförsäkring 2026.pdf');
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Previewed in the page: drawn by pdf.js onto a canvas, in no frame (issue 27 point 8).
  await documents.getByRole('button', { name: 'Förhandsgranska Hygienrutiner.pdf' }).click();
  const preview = page.getByRole('region', { name: 'Förhandsgranskning av Hygienrutiner.pdf' });
  await expect(preview.getByRole('status')).toHaveText('Dokumentet har en sida.', { timeout: 15_000 });
  const firstPage = preview.getByRole('img', { name: 'Sida 1 av 1, Hygienrutiner.pdf' });
  await expect(firstPage).toBeVisible();
  // The demo PDF's title line is on the page: dark pixels on the white paper (server/services/demo/seed.ts demoPdf).
  const inkedPixels = await firstPage.evaluate((canvas) => {
    if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: [] };
    let inked = 0;
    for (let index = 0; index < data.length; index += 4)
      if ((data[index] ?? 255) < 128 && (data[index + 1] ?? 255) < 128 && (data[index + 2] ?? 255) < 128) inked += 1;
    return inked;
  });
  expect(inkedPixels).toBeGreaterThan(200);
  await expect(page.locator('iframe, object, embed')).toHaveCount(0);
  await page.getByRole('button', { name: 'Stäng förhandsgranskningen' }).click();
  await expect(preview).toHaveCount(0);

  await page.getByRole('button', { name: 'Neka ansökan' }).click();
  const dialog = page.getByRole('dialog', { name: `Neka ansökan från ${SENT_IN}` });
  await dialog.getByRole('button', { name: 'Neka ansökan' }).click();
  await expect(dialog.getByText('Ange en motivering som kliniken kan se.')).toBeVisible();
  const reason = 'Försäkringsbrevet täcker inte laserbehandlingar. Ladda upp ett nytt och skicka in ansökan igen.';
  await dialog.getByLabel('Motivering').fill(reason);
  await dialog.getByRole('button', { name: 'Neka ansökan' }).click();
  await expect(toast(page, 'Ansökan nekad')).toBeVisible();

  // Back on the list as it was left; a denied application stays there, as Nekad.
  await expect(page).toHaveURL(/\/admin\/applications\?drafts=true$/);
  await expect(row(page, SENT_IN)).toContainText('Nekad');

  await row(page, SENT_IN).getByRole('link', { name: SENT_IN }).click();
  await expect(page.getByText('Ansökan nekades')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(ADMIN_NAME);
  await expect(page.getByText('Skäl till avslaget')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Godkänn ansökan' })).toHaveCount(0);
});

test('the clinics table searches on the server and certifies a denied clinic with Godkänn once its facts are verified', async ({
  page,
  login,
  axe,
}) => {
  await login('admin');
  await page.goto('/admin/clinics');
  await expect(heading(page)).toHaveText('Kliniker');
  await expect(page.getByText(/^Visar 1–25 av \d+$/)).toBeVisible();
  await axe();

  // By city, in any case: the server searches name, city, organisation number and email.
  await page.getByRole('searchbox', { name: 'Sök kliniker' }).fill('skövde');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, DENIED)).toContainText('Nekad');
  await expect(page).toHaveURL(/\/admin\/clinics\?search=sk%C3%B6vde$/);

  // A message: whitespace alone is refused before anything is sent.
  await page.getByRole('button', { name: `Åtgärder för ${DENIED}` }).click();
  await page.getByRole('menuitem', { name: 'Skicka meddelande' }).click();
  const message = page.getByRole('dialog', { name: 'Skicka meddelande' });
  await message.getByLabel('Meddelande').fill('   ');
  await message.getByRole('button', { name: 'Skicka' }).click();
  await expect(message.getByText('Meddelandet kan inte vara tomt.')).toBeVisible();
  await message.getByLabel('Meddelande').fill('Vi har tagit emot era nya intyg.');
  await message.getByRole('button', { name: 'Skicka' }).click();
  await expect(toast(page, 'Meddelande skickat!')).toBeVisible();
  await expect(message).toBeHidden();

  const approve = async () => {
    await page.getByRole('button', { name: `Åtgärder för ${DENIED}` }).click();
    await page.getByRole('menuitem', { name: 'Godkänn' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Godkänna ${DENIED}?` });
    await confirm.getByRole('button', { name: 'Godkänn' }).click();
  };
  // Its insurance was rejected (the demo data): refused, naming what to verify first (issue 22).
  await approve();
  await expect(toast(page, 'Kunde inte godkänna kliniken.')).toContainText('Ansvarsförsäkring');
  await expect(row(page, DENIED)).toContainText('Nekad');
  const api = await adminApi(page);
  const [clinic] = (await api.get<AdminClinicPage>(`/admin/clinics?${new URLSearchParams({ search: DENIED })}`)).items;
  const clinicId = clinic?.id ?? '';
  for (const fact of (await api.get<AdminFacts>(`/admin/clinics/${clinicId}/facts`)).facts)
    await api.send('PUT', `/admin/clinics/${clinicId}/facts/${fact.id}`, { status: 'verified' });
  await approve();
  await expect(toast(page, 'Klinik godkänd!')).toBeVisible();
  await expect(row(page, DENIED)).toContainText('Godkänd');

  // Certified now, so no longer an application; and the menu offers withdrawing instead of approving.
  await page.getByRole('button', { name: `Åtgärder för ${DENIED}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Återkalla certifiering' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Godkänn' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Ansökningar', exact: true }).click();
  await expect(heading(page)).toHaveText('Ansökningar');
  await expect(row(page, SENT_IN)).toBeVisible();
  await expect(row(page, DENIED)).toHaveCount(0);
});

test('a customer is renamed; the email stays locked', async ({ page, login, axe }) => {
  await login('admin');
  await page.goto('/admin/users');
  await expect(heading(page)).toHaveText('Användare');
  const api = await adminApi(page);
  const demoEmail =
    (await getDemoCredentials(page.request)).accounts.find((account) => account.role === 'customer')?.email ?? '';
  const { items } = await api.get<{ items: { id: string; fullName: string; email: string }[] }>(
    `/admin/users?${new URLSearchParams({ search: demoEmail })}`,
  );
  const customer = items.find((item) => item.email === demoEmail);
  if (!customer) throw new Error('the demo customer is seeded');

  try {
    await page.getByRole('searchbox', { name: 'Sök användare' }).fill(customer.email);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, customer.email)).toContainText(/Aldrig|\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await axe();

    await page.getByRole('button', { name: `Hantera ${customer.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Hantera användare' });
    await expect(dialog.getByLabel('E-post')).toBeDisabled();
    await expect(dialog.getByLabel('E-post')).toHaveValue(customer.email);
    await dialog.getByLabel('Fullständigt namn').fill('Omdöpt Kundsson');
    await dialog.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(toast(page, 'Användaruppgifter uppdaterade!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, customer.email)).toContainText('Omdöpt Kundsson');
  } finally {
    // Other specs sign in as the demo customer and expect its name.
    await api.send('PATCH', `/admin/users/${customer.id}`, { fullName: customer.fullName });
  }
});

test('the CMS saves the site title, and the brand and the tab follow without a reload', async ({
  page,
  login,
  axe,
}) => {
  await login('admin');
  await page.goto('/admin/cms');
  await expect(heading(page)).toHaveText('CMS');
  const api = await adminApi(page);
  const original = await api.get<{ siteTitle: string }>('/admin/site');
  await expect(page.getByLabel('Webbplatsens titel')).toHaveValue(original.siteTitle);
  await axe();

  try {
    await page.getByLabel('Webbplatsens titel').fill('');
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await expect(page.getByText('Fältet får inte vara tomt.')).toBeVisible();

    await page.getByLabel('Webbplatsens titel').fill('Certifierad Klinik Test');
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await expect(toast(page, 'Inställningar sparade!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Certifierad Klinik Test' }).first()).toBeVisible();
    await expect(page).toHaveTitle('Certifierad Klinik Test');
  } finally {
    // Every other spec expects the seeded title.
    await api.send('PUT', '/admin/site', original);
  }
});
