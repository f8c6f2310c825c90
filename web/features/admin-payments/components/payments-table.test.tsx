import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment, AdminPlan } from '../../../../contracts/payments.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_PLAN, payment } from '../../../testing/payment-fixtures.ts';
import { json, mockApi, renderWithProviders, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { PlansSection } from './plans-section.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const row = (overrides: Partial<AdminPayment>): AdminPayment => ({
  ...payment(overrides),
  clinicName: 'Hudkliniken Ljusglimt',
  ...overrides,
});

const INVOICE = row({ id: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a01', number: 1003 });
const CARD = row({
  id: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a02',
  number: 1002,
  provider: 'stripe',
  status: 'paid',
  dueDate: null,
  paidAt: '2026-03-03T10:00:00Z',
});
const PAID_INVOICE = row({
  id: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a03',
  number: 1001,
  status: 'paid',
  paidAt: '2026-03-04T10:00:00Z',
  clinicName: null,
});

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['adminPayments', 'payments', 'validation']);
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('PaymentsTable', () => {
  it('lists the payments with the actions each allows, filters by status on the server and pages with Visa fler', async () => {
    const api = mockApi({
      'GET /api/admin/payments': ({ url }) => {
        const status = url.searchParams.get('status');
        if (status === 'invoiced') return json({ items: [INVOICE], nextCursor: null });
        if (url.searchParams.get('cursor') === 'next') return json({ items: [PAID_INVOICE], nextCursor: null });
        return json({ items: [INVOICE, CARD], nextCursor: 'next' });
      },
    });
    renderWithProviders(<PaymentsTable />, { route: '/admin/payments' });
    const invoiceRow = (await screen.findByRole('cell', { name: '1003' })).closest('tr') as HTMLElement;
    expect(within(invoiceRow).getByText('2 487,50 kr')).toBeTruthy();
    expect(within(invoiceRow).getByText('Fakturerad – obetald')).toBeTruthy();
    expect(within(invoiceRow).getByRole('button', { name: 'Markera faktura 1003 som betald' })).toBeTruthy();
    expect(within(invoiceRow).queryByRole('button', { name: /Återbetala/ })).toBeNull();
    expect(within(invoiceRow).getByRole('link', { name: 'Visa betalning 1003' }).getAttribute('href')).toBe(
      `/admin/payments/${INVOICE.id}`,
    );
    const cardRow = screen.getByRole('cell', { name: '1002' }).closest('tr') as HTMLElement;
    expect(within(cardRow).getByText('Stripe')).toBeTruthy();
    expect(within(cardRow).getByRole('button', { name: 'Återbetala betalning 1002' })).toBeTruthy();
    expect(within(cardRow).queryByRole('button', { name: /Markera/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Visa fler' }));
    const paidInvoiceRow = (await screen.findByRole('cell', { name: '1001' })).closest('tr') as HTMLElement;
    // A paid invoice is neither marked paid again nor refunded here; a deleted clinic is named so.
    expect(within(paidInvoiceRow).queryAllByRole('button')).toHaveLength(0);
    expect(within(paidInvoiceRow).getByText('Borttagen klinik')).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Fakturerad – obetald');
    await waitFor(() => expect(screen.queryByRole('cell', { name: '1002' })).toBeNull());
    expect(screen.getByRole('cell', { name: '1003' })).toBeTruthy();
    expect(api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').search)).toEqual([
      '',
      '?cursor=next',
      '?status=invoiced',
    ]);
  });

  it('marks an invoice paid after a confirmation, with a toast, and loads the list again', async () => {
    let paid = false;
    const api = mockApi({
      'GET /api/admin/payments': () =>
        json({
          items: [paid ? { ...INVOICE, status: 'paid', paidAt: '2026-03-05T10:00:00Z' } : INVOICE],
          nextCursor: null,
        }),
      [`POST /api/admin/payments/${INVOICE.id}/paid`]: () => {
        paid = true;
        return json({ ...payment(), status: 'paid' });
      },
    });
    renderWithProviders(<PaymentsTable />, { route: '/admin/payments' });
    await userEvent.click(await screen.findByRole('button', { name: 'Markera faktura 1003 som betald' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Markera faktura 1003 som betald?' });
    expect(within(dialog).getByText(/Hudkliniken Ljusglimt har betalat 2 487,50 kr/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Markera betald' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Faktura 1001 är markerad som betald.', variant: 'success' }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /Markera faktura/ })).toBeNull());
    const invoiceRow = screen.getByRole('cell', { name: '1003' }).closest('tr') as HTMLElement;
    expect(within(invoiceRow).getByText('Betald')).toBeTruthy();
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("refunds a paid Stripe payment after a confirmation, and tells the server's refusal", async () => {
    mockApi({
      'GET /api/admin/payments': () => json({ items: [CARD], nextCursor: null }),
      [`POST /api/admin/payments/${CARD.id}/refund`]: () =>
        json({ error: { code: 'payment_provider_unavailable', message: 'Stripe svarar inte.' } }, 502),
    });
    renderWithProviders(<PaymentsTable />, { route: '/admin/payments' });
    await userEvent.click(await screen.findByRole('button', { name: 'Återbetala betalning 1002' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Återbetala betalning 1002?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Återbetala' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Betalningen kunde inte återbetalas',
        description: 'Stripe svarar inte.',
        variant: 'destructive',
      }),
    );
  });
});

describe('PlansSection', () => {
  const plan: AdminPlan = {
    ...COMPANY_PLAN,
    history: [
      {
        id: 7,
        action: 'plan.changed',
        actor: { id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', fullName: 'Anna Admin' },
        details: {
          before: { ...COMPANY_PLAN, id: undefined, priceOre: 179_000 },
          after: { ...COMPANY_PLAN, id: undefined },
        },
        createdAt: '2026-02-01T09:30:00Z',
      },
    ],
  };

  it('shows each plan with its history and saves a new price in kronor as öre', async () => {
    let saved = false;
    mockApi({
      'GET /api/admin/plans': () => json([saved ? { ...plan, priceOre: 219_050 } : plan]),
      [`PUT /api/admin/plans/${COMPANY_PLAN.id}`]: ({ body }) => {
        expect(body).toEqual({
          name: { sv: 'Företag Plus', en: 'Company' },
          description: COMPANY_PLAN.description,
          priceOre: 219_050,
          vatPercent: 25,
          active: false,
        });
        saved = true;
        return json({ ...COMPANY_PLAN, priceOre: 219_050 });
      },
    });
    renderWithProviders(<PlansSection />);
    expect(await screen.findByText('Pris: 1 790 kr → 1 990 kr')).toBeTruthy();
    expect(screen.getByText(/Anna Admin/)).toBeTruthy();
    expect(screen.getByText('1 990 kr per år exkl. moms, moms 25 %')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ändra Företag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ändra Företag' });
    const price = within(dialog).getByLabelText(/Pris per år/);
    expect((price as HTMLInputElement).value).toBe('1990');
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await within(dialog).findByText('Ange ett pris i hela ören, minst 1 kr.')).toBeTruthy();

    await userEvent.clear(price);
    await userEvent.type(price, '2 190,50');
    const name = within(dialog).getByLabelText(/Namn \(svenska\)/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Företag Plus');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Säljs/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith({ title: 'Företag är sparat.', variant: 'success' });
    expect(await screen.findByText('2 190,50 kr per år exkl. moms, moms 25 %')).toBeTruthy();
  });
});
