import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminReport } from '../../../../contracts/customer-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ReportsList } from './reports-list.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const reporter = { id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876', fullName: 'Kim Kund', email: 'kund@example.se' };
const NEW: AdminReport = {
  id: '44444444-4444-4444-8444-444444444444',
  clinicName: 'Söders Estetik',
  clinicId: '33333333-3333-4333-8333-333333333333',
  content: 'Behandlaren bytte inte handskar.',
  status: 'Ny',
  adminResponse: null,
  createdAt: '2026-11-23T09:00:00Z',
  updatedAt: '2026-11-23T09:00:00Z',
  reporter,
};
const HANDLED: AdminReport = {
  ...NEW,
  id: '55555555-5555-4555-8555-555555555555',
  clinicName: 'Salong Glans',
  clinicId: null,
  status: 'Hanterad',
  adminResponse: 'Tack!',
};

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['adminReports', 'validation']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportsList', () => {
  it('filters by status on the server and loads the next page on request', async () => {
    const api = mockApi({
      'GET /api/admin/reports': ({ url }) => {
        const status = url.searchParams.get('status');
        if (status === 'Hanterad') return json({ items: [HANDLED], nextCursor: null });
        return url.searchParams.get('cursor') === 'c1'
          ? json({ items: [HANDLED], nextCursor: null })
          : json({ items: [NEW], nextCursor: 'c1' });
      },
    });
    renderWithProviders(<ReportsList />, { route: '/admin/reports' });

    const table = await screen.findByRole('table', { name: 'Rapporter' });
    expect(within(table).getByRole('button', { name: 'Hantera rapporten om Söders Estetik' })).toBeTruthy();
    expect(within(table).getByText('Klinik i registret')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Visa fler rapporter' }));
    await within(table).findByRole('button', { name: 'Hantera rapporten om Salong Glans' });

    await userEvent.click(screen.getByRole('radio', { name: 'Hanterad' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Rapporter' })).queryByText('Söders Estetik')).toBeNull(),
    );
    expect(screen.getByRole('radio', { name: 'Hanterad' }).getAttribute('aria-checked')).toBe('true');
    const lastUrl = new URL(String(api.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(lastUrl.searchParams.get('status')).toBe('Hanterad');
  });

  it('opens the manage dialog of a row, and gives focus back to it on closing', async () => {
    mockApi({ 'GET /api/admin/reports': () => json({ items: [NEW], nextCursor: null }) });
    renderWithProviders(<ReportsList />, { route: '/admin/reports?status=Ny' });

    await userEvent.click(await screen.findByRole('button', { name: 'Hantera rapporten om Söders Estetik' }));
    expect(within(screen.getByRole('dialog', { name: 'Hantera rapport' })).getByText('Kim Kund')).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('radio', { name: 'Ny' }).getAttribute('aria-checked')).toBe('true');
    // Focus goes back to the row's button (the dialog has no trigger of its own).
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Hantera rapporten om Söders Estetik'),
    );
  });
});
