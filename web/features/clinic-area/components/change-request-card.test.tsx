import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicDocument, ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { completeApplication, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { ClinicApplication } from './clinic-application.tsx';
import { ClinicOverview } from './clinic-overview.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const clinicDocument = (id: string, fileName: string, state: ClinicDocument['state']): ClinicDocument => ({
  id,
  fileName,
  contentType: 'application/pdf',
  sizeBytes: 2048,
  createdAt: '2026-11-20T09:30:00Z',
  state,
});

const insurance = clinicDocument(
  '11111111-1111-4111-8111-111111111111',
  'Försäkringsbrev 2025.pdf',
  'removal_requested',
);
const newInsurance = clinicDocument('22222222-2222-4222-8222-222222222222', 'Försäkringsbrev 2026.pdf', 'added');

const certified = (overrides: Partial<ClinicOwnProfile> = {}) =>
  completeApplication({
    applicationStatus: 'Godkänd',
    phase: 'certified',
    isCertified: true,
    submittedAt: '2026-10-01T08:00:00Z',
    decidedAt: '2026-10-10T08:00:00Z',
    ...overrides,
  });

const pending = certified({
  changeRequest: {
    id: '33333333-3333-4333-8333-333333333333',
    changes: { fullName: 'Ljusglimt Hud & Spa', orgNumber: null, criteria: { c2: false } },
    addedDocumentIds: [newInsurance.id],
    removedDocumentIds: [insurance.id],
    createdAt: '2026-11-24T10:00:00Z',
    updatedAt: '2026-11-25T15:30:00Z',
  },
});

/** The server's side: the profile as it stands, and the withdrawal that settles the change request. */
function serve(initial: ClinicOwnProfile, { withdraw }: { withdraw?: () => Response } = {}) {
  let profile = initial;
  let documents = [insurance, newInsurance];
  const fetchSpy = mockApi({
    'GET /api/clinic/profile': () => json(profile),
    'GET /api/clinic/documents': () => json({ items: documents }),
    'GET /api/clinic/facts': () => json({ items: [], needed: ['org_number'], missing: ['org_number'] }),
    'DELETE /api/clinic/change-request': () => {
      const refused = withdraw?.();
      if (refused) return refused;
      profile = { ...profile, changeRequest: null };
      documents = [{ ...insurance, state: 'reviewed' }];
      return json(profile);
    },
  });
  return {
    requests: (key: string) =>
      fetchSpy.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key),
  };
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Ändringar som väntar på granskning' })).closest(
    '[data-slot="card"]',
  ) as HTMLElement;

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the pending change request', () => {
  it('lists each change on the overview: reviewed value → requested value, criteria by name, documents by file name, and when', async () => {
    serve(pending);
    renderInClinicArea(<ClinicOverview />);
    const pendingCard = await card();
    const rows = within(pendingCard)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toContain('Klinikens namnHudkliniken Ljusglimt → Ljusglimt Hud & Spa');
    expect(rows).toContain('Organisationsnummer556677-8899 → Ej angivet');
    expect(rows).toContain(
      'Kliniken är ett registrerat företag (enskild firma, aktiebolag eller liknande).Bekräftat → Inte bekräftat',
    );
    expect(await within(pendingCard).findByText('Försäkringsbrev 2026.pdf')).toBeTruthy();
    expect(within(pendingCard).getByText('Försäkringsbrev 2025.pdf')).toBeTruthy();
    expect(within(pendingCard).getByText('Nya dokument')).toBeTruthy();
    expect(within(pendingCard).getByText('Dokument att ta bort')).toBeTruthy();
    expect(within(pendingCard).getByText('Begärd 2026-11-24, senast ändrad 2026-11-25')).toBeTruthy();
  });

  it('is on the application page too, and absent without a change request', async () => {
    serve(pending);
    const { unmount } = renderInClinicArea(<ClinicApplication />);
    expect(await card()).toBeTruthy();
    unmount();

    vi.restoreAllMocks();
    serve(certified());
    renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByText('Kliniken är certifierad')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ändringar som väntar på granskning' })).toBeNull();
  });

  it('withdraws the changes after a confirmation, and the card goes', async () => {
    const { requests } = serve(pending);
    renderInClinicArea(<ClinicOverview />);
    await userEvent.click(within(await card()).getByRole('button', { name: 'Återkalla ändringarna' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Återkalla ändringarna?' });
    expect(requests('DELETE /api/clinic/change-request')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ja, återkalla' }));

    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Ändringar som väntar på granskning' })).toBeNull(),
    );
    expect(requests('DELETE /api/clinic/change-request')).toHaveLength(1);
    expect(toast).toHaveBeenCalledWith({ title: 'Ändringarna är återkallade.', variant: 'success' });
  });

  it("keeps the card and shows the server's reason when withdrawing is refused", async () => {
    const message = 'Det finns ingen ändring som väntar på granskning.';
    serve(pending, { withdraw: () => json({ error: { code: 'no_change_request', message } }, 409) });
    renderInClinicArea(<ClinicOverview />);
    await userEvent.click(within(await card()).getByRole('button', { name: 'Återkalla ändringarna' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ja, återkalla' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte återkalla ändringarna',
        description: message,
        variant: 'destructive',
      }),
    );
  });

  it("shows the admin's reason for a refusal, with the date", async () => {
    serve(
      certified({
        refusedChange: { reason: 'Organisationsnumret hör till ett annat företag.', decidedAt: '2026-11-26T09:00:00Z' },
      }),
    );
    renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByText('Ändringen nekades: Organisationsnumret hör till ett annat företag.')).toBeTruthy();
    expect(screen.getByText('Beslutet togs 2026-11-26.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Återkalla ändringarna' })).toBeNull();
  });
});
