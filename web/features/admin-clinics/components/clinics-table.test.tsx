import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminClinicPage, AdminClinicRow } from '../../../../contracts/admin.ts';
import { i18n } from '../../../lib/i18n.ts';
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { clinicReview } from '../testing/clinic-review.ts';
import { ClinicsTable } from './clinics-table.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const clinic = (fullName: string, city: string, id: string): AdminClinicRow => ({
  id,
  fullName,
  email: `${id.slice(0, 4)}@example.se`,
  city,
  orgNumber: null,
  applicationStatus: 'Godkänd',
  phase: 'certified',
  isCertified: true,
  isPublic: true,
  createdAt: '2026-11-01T08:00:00Z',
  deletedAt: null,
});

const GOTHENBURG = clinic('Åkerblads Hudvård', 'Göteborg', 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d');
const MALMO = clinic('Öresunds Estetiska Klinik', 'Malmö', 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e');

const pageOf = (items: AdminClinicRow[]): AdminClinicPage => ({ items, total: items.length, page: 1, pageSize: 25 });

/** The query of every GET /api/admin/clinics the table sent. */
function sentQueries(api: ReturnType<typeof mockApi>): URLSearchParams[] {
  return api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams);
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin', 'validation']);
});

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('ClinicsTable', () => {
  it('searches on the server once typing pauses, with the admin token', async () => {
    const api = mockApi({
      'GET /api/admin/clinics': ({ url, headers }) => {
        expect(headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
        return json(pageOf(url.searchParams.get('search') === 'Malmö' ? [MALMO] : [GOTHENBURG, MALMO]));
      },
    });
    renderWithProviders(<ClinicsTable onSendMessage={vi.fn()} />, { route: '/admin/clinics' });
    await screen.findByText('Åkerblads Hudvård');
    expect(sentQueries(api).map((query) => query.toString())).toEqual(['sort=name&order=asc&page=1']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Sök kliniker' }), 'Malmö');
    await waitFor(() => expect(screen.queryByText('Åkerblads Hudvård')).toBeNull());
    expect(screen.getByText('Öresunds Estetiska Klinik')).toBeTruthy();
    // One request for the whole word, not one per key.
    const searches = sentQueries(api).filter((query) => query.has('search'));
    expect(searches.map((query) => Object.fromEntries(query))).toEqual([
      { search: 'Malmö', sort: 'name', order: 'asc', page: '1' },
    ]);
  });

  it('sorts by the clicked column, the other way round on a second click', async () => {
    const api = mockApi({ 'GET /api/admin/clinics': () => json(pageOf([GOTHENBURG, MALMO])) });
    renderWithProviders(<ClinicsTable onSendMessage={vi.fn()} />, { route: '/admin/clinics' });
    await screen.findByText('Åkerblads Hudvård');

    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(sentQueries(api).at(-1)?.toString()).toBe('sort=status&order=asc&page=1'));
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(sentQueries(api).at(-1)?.toString()).toBe('sort=status&order=desc&page=1'));
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('descending');
  });

  it("adds the route's actions last in a row's menu, chosen with the keyboard; an erased clinic reads Borttagen and keeps only its documents", async () => {
    const ERASED = { ...MALMO, phase: 'withdrawn' as const, isCertified: false, deletedAt: '2026-12-01T09:00:00Z' };
    mockApi({ 'GET /api/admin/clinics': () => json(pageOf([GOTHENBURG, ERASED])) });
    const exported = vi.fn();
    const menuActions = (row: AdminClinicRow) => [
      { key: 'export', label: 'Exportera uppgifter', icon: null, onSelect: () => exported(row.id) },
      { key: 'erase', label: 'Radera konto', icon: null, destructive: true, onSelect: vi.fn() },
    ];
    renderWithProviders(<ClinicsTable onSendMessage={vi.fn()} menuActions={menuActions} />, {
      route: '/admin/clinics',
    });
    const erased = (await screen.findByText('Öresunds Estetiska Klinik')).closest('tr') as HTMLElement;
    expect(within(erased).getByText('Borttagen')).toBeTruthy();
    expect(within(erased).queryByText('Återkallad')).toBeNull();

    const menuButton = screen.getByRole('button', { name: 'Åtgärder för Åkerblads Hudvård' });
    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items.slice(-2)).toEqual(['Exportera uppgifter', 'Radera konto']);
    expect(items).toContain('Redigera');
    await userEvent.keyboard('{End}{ArrowUp}{Enter}');
    expect(exported).toHaveBeenCalledWith(GOTHENBURG.id);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Åtgärder för Öresunds Estetiska Klinik' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Visa dokument',
      'Exportera uppgifter',
      'Radera konto',
    ]);
  });

  it('suspends a certified clinic from its menu and offers to reinstate one that reads Indraget', async () => {
    const SUSPENDED = { ...MALMO, phase: 'suspended' as const };
    const sent: unknown[] = [];
    mockApi({
      'GET /api/admin/clinics': () => json(pageOf([GOTHENBURG, SUSPENDED])),
      [`POST /api/admin/clinics/${GOTHENBURG.id}/suspend`]: ({ body }) => {
        sent.push(body);
        return json(clinicReview({ id: GOTHENBURG.id, fullName: GOTHENBURG.fullName, phase: 'suspended' }));
      },
      [`POST /api/admin/clinics/${MALMO.id}/reinstate`]: () =>
        json(
          {
            error: {
              code: 'facts_unverified',
              message: sv.factsUnverified,
              issues: [{ path: ['facts', 'liability_insurance'], message: sv.factKindLiabilityInsurance }],
            },
          },
          409,
        ),
    });
    renderWithProviders(<ClinicsTable onSendMessage={vi.fn()} />, { route: '/admin/clinics' });
    const malmo = (await screen.findByText('Öresunds Estetiska Klinik')).closest('tr') as HTMLElement;
    expect(within(malmo).getByText('Indraget')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Åtgärder för Åkerblads Hudvård' }));
    expect(screen.queryByRole('menuitem', { name: 'Återinför' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Dra in tillfälligt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dra in certifikatet för Åkerblads Hudvård tillfälligt' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Klagomål utreds.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dra in certifikatet' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Klagomål utreds.' }]));

    await userEvent.click(screen.getByRole('button', { name: 'Åtgärder för Öresunds Estetiska Klinik' }));
    expect(screen.queryByRole('menuitem', { name: 'Dra in tillfälligt' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Återinför' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Återinföra certifikatet för Öresunds Estetiska Klinik?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Återinför' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte återinföra certifikatet',
        description: 'Inte verifierat än: Ansvarsförsäkring.',
        variant: 'destructive',
      }),
    );
  });
});
