import type { Page } from '@playwright/test';
import { STRIPE_APP_URL } from '../playwright.config.ts';
import { readOutbox } from '../server/testing/outbox.ts';
import { ensureAdmin, expect, signInThroughApi, signUpThroughApi, storeSession, test } from './fixtures.ts';

// Issue 25 point 5: the membership paid in the browser, by invoice on the app (its default) and by
// Stripe Checkout on a second app whose Stripe is the local fake (e2e/support/fake-stripe-server.ts):
// the fake's Checkout page takes the payment, signs its event and delivers it to the app's webhook.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
test('a clinic orders its membership by invoice, reads the invoice, and the admin marks it paid', async ({
  page: clinic,
  request,
  browser,
  axe,
}) => {
  const { account, session } = await signUpThroughApi(request, 'clinic', 'Fakturans Hudvård');
  await storeSession(clinic, session);
  const year = Number(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric' }).format());

  await test.step('the payments page shows the plans with their VAT before ordering', async () => {
    await clinic.goto('/clinic-dashboard/payments');
    await expect(clinic.getByText(`Inget medlemskap är betalt eller beställt för ${year}.`)).toBeVisible();
    await expect(clinic.getByRole('radio', { name: 'Företag' })).toBeChecked();
    await expect(clinic.getByText('moms 25 % 497,50 kr · att betala 2 487,50 kr')).toBeVisible();
    await axe();
  });

  let invoiceNumber = '';
  await test.step('ordering sends the invoice by email and the year counts as invoiced', async () => {
    await clinic.getByRole('button', { name: 'Beställ faktura för Företag' }).click();
    await expect(toast(clinic, 'Fakturan är beställd')).toBeVisible();
    await expect(clinic.getByText('Fakturerad – obetald').first()).toBeVisible();
    const [email] = (await readOutbox(String(process.env.E2E_DATA_DIR))).filter((mail) => mail.to === account.email);
    expect(email?.subject).toMatch(new RegExp(`^Faktura (\\d+) för medlemskap ${year}`));
    invoiceNumber = /^Faktura (\d+)/.exec(email?.subject ?? '')?.[1] ?? '';
    expect(email?.link).toMatch(/\/clinic-dashboard\/payments\/[0-9a-f-]{36}$/);
  });

  await test.step('the invoice carries the seller, the VAT, the due date and the OCR reference, and prints', async () => {
    await clinic.getByRole('link', { name: `Faktura ${invoiceNumber}` }).click();
    await expect(clinic.getByRole('heading', { name: /Faktura/ }).first()).toBeVisible();
    for (const text of ['Momsreg.nr', 'SE559999999101', 'Bankgiro', 'OCR-nummer', '2 487,50 kr', 'Moms 25 %'])
      await expect(clinic.getByText(text, { exact: false }).first()).toBeVisible();
    await expect(clinic.getByText('Säljarens uppgifter är exempel')).toBeVisible();
    await expect(clinic.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
    await axe();
  });

  await test.step('the admin finds the invoice among the unpaid ones and marks it paid', async () => {
    // In a window of its own: the clinic's stays signed in as the clinic.
    const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'sv-SE' });
    const page = await adminContext.newPage();
    const { account: admin } = await ensureAdmin(page, request);
    const adminSession = await signInThroughApi(request, admin.email, admin.password);
    if (!adminSession) throw new Error('The admin account does not accept its password');
    await storeSession(page, adminSession);
    await page.goto('/admin/payments');
    await page.getByLabel('Status').selectOption({ label: 'Fakturerad – obetald' });
    const row = page.getByRole('row').filter({ hasText: 'Fakturans Hudvård' });
    await row.getByRole('button', { name: `Markera faktura ${invoiceNumber} som betald` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Markera faktura ${invoiceNumber} som betald?` });
    await confirm.getByRole('button', { name: 'Markera betald' }).click();
    await expect(toast(page, `Faktura ${invoiceNumber} är markerad som betald.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Fakturans Hudvård' })).toHaveCount(0);
    await adminContext.close();
  });

  await test.step('the clinic sees the year paid through 31 December, with a receipt', async () => {
    await clinic.goto('/clinic-dashboard/payments');
    await expect(clinic.getByText('Medlemskapet är betalt.')).toBeVisible();
    await expect(clinic.getByText(`${year}-12-31`).first()).toBeVisible();
    await expect(clinic.getByRole('link', { name: `Kvitto ${invoiceNumber}` })).toBeVisible();
  });
});

test.describe('on an installation that takes payments by Stripe', () => {
  test.use({ baseURL: STRIPE_APP_URL });

  test('a clinic pays on the Checkout page and comes back to its membership paid; a cancelled payment charges nothing', async ({
    page,
    request,
    axe,
  }) => {
    const { session } = await signUpThroughApi(request, 'clinic', 'Kortbetalande Kliniken');
    await storeSession(page, session);

    await test.step('cancelling on the Checkout page comes back to say nothing was charged', async () => {
      await page.goto('/clinic-dashboard/payments');
      await page.getByRole('button', { name: 'Betala Företag med kort, Swish eller Klarna' }).click();
      await expect(page.getByRole('heading', { name: 'Testbetalning (exempel)' })).toBeVisible();
      await page.getByRole('link', { name: 'Avbryt' }).click();
      await expect(page.getByText('Betalningen avbröts. Inget har dragits.')).toBeVisible();
      await axe();
    });

    await test.step('paying shows the price with its VAT, then the success page confirms the membership', async () => {
      await page.goto('/clinic-dashboard/payments');
      await page.getByRole('button', { name: 'Betala Företag med kort, Swish eller Klarna' }).click();
      await expect(page.getByText('Att betala: 2 487,50 kr')).toBeVisible();
      await expect(page.getByText(/moms 25\s%\s497,50\skr/)).toBeVisible();
      await page.getByRole('button', { name: /^Betala/ }).click();
      await expect(page).toHaveURL(/\/clinic-dashboard\/payments\/success\?session_id=cs_test_/);
      await expect(
        page.getByText(/Betalningen är bekräftad\. Medlemskapet för \d{4} gäller till och med \d{4}-12-31\./),
      ).toBeVisible();
      await axe();
    });

    await test.step('the payments page lists the receipt and the cancelled Checkout', async () => {
      await page.goto('/clinic-dashboard/payments');
      await expect(page.getByText('Medlemskapet är betalt.')).toBeVisible();
      await expect(page.getByRole('link', { name: /Visa kvitto \d+$/ })).toBeVisible();
      await expect(page.getByText('Avbruten').first()).toBeVisible();
    });
  });
});
