import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CertificateSearchHit } from '../../../../contracts/certificates.ts';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { CertificateSearch } from './certificate-search.tsx';

const KLARA = {
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'Klara Hudmottagning',
  city: 'Stockholm',
  orgNumber: '556677-8899',
};

const HITS: CertificateSearchHit[] = [
  {
    number: 'CK-2026-000007',
    status: 'active',
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    withdrawnAt: null,
    clinic: KLARA,
  },
  {
    number: 'CK-2025-000003',
    status: 'expired',
    validFrom: '2025-01-01',
    validTo: '2025-12-31',
    withdrawnAt: null,
    clinic: KLARA,
  },
  {
    number: 'CK-2024-000002',
    status: 'withdrawn',
    validFrom: '2024-01-01',
    validTo: '2024-12-31',
    withdrawnAt: '2024-06-10T08:00:00.000Z',
    clinic: KLARA,
  },
];

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['verification']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CertificateSearch', () => {
  it('asks for two characters, then lists the hits with their status, each linked to its verification page', async () => {
    const api = mockApi({ 'GET /api/certificates': () => json({ items: HITS, total: 3, page: 1, pageSize: 20 }) });
    renderWithProviders(<CertificateSearch />, { route: '/verifiera' });

    const field = screen.getByRole('searchbox', { name: 'Certifikatnummer eller klinikens namn' });
    await userEvent.type(field, 'k');
    expect(screen.getByText('Skriv minst två tecken: ett certifikatnummer eller en kliniks namn.')).toBeTruthy();
    await userEvent.type(field, 'lara');

    const list = await screen.findByRole('list', { name: 'Hittade certifikat' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/verifiera/CK-2026-000007',
      '/verifiera/CK-2025-000003',
      '/verifiera/CK-2024-000002',
    ]);
    expect(within(rows[0]!).getByText('Giltigt').closest('[data-status]')?.getAttribute('data-status')).toBe('active');
    expect(within(rows[1]!).getByText('Utgånget')).toBeTruthy();
    expect(within(rows[2]!).getByText('Återkallat')).toBeTruthy();
    expect(within(rows[2]!).getByText('Återkallat 2024-06-10')).toBeTruthy();
    expect(within(rows[0]!).getByText('Gäller 2026-01-01 – 2026-12-31')).toBeTruthy();
    expect(screen.getByText('Visar 1–3 av 3')).toBeTruthy();
    // Typing pauses before the search: one request for 'klara', none for 'k'.
    expect(api.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('search'))).toEqual([
      'klara',
    ]);
  });

  it('pages through many hits on the server', async () => {
    const api = mockApi({
      'GET /api/certificates': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return json({ items: page === 2 ? [HITS[1]] : [HITS[0]], total: 21, page, pageSize: 20 });
      },
    });
    renderWithProviders(<CertificateSearch />, { route: '/verifiera?search=CK-20' });

    expect(await screen.findByRole('link', { name: 'CK-2026-000007' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Nästa/ }));
    expect(await screen.findByRole('link', { name: 'CK-2025-000003' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Visar 21–21 av 21')).toBeTruthy());
    expect(api.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('says so when nothing matches', async () => {
    mockApi({ 'GET /api/certificates': () => json({ items: [], total: 0, page: 1, pageSize: 20 }) });
    renderWithProviders(<CertificateSearch />, { route: '/verifiera?search=Ingen%20alls' });

    expect(await screen.findByText('Inga certifikat matchar din sökning.')).toBeTruthy();
  });
});
