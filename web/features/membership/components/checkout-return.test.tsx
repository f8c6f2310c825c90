import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_CANCELLED_PATH, CHECKOUT_SUCCESS_PATH } from '../../../../contracts/payments.ts';
import { paths } from '../../../config/paths.ts';
import { i18n } from '../../../lib/i18n.ts';
import { clinicMembership, COMPANY_PLAN, membershipYear } from '../../../testing/payment-fixtures.ts';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { renderAsClinic } from '../testing/render-as-clinic.tsx';
import { CheckoutCancelled, CheckoutSuccess } from './checkout-return.tsx';

const pending = clinicMembership({ due: membershipYear({ status: 'pending' }) });
const paid = clinicMembership({
  due: membershipYear({ status: 'paid', planName: COMPANY_PLAN.name, validThrough: '2026-12-31' }),
});

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['payments']);
});

beforeEach(() => {
  vi.restoreAllMocks();
});

it("has the addresses Stripe returns to (the server's), below the payments page (web/app/router.tsx)", () => {
  expect(CHECKOUT_SUCCESS_PATH).toBe(`${paths.clinicPayments}/success`);
  expect(CHECKOUT_CANCELLED_PATH).toBe(`${paths.clinicPayments}/cancelled`);
});

describe('CheckoutSuccess', () => {
  it("says the payment is being confirmed, with its progress, and asks again until Stripe's webhook has marked it paid", async () => {
    let loads = 0;
    mockApi({
      'GET /api/clinic/membership': () => {
        loads += 1;
        return json(loads < 3 ? pending : paid);
      },
    });
    renderAsClinic(<CheckoutSuccess pollMs={20} timeoutMs={10_000} />);
    expect(await screen.findByText('Betalningen bekräftas…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Väntar på bekräftelsen' })).toBeTruthy();

    expect(
      await screen.findByText('Betalningen är bekräftad. Medlemskapet för 2026 gäller till och med 2026-12-31.'),
    ).toBeTruthy();
    expect(loads).toBe(3);
    expect(screen.getByRole('link', { name: 'Till Betalning & Medlemskap' }).getAttribute('href')).toBe(
      '/clinic-dashboard/payments',
    );
    // Paid: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads).toBe(3);
  });

  it('says clearly when the confirmation is late, where it will show, and can ask again', async () => {
    let confirmed = false;
    mockApi({ 'GET /api/clinic/membership': () => json(confirmed ? paid : pending) });
    renderAsClinic(<CheckoutSuccess pollMs={20} timeoutMs={150} />);
    expect(await screen.findByText(/Bekräftelsen dröjer/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till Betalning & Medlemskap' })).toBeTruthy();

    confirmed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Kontrollera igen' }));
    expect(await screen.findByText(/Betalningen är bekräftad/)).toBeTruthy();
  });
});

describe('CheckoutCancelled', () => {
  it('says nothing was charged and leads back to the plans', () => {
    renderAsClinic(<CheckoutCancelled />);
    expect(screen.getByText('Betalningen avbröts. Inget har dragits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tillbaka till medlemskapen' }).getAttribute('href')).toBe(
      '/clinic-dashboard/payments',
    );
  });
});
