import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationList } from '../../../../contracts/admin.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { adminClinicKeys } from '../api/keys.ts';
import { CLINIC_ID, clinicFacts, clinicReview } from '../testing/clinic-review.ts';
import { ApplicationReview } from './application-review.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const REVIEW = `GET /api/admin/clinics/${CLINIC_ID}`;
const FACTS = { [`GET /api/admin/clinics/${CLINIC_ID}/facts`]: () => json(clinicFacts()) };
const REVIEW_PATH = `/admin/applications/${CLINIC_ID}`;

function ListStub() {
  const location = useLocation();
  return <p>list {location.search}</p>;
}

/** The review as the list's link opens it: with the list's own filter in the link's state. */
function renderReview() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/applications/:clinicId" element={<ApplicationReview clinicId={CLINIC_ID} />} />
      <Route path="/admin/applications" element={<ListStub />} />
    </Routes>,
    { route: { pathname: REVIEW_PATH, state: { listSearch: '?drafts=true' } } },
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin', 'validation']);
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('ApplicationReview', () => {
  it('shows the saved application, the criteria, the documents and the history', async () => {
    mockApi({ ...FACTS, [REVIEW]: () => json(clinicReview()) });
    renderReview();

    expect(await screen.findByRole('heading', { level: 1, name: 'Granskas Hudvård' })).toBeTruthy();
    expect(screen.getByText('556000-0018')).toBeTruthy();
    expect(screen.getByText('Kliniken har bekräftat 5 av 6 kriterier.')).toBeTruthy();
    expect(screen.getByText('Tydliga rutiner för kundjournaler och samtycke').textContent).toContain('inte bekräftat');
    const documents = screen.getByRole('list', { name: 'Dokument' });
    expect(within(documents).getByRole('button', { name: 'Ladda ner Ansvarsförsäkring 2026.pdf' })).toBeTruthy();
    expect(within(documents).getByRole('button', { name: 'Förhandsgranska Ansvarsförsäkring 2026.pdf' })).toBeTruthy();
    expect(screen.getByText('Ansökan skickades in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alla ansökningar' }).getAttribute('href')).toBe(
      '/admin/applications?drafts=true',
    );
  });

  it('approves, says so, takes the clinic off the cached list at once and goes back to the list as it was', async () => {
    const approved = clinicReview({
      applicationStatus: 'Godkänd',
      phase: 'certified',
      isCertified: true,
      decidedAt: '2026-11-23T10:00:00Z',
      certifiedAt: '2026-11-23T10:00:00Z',
    });
    mockApi({
      ...FACTS,
      [REVIEW]: () => json(clinicReview()),
      [`POST /api/admin/clinics/${CLINIC_ID}/approve-application`]: () => json(approved),
      'GET /api/admin/applications': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
      'GET /api/admin/clinics': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
    });
    const { queryClient } = renderReview();
    const listKey = adminClinicKeys.applicationList({ drafts: true, page: 1 });
    const listed: ApplicationList = {
      items: [
        {
          id: CLINIC_ID,
          fullName: 'Granskas Hudvård',
          email: 'granskas@example.se',
          city: null,
          applicationStatus: 'Väntar',
          phase: 'sent_in',
          submittedAt: '2026-11-20T09:30:00Z',
          createdAt: '2026-11-01T08:00:00Z',
          documentCount: 1,
          isRenewal: false,
          hasChangeRequest: false,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    };
    queryClient.setQueryData(listKey, listed);

    // Approving asks first, as denying does (issue 28): Avbryt decides nothing.
    await userEvent.click(await screen.findByRole('button', { name: 'Godkänn ansökan' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Godkänna ansökan från Granskas Hudvård?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByText(/^list/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Godkänn ansökan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ja, godkänn' }));
    expect(await screen.findByText('list ?drafts=true')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'Ansökan godkänd', variant: 'success' });
    expect(queryClient.getQueryData<ApplicationList>(listKey)).toMatchObject({ items: [], total: 0 });
  });

  it("shows an earlier decision's time only until the clinic sends in again, and marks the documents added since it new", async () => {
    const decided = '2026-10-01T08:00:00Z';
    const older = clinicReview().documents[0];
    if (!older) throw new Error('The sample review has a document');
    const newer = { ...older, id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', fileName: 'Nytt intyg.pdf' };
    mockApi({
      ...FACTS,
      [REVIEW]: () =>
        json(
          clinicReview(
            { decidedAt: decided, submittedAt: '2026-11-20T09:30:00Z' },
            {
              documents: [
                { ...older, createdAt: '2026-09-15T12:00:00Z' },
                { ...newer, createdAt: '2026-11-19T12:00:00Z' },
              ],
            },
          ),
        ),
    });
    renderReview();
    const documents = await screen.findByRole('list', { name: 'Dokument' });
    const [first, second] = within(documents).getAllByRole('listitem');
    expect(first?.textContent).not.toContain('Ny sedan senaste beslutet');
    expect(second?.textContent).toContain('Nytt intyg.pdf');
    expect(second?.textContent).toContain('Ny sedan senaste beslutet');
    // Sent in again after the denial: the denial's time is not this submission's decision.
    expect(screen.queryByText('Beslutad')).toBeNull();
  });

  it('shows when the application it shows was decided', async () => {
    mockApi({
      ...FACTS,
      [REVIEW]: () =>
        json(
          clinicReview({
            applicationStatus: 'Nekad',
            phase: 'denied',
            decidedAt: '2026-11-21T10:15:00Z',
            denialReason: 'Försäkringsbrevet saknas.',
          }),
        ),
    });
    renderReview();
    const decidedAt = (await screen.findByText('Beslutad')).nextElementSibling;
    expect(decidedAt?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-21T10:15:00Z');
    expect(screen.getByRole('list', { name: 'Dokument' }).textContent).not.toContain('Ny sedan senaste beslutet');
  });

  it('offers no decision on an application that was not sent in', async () => {
    mockApi({ ...FACTS, [REVIEW]: () => json(clinicReview({ phase: 'draft', submittedAt: null })) });
    renderReview();
    expect(
      await screen.findByText('Ansökan är inte inskickad än. Du kan fatta beslut när kliniken har skickat in den.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Godkänn ansökan' })).toBeNull();
    expect(screen.getAllByText('Ej inskickad').length).toBeGreaterThan(0);
  });

  it('shows what changed since the application was sent in, and refuses a requested change with a reason', async () => {
    const document = clinicReview().documents[0];
    const pending = clinicReview(
      {
        applicationStatus: 'Godkänd',
        phase: 'certified',
        isCertified: true,
        changeRequest: {
          id: '7d1f1c9e-1c55-4b8e-9a61-0c2f2f0f4a10',
          changes: { fullName: 'Nya Namnet', criteria: { c1: false } },
          addedDocumentIds: [],
          removedDocumentIds: [document?.id ?? ''],
          createdAt: '2026-11-24T08:00:00Z',
          updatedAt: '2026-11-24T08:00:00Z',
        },
      },
      {
        documents: [{ ...clinicReview().documents[0]!, state: 'removal_requested' }],
        submission: {
          id: '0b6c1a49-4f3e-4a55-8f1e-3b2d9c8e7f60',
          kind: 'application',
          submittedAt: '2026-11-20T09:30:00Z',
          decision: 'approved',
          decidedAt: '2026-11-21T09:30:00Z',
          snapshot: { ...clinicReview().clinic, documents: [] },
          changedSince: ['fullName'],
        },
      },
    );
    const refusal = vi.fn();
    mockApi({
      ...FACTS,
      [REVIEW]: () => json(pending),
      [`POST /api/admin/clinics/${CLINIC_ID}/change-request/refuse`]: ({ body }) => {
        refusal(body);
        return json(clinicReview({ applicationStatus: 'Godkänd', phase: 'certified', isCertified: true }));
      },
      'GET /api/admin/applications': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
      'GET /api/admin/clinics': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
    });
    renderReview();

    const changes = await screen.findByRole('table', { name: 'Begärd ändring' });
    expect(within(changes).getByRole('row', { name: 'Klinikens namn Granskas Hudvård Nya Namnet' })).toBeTruthy();
    expect(
      within(changes).getByRole('row', { name: 'Giltig ansvarsförsäkring bekräftat inte bekräftat' }),
    ).toBeTruthy();
    expect(
      within(changes).getByRole('row', { name: 'Dokument att ta bort Ansvarsförsäkring 2026.pdf —' }),
    ).toBeTruthy();
    expect(screen.getByText('Inskickat: Granskas Hudvård')).toBeTruthy();
    const documents = screen.getByRole('list', { name: 'Dokument' });
    expect(within(documents).getByText('Kliniken vill ta bort det')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Neka ändringen' }));
    await userEvent.type(await screen.findByRole('textbox'), 'Namnbytet styrks inte av Bolagsverket.');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Neka ändringen' }));
    await waitFor(() => expect(refusal).toHaveBeenCalledWith({ reason: 'Namnbytet styrks inte av Bolagsverket.' }));
    expect(toast).toHaveBeenCalledWith({ title: 'Ändringen är nekad', variant: 'success' });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Begärd ändring' })).toBeNull());
  });

  it('says so when the address names no application', async () => {
    mockApi({
      [REVIEW]: () => json({ error: { code: 'not_found', message: 'Sidan eller resursen finns inte.' } }, 404),
    });
    renderReview();
    await waitFor(() =>
      expect(
        screen.getByText('Ansökan hittades inte. Den kan ha tagits bort, eller så är länken felaktig.'),
      ).toBeTruthy(),
    );
  });
});
