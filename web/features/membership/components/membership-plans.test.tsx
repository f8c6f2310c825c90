import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import {
  clinicMembership,
  COMPANY_PLAN,
  INDIVIDUAL_PLAN,
  membershipYear,
  payment,
} from '../../../testing/payment-fixtures.ts';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { goToCheckout } from '../lib/checkout.ts';
import { renderAsClinic } from '../testing/render-as-clinic.tsx';
import { MembershipPayments } from './membership-payments.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));
vi.mock('../lib/checkout.ts', () => ({ goToCheckout: vi.fn() }));

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['payments']);
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
  vi.mocked(goToCheckout).mockClear();
});

describe('MembershipPayments', () => {
  it("shows the server's plans, starting on company, with the VAT and the sum to pay before paying", async () => {
    mockApi({ 'GET /api/clinic/membership': () => json(clinicMembership()) });
    const { container } = renderAsClinic(<MembershipPayments />);
    expect(await screen.findByRole('heading', { name: 'Medlemskap 2026' })).toBeTruthy();
    expect(screen.getByText('Inte betalt')).toBeTruthy();
    expect(radio('Företag').checked).toBe(true);
    expect(radio('Individuell').checked).toBe(false);
    // Intl writes no-break spaces; Testing Library compares them as spaces.
    expect(screen.getByText('1 990 kr')).toBeTruthy();
    expect(screen.getByText('990 kr')).toBeTruthy();
    expect(screen.getByText('moms 25 % 497,50 kr · att betala 2 487,50 kr')).toBeTruthy();
    expect(screen.getByText('moms 25 % 247,50 kr · att betala 1 237,50 kr')).toBeTruthy();
    expect(screen.getAllByText('per år exkl. moms')).toHaveLength(2);
    expect(screen.getByText('Nya kunder provar gratis i 14 dagar.')).toBeTruthy();
    expect(screen.getByText(/betalas inom 30 dagar/)).toBeTruthy();
    expect(screen.getByText('Inga betalningar än.')).toBeTruthy();
    expect(container.textContent).not.toMatch(/nyckel|pris-ID/i);
  });

  it('orders an invoice for the chosen plan: the button waits, a toast tells, and the year shows it invoiced without a pay button', async () => {
    const invoice = payment({ planName: INDIVIDUAL_PLAN.name, totalOre: 123_750 });
    let ordered = false;
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockApi({
      'GET /api/clinic/membership': () =>
        json(
          ordered
            ? clinicMembership({
                due: membershipYear({ status: 'invoiced', planName: INDIVIDUAL_PLAN.name }),
                payments: [invoice],
              })
            : clinicMembership(),
        ),
      'POST /api/clinic/membership/orders': async ({ body }) => {
        expect(body).toEqual({ planId: INDIVIDUAL_PLAN.id });
        await answered;
        ordered = true;
        return json({ provider: 'invoice', payment: invoice }, 201);
      },
    });
    renderAsClinic(<MembershipPayments />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Individuell' }));
    await userEvent.click(screen.getByRole('button', { name: 'Beställ faktura för Individuell' }));

    const busy = await screen.findByRole('button', { name: 'Beställer faktura…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    release();

    expect(await screen.findByText('Fakturerad – obetald', { selector: '[data-slot="badge"]:not(td *)' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Fakturan är beställd',
      description: 'Faktura 1001 är skickad till klinik@example.se.',
      variant: 'success',
    });
    expect(screen.queryByRole('button', { name: /Beställ faktura/ })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('10016')).toBeTruthy();
    expect(screen.getByText('2026-04-01')).toBeTruthy();
    const row = screen.getByRole('row', { name: /1001/ });
    expect(within(row).getByText('1 237,50 kr')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Visa faktura 1001' }).getAttribute('href')).toBe(
      `/clinic-dashboard/payments/${invoice.id}`,
    );
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('with Stripe, goes on to the Checkout page the server opened, in words that name what the clinic pays with', async () => {
    mockApi({
      'GET /api/clinic/membership': () => json(clinicMembership({ provider: 'stripe' })),
      'POST /api/clinic/membership/orders': ({ body }) => {
        expect(body).toEqual({ planId: COMPANY_PLAN.id });
        return json({ provider: 'stripe', checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' }, 201);
      },
    });
    renderAsClinic(<MembershipPayments />);
    await userEvent.click(await screen.findByRole('button', { name: 'Betala Företag med kort, Swish eller Klarna' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    // The page stays busy until the browser has left for Stripe.
    expect(screen.getByRole('button', { name: 'Öppnar betalningen…' })).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the order is refused, and after a conflict loads the year again", async () => {
    let loads = 0;
    mockApi({
      'GET /api/clinic/membership': () => {
        loads += 1;
        return json(clinicMembership({ provider: 'stripe' }));
      },
      'POST /api/clinic/membership/orders': () =>
        json(
          {
            error: {
              code: 'payment_in_progress',
              message: 'En betalning för året pågår redan. Vänta en stund och ladda om sidan.',
            },
          },
          409,
        ),
    });
    renderAsClinic(<MembershipPayments />);
    await userEvent.click(await screen.findByRole('button', { name: /med kort, Swish eller Klarna/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Betalningen kunde inte startas',
        description: 'En betalning för året pågår redan. Vänta en stund och ladda om sidan.',
        variant: 'destructive',
      }),
    );
    expect(goToCheckout).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Betala Företag med kort, Swish eller Klarna' })).toBeTruthy();
    await waitFor(() => expect(loads).toBe(2));
  });

  it("shows a waived year with the admin's reason, and no plans to pay", async () => {
    mockApi({
      'GET /api/clinic/membership': () =>
        json(
          clinicMembership({
            due: membershipYear({ status: 'waived', waiverReason: 'Ideell förening: avgiften efterskänkt i år.' }),
          }),
        ),
    });
    renderAsClinic(<MembershipPayments />);
    expect(await screen.findByText('Kliniken har undantag från betalningen för 2026.')).toBeTruthy();
    expect(screen.getByText('Skäl').nextElementSibling?.textContent).toBe(
      'Ideell förening: avgiften efterskänkt i år.',
    );
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('during a renewal shows this year paid beside next year to pay, and the receipt of the paid one', async () => {
    const receipt = payment({ status: 'paid', paidAt: '2026-01-10T10:00:00Z', dueDate: null, provider: 'stripe' });
    mockApi({
      'GET /api/clinic/membership': () =>
        json(
          clinicMembership({
            due: membershipYear({ year: 2027 }),
            current: membershipYear({ status: 'paid', planName: COMPANY_PLAN.name, validThrough: '2026-12-31' }),
            payments: [receipt],
          }),
        ),
    });
    renderAsClinic(<MembershipPayments />);
    expect(await screen.findByRole('heading', { name: 'Medlemskap 2027' })).toBeTruthy();
    expect(screen.getByText(/Förnyelsen gäller 2027/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Medlemskap i år (2026)' })).toBeTruthy();
    expect(screen.getByText('2026-12-31')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Visa kvitto/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Beställ faktura för Företag' })).toBeTruthy();
  });
});
