import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDocument } from '../../contracts/payments.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { paymentDocument } from '../testing/payment-fixtures.ts';
import { renderWithProviders } from '../testing/test-utils.tsx';
import { PaymentDocumentPage } from './payment-document.tsx';

function Page({ load }: { load: () => Promise<PaymentDocument> }) {
  return <PaymentDocumentPage query={useQuery({ queryKey: ['document'], queryFn: load })} backHref="/back" />;
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['payments']);
});

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('PaymentDocumentPage', () => {
  it('prints an unpaid invoice with the seller, the buyer, the VAT, and how to pay it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithProviders(<Page load={async () => paymentDocument()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Faktura 1001' })).toBeTruthy();
    expect(screen.getAllByText('Faktura')).toHaveLength(1);
    expect(screen.getByText('Certifierad Klinik Sverige AB')).toBeTruthy();
    expect(screen.getByText('Org.nr 559000-0000')).toBeTruthy();
    expect(screen.getByText('Momsreg.nr SE559000000001')).toBeTruthy();
    expect(screen.getByText('Hudkliniken Ljusglimt AB')).toBeTruthy();
    expect(screen.getByText('Org.nr 556677-8899')).toBeTruthy();
    expect(screen.getByText('Medlemskap Företag 2026')).toBeTruthy();
    expect(screen.getAllByText('1 990,00 kr')).toHaveLength(2);
    expect(screen.getByRole('rowheader', { name: 'Moms 25 %' })).toBeTruthy();
    expect(screen.getByText('497,50 kr')).toBeTruthy();
    expect(screen.getAllByText('2 487,50 kr')).toHaveLength(2);
    expect(screen.getByText('123-4567')).toBeTruthy();
    expect(screen.getByText('10016')).toBeTruthy();
    expect(screen.getAllByText('2026-04-01')).toHaveLength(2);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('link', { name: 'Tillbaka till betalningarna' }).getAttribute('href')).toBe('/back');

    await userEvent.click(screen.getByRole('button', { name: 'Skriv ut' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows a paid payment as a receipt with its paid date, and says when the seller is an example', async () => {
    renderWithProviders(
      <Page
        load={async () =>
          paymentDocument({ status: 'paid', provider: 'stripe', dueDate: null, paidAt: '2026-03-03T10:00:00Z' }, true)
        }
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Kvitto 1001' })).toBeTruthy();
    expect(screen.getByText('Betald', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('2026-03-03')).toBeTruthy();
    expect(screen.getByText('Stripe')).toBeTruthy();
    expect(screen.queryByText('Bankgiro')).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(/exempel/);
  });

  it('names a refunded payment so', async () => {
    renderWithProviders(
      <Page
        load={async () =>
          paymentDocument({
            status: 'refunded',
            provider: 'stripe',
            paidAt: '2026-03-03T10:00:00Z',
            refundedAt: '2026-03-05T10:00:00Z',
          })
        }
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Kvitto 1001' })).toBeTruthy();
    expect(screen.getAllByText('Återbetald').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-03-05')).toBeTruthy();
  });

  it('says so when the payment does not exist', async () => {
    renderWithProviders(<Page load={() => Promise.reject(new ApiRequestError(404, 'not_found', 'Hittades inte'))} />);
    expect(await screen.findByText('Betalningen finns inte.')).toBeTruthy();
  });
});
