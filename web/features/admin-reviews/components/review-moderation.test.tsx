import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '../../../../contracts/reviews.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ReviewModeration } from './review-moderation.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const REPORTED: AdminReview = {
  id: '44444444-4444-4444-8444-444444444444',
  clinic: { id: '33333333-3333-4333-8333-333333333333', name: 'Söders Estetik', slug: 'soders-estetik' },
  authorName: 'Anna K.',
  rating: 2,
  text: '<script>alert(1)</script> Behandlaren var stressad och otrevlig.',
  visitDate: '2026-11-03',
  createdAt: '2026-11-20T09:00:00Z',
  editedAt: null,
  reply: {
    text: 'Vi beklagar, hör av dig till oss.',
    createdAt: '2026-11-21T09:00:00Z',
    updatedAt: '2026-11-21T09:00:00Z',
  },
  hidden: null,
  openReports: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      reason: 'Nämner personalen vid namn.',
      createdAt: '2026-11-22T09:00:00Z',
      reporterName: 'Rut Rapport',
    },
    {
      id: '66666666-6666-4666-8666-666666666666',
      reason: 'Stämmer inte.',
      createdAt: '2026-11-23T09:00:00Z',
      reporterName: null,
    },
  ],
};
const OLDER: AdminReview = {
  ...REPORTED,
  id: '77777777-7777-4777-8777-777777777777',
  clinic: { ...REPORTED.clinic, name: 'Salong Glans', slug: 'salong-glans' },
  authorName: null,
  reply: null,
  openReports: [REPORTED.openReports[0] ?? { id: '', reason: '', createdAt: '', reporterName: null }],
};
const HIDDEN: AdminReview = {
  ...OLDER,
  id: '88888888-8888-4888-8888-888888888888',
  openReports: [],
  hidden: { reason: 'personal_data', hiddenAt: '2026-11-24T09:00:00Z' },
};

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['adminReviews', 'validation', 'common']);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

const card = (name: string) => screen.getByRole('article', { name });

describe('ReviewModeration', () => {
  it('shows the reported reviews as cards, pages on request and filters by the hidden ones', async () => {
    const api = mockApi({
      'GET /api/admin/reviews': ({ url }) => {
        const status = url.searchParams.get('status');
        if (status === 'hidden') return json({ items: [HIDDEN], nextCursor: null });
        if (status === 'all') return json({ items: [], nextCursor: null });
        return url.searchParams.get('cursor') === 'c1'
          ? json({ items: [OLDER], nextCursor: null })
          : json({ items: [REPORTED], nextCursor: 'c1' });
      },
    });
    renderWithProviders(<ReviewModeration />, { route: '/admin/reviews' });

    const reported = await screen.findByRole('article', { name: 'Söders Estetik' });
    expect(within(reported).getByRole('link', { name: 'Söders Estetik' }).getAttribute('href')).toBe(
      '/kliniker/soders-estetik',
    );
    expect(within(reported).getByText('Anna K.')).toBeTruthy();
    expect(within(reported).getByRole('img', { name: '2 av 5 stjärnor' })).toBeTruthy();
    expect(within(reported).getByText('Verifierat besök, november 2026')).toBeTruthy();
    // HTML in a review is text.
    expect(within(reported).getByText(/<script>alert\(1\)<\/script> Behandlaren/)).toBeTruthy();
    expect(reported.querySelector('script')).toBeNull();
    expect(within(reported).getByText('Vi beklagar, hör av dig till oss.')).toBeTruthy();
    const reports = within(reported).getByRole('region', { name: '2 anmälningar' });
    expect(within(reports).getByText('Nämner personalen vid namn.')).toBeTruthy();
    expect(within(reports).getByText(/^Borttaget konto/)).toBeTruthy();
    expect(within(reported).getByText('Publicerat')).toBeTruthy();
    expect(new URL(String(api.mock.calls[0]?.[0]), 'http://localhost').searchParams.get('status')).toBe('reported');

    await userEvent.click(screen.getByRole('button', { name: 'Visa fler' }));
    const older = await screen.findByRole('article', { name: 'Salong Glans' });
    expect(within(older).getByText('Tidigare kund')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Visa fler' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Dolda' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Söders Estetik' })).toBeNull());
    const hidden = card('Salong Glans');
    expect(within(hidden).getByText('Dolt: Innehåller personuppgifter')).toBeTruthy();
    expect(within(hidden).getByRole('button', { name: 'Visa igen' })).toBeTruthy();
    expect(within(hidden).getByRole('button', { name: 'Byt skäl' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Dolda' }).getAttribute('aria-checked')).toBe('true');

    await userEvent.click(screen.getByRole('radio', { name: 'Alla' }));
    expect(await screen.findByText('Inga omdömen än.')).toBeTruthy();
  });

  it('hides a review only with a reason from the list, then says so', async () => {
    const decisions: unknown[] = [];
    mockApi({
      'GET /api/admin/reviews': () => json({ items: [REPORTED], nextCursor: null }),
      'GET /api/admin/reviews/count': () => json({ waiting: 1 }),
      [`POST /api/admin/reviews/${REPORTED.id}/decision`]: ({ body }) => {
        decisions.push(body);
        return json({
          ...REPORTED,
          hidden: { reason: 'offensive', hiddenAt: '2026-11-25T09:00:00Z' },
          openReports: [],
        });
      },
    });
    renderWithProviders(<ReviewModeration />, { route: '/admin/reviews' });

    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Söders Estetik' })).getByRole('button', { name: 'Dölj' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Dölj omdömet?' });
    const reason = within(dialog).getByRole('combobox', { name: 'Skäl' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Välj ett skäl',
      'Bryter mot riktlinjerna',
      'Innehåller personuppgifter',
      'Kränkande innehåll',
      'Gäller inte ett besök',
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Dölj omdömet' }));
    expect(await within(dialog).findByText('Välj ett skäl från listan.')).toBeTruthy();
    expect(decisions).toEqual([]);

    await userEvent.selectOptions(reason, 'Kränkande innehåll');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dölj omdömet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decisions).toEqual([{ decision: 'hide', reason: 'offensive' }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Omdömet är dolt', variant: 'success' });
  });

  it('keeps a review after a confirmation, and tells the server’s reason when it refuses', async () => {
    const decisions: unknown[] = [];
    mockApi({
      'GET /api/admin/reviews': () => json({ items: [REPORTED], nextCursor: null }),
      [`POST /api/admin/reviews/${REPORTED.id}/decision`]: ({ body }) => {
        decisions.push(body);
        return json({ error: { code: 'not_found', message: 'Sidan eller resursen finns inte.' } }, 404);
      },
    });
    renderWithProviders(<ReviewModeration />, { route: '/admin/reviews' });

    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Söders Estetik' })).getByRole('button', { name: 'Behåll' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Behåll omdömet?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Avbryt' }));
    expect(decisions).toEqual([]);

    await userEvent.click(within(card('Söders Estetik')).getByRole('button', { name: 'Behåll' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Behåll omdömet?' })).getByRole('button', { name: 'Behåll' }),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Beslutet kunde inte sparas',
        description: 'Sidan eller resursen finns inte.',
        variant: 'destructive',
      }),
    );
    expect(decisions).toEqual([{ decision: 'keep' }]);
  });

  it('shows what is loading, then an empty queue in words', async () => {
    mockApi({ 'GET /api/admin/reviews': () => json({ items: [], nextCursor: null }) });
    renderWithProviders(<ReviewModeration />, { route: '/admin/reviews' });
    expect(screen.getByText('Laddar...')).toBeTruthy();
    expect(await screen.findByText('Inga anmälda omdömen väntar på beslut.')).toBeTruthy();
  });
});
