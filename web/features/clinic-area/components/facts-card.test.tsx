import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicDocument, ClinicFactList } from '../../../../contracts/clinic-area.ts';
import type { ClinicFact } from '../../../../contracts/facts.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { clinicProfile, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { FactsCard } from './facts-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const review = {
  reason: null,
  checkedBy: null,
  checkedAt: null,
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:00:00Z',
} as const;

const insuranceLetter: ClinicDocument = {
  id: '0b6f1d2e-3c4a-4b5c-8d6e-7f8a9b0c1d2e',
  fileName: 'Försäkringsbrev 2026.pdf',
  contentType: 'application/pdf',
  sizeBytes: 48_000,
  createdAt: '2026-11-19T12:00:00Z',
  state: 'reviewed',
};

const orgNumber: ClinicFact = {
  kind: 'org_number',
  orgNumber: '556677-8899',
  legalForm: 'limited_company',
  id: '1a1a1a1a-1a1a-4a1a-8a1a-1a1a1a1a1a1a',
  status: 'verified',
  ...review,
  checkedAt: '2026-11-24T10:00:00Z',
};
const insurance: ClinicFact = {
  kind: 'liability_insurance',
  insurer: 'Trygg-Hansa',
  policyNumber: 'Exempel-123',
  validUntil: '2027-06-30',
  documentId: insuranceLetter.id,
  id: '2b2b2b2b-2b2b-4b2b-8b2b-2b2b2b2b2b2b',
  status: 'rejected',
  ...review,
  reason: 'Försäkringsbrevet gäller ett annat bolag.',
};
const practitioner: ClinicFact = {
  kind: 'licensed_practitioner',
  name: 'Sara Lind',
  profession: 'nurse',
  licenceNumber: 'Exempel-9876',
  id: '3c3c3c3c-3c3c-4c3c-8c3c-3c3c3c3c3c3c',
  status: 'unchecked',
  ...review,
};

/** The server's side of the card: the facts as they stand, changed by the routes; `refuse` answers a save instead. */
function serve(initial: ClinicFactList, refuse?: () => Response) {
  let facts = initial;
  const fetchSpy = mockApi({
    'GET /api/clinic/facts': () => json(facts),
    'GET /api/clinic/documents': () => json({ items: [insuranceLetter] }),
    'POST /api/clinic/facts': ({ body }) => {
      const refused = refuse?.();
      if (refused) return refused;
      const fact = { ...(body as object), id: '4d4d4d4d-4d4d-4d4d-8d4d-4d4d4d4d4d4d', status: 'unchecked', ...review };
      facts = { ...facts, items: [...facts.items, fact as ClinicFact] };
      return json(fact, 201);
    },
    [`PUT /api/clinic/facts/${insurance.id}`]: ({ body }) => {
      const fact = { ...(body as object), id: insurance.id, status: 'unchecked', ...review } as ClinicFact;
      facts = { ...facts, items: facts.items.map((item) => (item.id === insurance.id ? fact : item)) };
      return json(fact);
    },
    [`DELETE /api/clinic/facts/${practitioner.id}`]: () => {
      facts = { ...facts, items: facts.items.filter((item) => item.id !== practitioner.id) };
      return new Response(null, { status: 204 });
    },
  });
  return {
    sent: (key: string) =>
      fetchSpy.mock.calls
        .filter(
          ([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url), 'http://localhost').pathname}` === key,
        )
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown),
  };
}

const injections = clinicProfile({ treatments: ['botulinum_toxin'], orgNumber: '556677-8899' });
const needed = ['org_number', 'liability_insurance', 'ivo_registration', 'licensed_practitioner'] as const;

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

describe('the facts card', () => {
  it('shows progress while loading, then each fact the treatments need with how it was checked', async () => {
    serve({
      items: [orgNumber, insurance, practitioner],
      needed: [...needed],
      missing: ['liability_insurance', 'ivo_registration', 'licensed_practitioner'],
    });
    renderInClinicArea(<FactsCard profile={injections} />);
    expect(screen.getByRole('status').textContent).toBe('Laddar...');

    expect(
      await screen.findByText('Kvar att verifiera: Ansvarsförsäkring, Registrering hos IVO, Legitimerade behandlare.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Organisationsnummer',
      'Ansvarsförsäkring',
      'Registrering hos IVO',
      'Legitimerade behandlare',
    ]);
    expect(screen.getByText('556677-8899, aktiebolag')).toBeTruthy();
    expect(screen.getByText('Verifierad 2026-11-24')).toBeTruthy();
    expect(screen.getByText('Krävs för alla kliniker.')).toBeTruthy();
    expect(screen.getAllByText('Krävs för Injektioner med botulinumtoxin.')).toHaveLength(3);

    expect(screen.getByText('Försäkring Exempel-123 hos Trygg-Hansa')).toBeTruthy();
    expect(screen.getByText('Gäller till och med 2027-06-30')).toBeTruthy();
    expect(await screen.findByText('Dokument: Försäkringsbrev 2026.pdf')).toBeTruthy();
    expect(screen.getByText('Avvisad: Försäkringsbrevet gäller ett annat bolag.')).toBeTruthy();
    expect(screen.getByText('Inte angiven än.')).toBeTruthy();
    expect(screen.getByText('Sara Lind, Sjuksköterska')).toBeTruthy();
    expect(screen.getByText('Ej kontrollerad')).toBeTruthy();
    // The org number follows the application: nothing to change or delete here.
    expect(screen.queryByRole('button', { name: /556677-8899/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lägg till anmälan till kommunen' })).toBeNull();
  });

  it('shows a fact the treatments no longer need, saying so, and asks for the org number in the application', async () => {
    serve({ items: [practitioner], needed: ['org_number', 'liability_insurance'], missing: ['org_number'] });
    renderInClinicArea(<FactsCard profile={clinicProfile({ treatments: ['facial'] })} />);
    expect(await screen.findByText('Ange organisationsnumret i ansökningsinformationen.')).toBeTruthy();
    expect(screen.getByText('Behövs inte för de behandlingar ni har valt.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Legitimerade behandlare' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Registrering hos IVO' })).toBeNull();
  });

  it('adds an insurance through its form: the fields, a document of the clinic, and the toast', async () => {
    const { sent } = serve({ items: [orgNumber], needed: [...needed], missing: [...needed.slice(1)] });
    renderInClinicArea(<FactsCard profile={injections} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lägg till ansvarsförsäkring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lägg till ansvarsförsäkring' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara uppgiften' }));
    expect(await within(dialog).findByText('Ange försäkringsbolaget.')).toBeTruthy();
    expect(within(dialog).getByText('Ange ett giltigt datum (ÅÅÅÅ-MM-DD).')).toBeTruthy();
    expect(sent('POST /api/clinic/facts')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Försäkringsbolag'), 'Trygg-Hansa');
    await userEvent.type(within(dialog).getByLabelText('Försäkringsnummer'), 'Exempel-123');
    await userEvent.type(within(dialog).getByLabelText('Gäller till och med'), '2027-06-30');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Dokument som styrker uppgiften'),
      'Försäkringsbrev 2026.pdf',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara uppgiften' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST /api/clinic/facts')).toEqual([
      {
        kind: 'liability_insurance',
        insurer: 'Trygg-Hansa',
        policyNumber: 'Exempel-123',
        validUntil: '2027-06-30',
        documentId: insuranceLetter.id,
      },
    ]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Uppgiften är sparad',
      description: 'Vi kontrollerar den så snart vi kan.',
      variant: 'success',
    });
    expect(await screen.findByText('Försäkring Exempel-123 hos Trygg-Hansa')).toBeTruthy();
  });

  it("puts the server's refusal on its field and keeps the form open", async () => {
    serve(
      { items: [], needed: ['org_number', 'liability_insurance'], missing: ['org_number', 'liability_insurance'] },
      () =>
        json(
          {
            error: {
              code: 'invalid_request',
              message: 'Försäkringen måste gälla i dag eller senare: slutdatumet har redan passerat.',
              issues: [
                {
                  path: ['validUntil'],
                  message: 'Försäkringen måste gälla i dag eller senare: slutdatumet har redan passerat.',
                },
              ],
            },
          },
          400,
        ),
    );
    renderInClinicArea(<FactsCard profile={clinicProfile({ treatments: ['facial'] })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lägg till ansvarsförsäkring' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Försäkringsbolag'), 'If');
    await userEvent.type(within(dialog).getByLabelText('Försäkringsnummer'), 'Exempel-1');
    await userEvent.type(within(dialog).getByLabelText('Gäller till och med'), '2020-01-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara uppgiften' }));

    const validUntil = within(dialog).getByLabelText('Gäller till och med');
    await waitFor(() => expect(validUntil.getAttribute('aria-invalid')).toBe('true'));
    expect(validUntil.getAttribute('aria-describedby')).toBe(
      within(dialog).getByText('Försäkringen måste gälla i dag eller senare: slutdatumet har redan passerat.').id,
    );
    expect(document.activeElement).toBe(validUntil);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('adds a licensed practitioner, whose profession is chosen from the three that may inject', async () => {
    const { sent } = serve({ items: [], needed: [...needed], missing: [...needed] });
    renderInClinicArea(<FactsCard profile={injections} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lägg till behandlare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lägg till behandlare' });
    const profession = within(dialog).getByLabelText('Yrke');
    expect(
      within(profession)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Välj yrke', 'Läkare', 'Tandläkare', 'Sjuksköterska']);
    expect(within(dialog).queryByLabelText('Dokument som styrker uppgiften')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Namn'), 'Sara Lind');
    await userEvent.type(within(dialog).getByLabelText('Legitimationsnummer'), 'Exempel-9876');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara uppgiften' }));
    expect(await within(dialog).findByText('Välj yrke: läkare, tandläkare eller sjuksköterska.')).toBeTruthy();

    await userEvent.selectOptions(profession, 'Tandläkare');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara uppgiften' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST /api/clinic/facts')).toEqual([
      { kind: 'licensed_practitioner', name: 'Sara Lind', profession: 'dentist', licenceNumber: 'Exempel-9876' },
    ]);
  });

  it('changes a fact in a form that starts from it, and deletes one once confirmed', async () => {
    const { sent } = serve({ items: [orgNumber, insurance, practitioner], needed: [...needed], missing: [] });
    renderInClinicArea(<FactsCard profile={injections} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ändra Försäkring Exempel-123 hos Trygg-Hansa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ändra ansvarsförsäkring' });
    expect((within(dialog).getByLabelText('Försäkringsbolag') as HTMLInputElement).value).toBe('Trygg-Hansa');
    expect((within(dialog).getByLabelText('Dokument som styrker uppgiften') as HTMLSelectElement).value).toBe(
      insuranceLetter.id,
    );
    await userEvent.clear(within(dialog).getByLabelText('Försäkringsnummer'));
    await userEvent.type(within(dialog).getByLabelText('Försäkringsnummer'), 'Exempel-124');
    await userEvent.selectOptions(within(dialog).getByLabelText('Dokument som styrker uppgiften'), 'Inget dokument');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara uppgiften' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(`PUT /api/clinic/facts/${insurance.id}`)).toEqual([
      {
        kind: 'liability_insurance',
        insurer: 'Trygg-Hansa',
        policyNumber: 'Exempel-124',
        validUntil: '2027-06-30',
        documentId: null,
      },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Sara Lind, Sjuksköterska' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Ta bort uppgiften?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(screen.queryByText('Sara Lind, Sjuksköterska')).toBeNull());
    expect(toast).toHaveBeenCalledWith({ title: 'Uppgiften är borttagen.', variant: 'success' });
  });

  it('says so when the facts cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({
      'GET /api/clinic/facts': () =>
        fail
          ? json({ error: { code: 'internal', message: 'Något gick fel hos oss.' } }, 500)
          : json({ items: [], needed: ['org_number'], missing: ['org_number'] }),
      'GET /api/clinic/documents': () => json({ items: [] }),
    });
    renderInClinicArea(<FactsCard profile={clinicProfile()} />);
    expect(await screen.findByText('Uppgifterna kunde inte hämtas.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByText('Ange organisationsnumret i ansökningsinformationen.')).toBeTruthy();
  });
});
