import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminFacts } from '../../../../contracts/admin.ts';
import type { ClinicFact } from '../../../../contracts/facts.ts';
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, renderWithProviders, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { CLINIC_ID, clinicFacts, clinicReview, FACTS } from '../testing/clinic-review.ts';
import { ApplicationReview } from './application-review.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const REVIEW = `GET /api/admin/clinics/${CLINIC_ID}`;
const FACTS_URL = `GET /api/admin/clinics/${CLINIC_ID}/facts`;
const factUrl = (fact: ClinicFact) => `PUT /api/admin/clinics/${CLINIC_ID}/facts/${fact.id}`;
const LISTS = {
  'GET /api/admin/applications': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
  'GET /api/admin/clinics': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
};

const checked = (fact: ClinicFact, status: 'verified' | 'rejected', reason: string | null = null): ClinicFact => ({
  ...fact,
  status,
  reason,
  checkedBy: 'Ada Admin',
  checkedAt: '2026-11-26T10:00:00Z',
});

const certified = () =>
  clinicReview({
    applicationStatus: 'Godkänd',
    phase: 'certified',
    isCertified: true,
    certificate: {
      number: 'CK-2026-000042',
      validFrom: '2026-03-01',
      validTo: '2026-12-31',
      issuedAt: '2026-03-01T09:00:00Z',
      treatments: ['facial'],
    },
  });
const verifiedFacts = (facts: Partial<AdminFacts> = {}) =>
  clinicFacts({
    facts: [FACTS.orgNumber, FACTS.insurance].map((fact) => checked(fact, 'verified')),
    treatments: ['facial'],
    needed: ['org_number', 'liability_insurance'],
    missing: [],
    scope: ['facial'],
    ...facts,
  });

function renderReview() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/applications/:clinicId" element={<ApplicationReview clinicId={CLINIC_ID} />} />
      <Route path="/admin/applications" element={<p>list</p>} />
    </Routes>,
    { route: `/admin/applications/${CLINIC_ID}` },
  );
}

const factsSection = (name: string) => screen.getByRole('region', { name });

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin', 'validation']);
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('the facts of an application', () => {
  it('shows the chosen treatments, what is still missing and each fact; verifies one and rejects another with a reason', async () => {
    const sent: unknown[] = [];
    let facts = clinicFacts();
    mockApi({
      [REVIEW]: () => json(clinicReview()),
      [FACTS_URL]: () => json(facts),
      [factUrl(FACTS.orgNumber)]: ({ body }) => {
        sent.push(body);
        facts = {
          ...facts,
          facts: [checked(FACTS.orgNumber, 'verified'), ...facts.facts.slice(1)],
          missing: facts.missing.slice(1),
        };
        return json(facts);
      },
      [factUrl(FACTS.ivo)]: ({ body }) => {
        sent.push(body);
        facts = {
          ...facts,
          facts: facts.facts.map((fact) =>
            fact.id === FACTS.ivo.id ? checked(fact, 'rejected', 'Numret finns inte hos IVO.') : fact,
          ),
        };
        return json(facts);
      },
    });
    renderReview();

    expect(await screen.findByRole('heading', { level: 2, name: 'Uppgifter att kontrollera' })).toBeTruthy();
    expect(await screen.findByText('Ansiktsbehandling och Injektioner med botulinumtoxin')).toBeTruthy();
    expect(
      screen.getByText(
        'Inte verifierat än: Organisationsnummer, Ansvarsförsäkring, Registrering hos IVO och Legitimerad behandlare.',
      ),
    ).toBeTruthy();
    const organisation = factsSection('Organisationsnummer');
    expect(within(organisation).getByText('Aktiebolag')).toBeTruthy();
    expect(within(organisation).getByText('Ej kontrollerad')).toBeTruthy();
    expect(within(factsSection('Legitimerad behandlare')).getByText('Sjuksköterska')).toBeTruthy();
    expect(within(factsSection('Ansvarsförsäkring')).getByText('2027-06-30')).toBeTruthy();
    expect(
      within(factsSection('Ansvarsförsäkring')).getByRole('button', {
        name: 'Visa dokumentet för Ansvarsförsäkring: Ansvarsförsäkring 2026.pdf',
      }),
    ).toBeTruthy();
    expect(within(factsSection('Registrering hos IVO')).getByText('Inget dokument bifogat')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Verifiera Organisationsnummer: 556000-0018' }));
    await waitFor(() => expect(within(factsSection('Organisationsnummer')).getByText('Verifierad')).toBeTruthy());
    expect(within(factsSection('Organisationsnummer')).getByText(/^Ada Admin, 2026-11-26 \d\d:\d\d$/)).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'Organisationsnummer är verifierad', variant: 'success' });

    await userEvent.click(screen.getByRole('button', { name: 'Avvisa Registrering hos IVO: EXEMPEL-IVO-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvisa Registrering hos IVO' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avvisa uppgiften' }));
    expect(await within(dialog).findByText(sv.factReasonRequired)).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Numret finns inte hos IVO.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avvisa uppgiften' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ivo = factsSection('Registrering hos IVO');
    expect(within(ivo).getByText('Avvisad')).toBeTruthy();
    expect(within(ivo).getByText('Numret finns inte hos IVO.')).toBeTruthy();
    expect(sent).toEqual([{ status: 'verified' }, { status: 'rejected', reason: 'Numret finns inte hos IVO.' }]);
  });

  it('names the facts still to verify when the approval is refused, and stays on the application', async () => {
    mockApi({
      [REVIEW]: () => json(clinicReview()),
      [FACTS_URL]: () => json(clinicFacts()),
      [`POST /api/admin/clinics/${CLINIC_ID}/approve-application`]: () =>
        json(
          {
            error: {
              code: 'facts_unverified',
              message: sv.factsUnverified,
              issues: [
                { path: ['facts', 'ivo_registration'], message: sv.factKindIvoRegistration },
                { path: ['facts', 'licensed_practitioner'], message: sv.factKindLicensedPractitioner },
              ],
            },
          },
          409,
        ),
      ...LISTS,
    });
    renderReview();

    await userEvent.click(await screen.findByRole('button', { name: 'Godkänn ansökan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ja, godkänn' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ansökan kan inte godkännas förrän de här uppgifterna är verifierade: Registrering hos IVO och Legitimerad behandlare.',
    );
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Kunde inte godkänna ansökan', variant: 'destructive' }),
    );
    expect(screen.queryByText('list')).toBeNull();
  });
});

describe('a certified clinic', () => {
  it('shows the scope by name and changes it; a refusal names the facts the new treatments need', async () => {
    const sent: unknown[] = [];
    let facts = verifiedFacts();
    mockApi({
      [REVIEW]: () => json(certified()),
      [FACTS_URL]: () => json(facts),
      [`PUT /api/admin/clinics/${CLINIC_ID}/scope`]: ({ body }) => {
        sent.push(body);
        if ((body as { treatments: string[] }).treatments.includes('fillers'))
          return json(
            {
              error: {
                code: 'facts_unverified',
                message: sv.factsUnverified,
                issues: [
                  { path: ['facts', 'ivo_registration'], message: sv.factKindIvoRegistration },
                  { path: ['facts', 'licensed_practitioner'], message: sv.factKindLicensedPractitioner },
                ],
              },
            },
            409,
          );
        facts = { ...facts, scope: ['facial', 'waxing'] };
        return json(facts);
      },
    });
    renderReview();

    const scope = await screen.findByRole('list', { name: 'Certifikatets omfattning' });
    expect(
      within(scope)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ansiktsbehandling']);
    expect(screen.getByText('Allt som de valda behandlingarna kräver är verifierat.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ändra omfattning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ändra omfattningen för Granskas Hudvård' });
    expect(
      within(dialog)
        .getByRole('checkbox', { name: /Ansiktsbehandling/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Injektioner med fillers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara omfattningen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Inte verifierat än: Registrering hos IVO och Legitimerad behandlare.',
    );

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Injektioner med fillers' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Vaxning' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara omfattningen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(screen.getByRole('list', { name: 'Certifikatets omfattning' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ansiktsbehandling', 'Vaxning']);
    expect(sent).toEqual([{ treatments: ['facial', 'fillers'] }, { treatments: ['facial', 'waxing'] }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Omfattningen är ändrad', variant: 'success' });
  });

  it('suspends the certificate with a public reason, shows it as suspended, and reinstates it', async () => {
    const suspension = { number: 'CK-2026-000042', since: '2026-11-26T10:00:00Z', reason: 'Försäkringen granskas.' };
    const suspended = clinicReview({ ...certified().clinic, phase: 'suspended', certificate: null, suspension });
    const sent: [string, unknown][] = [];
    mockApi({
      [REVIEW]: () => json(certified()),
      [FACTS_URL]: () => json(verifiedFacts()),
      [`POST /api/admin/clinics/${CLINIC_ID}/suspend`]: ({ body }) => {
        sent.push(['suspend', body]);
        return json(suspended);
      },
      [`POST /api/admin/clinics/${CLINIC_ID}/reinstate`]: ({ body }) => {
        sent.push(['reinstate', body]);
        return json(certified());
      },
      ...LISTS,
    });
    renderReview();

    await userEvent.click(await screen.findByRole('button', { name: 'Dra in tillfälligt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dra in certifikatet för Granskas Hudvård tillfälligt' });
    expect(
      within(dialog).getByText('Skälet visas publikt på verifieringssidan och i certifikatets historik.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dra in certifikatet' }));
    expect(await within(dialog).findByText(sv.suspensionReasonRequired)).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Försäkringen granskas.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dra in certifikatet' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Indraget')).toBeTruthy();
    expect(screen.getByText('Försäkringen granskas.')).toBeTruthy();
    expect(
      screen.getByText('Certifikatet är tillfälligt indraget. Kliniken syns inte i registret förrän det återinförs.'),
    ).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'Certifikatet för Granskas Hudvård är indraget.', variant: 'success' });

    await userEvent.click(screen.getByRole('button', { name: 'Återinför' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Återinföra certifikatet för Granskas Hudvård?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Återinför' }));
    await waitFor(() => expect(screen.queryByText('Indraget')).toBeNull());
    expect(screen.getByRole('button', { name: 'Dra in tillfälligt' })).toBeTruthy();
    expect(sent).toEqual([
      ['suspend', { reason: 'Försäkringen granskas.' }],
      ['reinstate', undefined],
    ]);
  });
});
