import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  CertificateVerification as Certificate,
  CertificateHistoryEvent,
  CertificateHistoryPage,
} from '../../../../contracts/certificates.ts';
import { encodeCursor } from '../../../../contracts/cursors.ts';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { CertificateVerification } from './certificate-verification.tsx';

const ALL_MET = { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true };

function certificate(status: Certificate['status'], overrides: Partial<Certificate> = {}): Certificate {
  return {
    number: 'CK-2026-000001',
    status,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    issuedAt: '2026-12-15T09:00:00.000Z',
    withdrawnAt: null,
    withdrawnReason: null,
    suspendedAt: null,
    suspensionReason: null,
    clinic: {
      id: '11111111-1111-4111-8111-111111111111',
      fullName: 'Klara Hudmottagning',
      city: 'Stockholm',
      orgNumber: '556677-8899',
    },
    listed: status === 'active',
    treatments: ['facial', 'botulinum_toxin'],
    facts: [],
    criteria: ALL_MET,
    ...overrides,
  };
}

function event(kind: CertificateHistoryEvent['kind'], day: string, overrides: Partial<CertificateHistoryEvent> = {}) {
  return {
    id: crypto.randomUUID(),
    kind,
    certificateNumber: 'CK-2026-000001',
    occurredAt: `${day}T10:00:00.000Z`,
    reason: null,
    treatments: null,
    ...overrides,
  } satisfies CertificateHistoryEvent;
}

const ISSUED_ONLY: CertificateHistoryPage = {
  items: [event('issued', '2026-12-15', { treatments: ['facial', 'botulinum_toxin'] })],
  nextCursor: null,
};

function renderCertificate(
  answer: Certificate | null,
  number = answer?.number ?? 'CK-1999-000001',
  history: (cursor: string | null) => CertificateHistoryPage = () => ISSUED_ONLY,
) {
  const api = mockApi({
    [`GET /api/certificates/${number}`]: () =>
      answer ? json(answer) : json({ error: { code: 'not_found', message: 'Hittades inte.' } }, 404),
    [`GET /api/certificates/${number}/history`]: ({ url }) => json(history(url.searchParams.get('cursor'))),
  });
  renderWithProviders(<CertificateVerification number={number} />);
  return api;
}

/** The status as the page opens with it: its word, and the colour it is drawn in. */
async function statusNotice(word: string) {
  const notice = (await screen.findByText(word, { selector: 'p' })).closest('[data-status]');
  if (!(notice instanceof HTMLElement)) throw new Error(`no status notice for ${word}`);
  return notice;
}

/** The value of a row of the certificate's details, by its label. */
const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['verification']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CertificateVerification', () => {
  it('shows a valid certificate in green: clinic, city, number, validity, scope and issuer, the clinic linked to the register', async () => {
    renderCertificate(certificate('active'));

    expect(screen.getByRole('status').textContent).toBe('Laddar...');
    const notice = await statusNotice('Giltigt');
    expect(notice.dataset.status).toBe('active');
    expect(notice.className).toContain('text-success');
    expect(screen.getByRole('heading', { level: 2, name: 'Certifikat CK-2026-000001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Klara Hudmottagning/ }).getAttribute('href')).toBe(
      '/kliniker?search=Klara+Hudmottagning',
    );
    expect(detail('Stad')?.textContent).toBe('Stockholm');
    expect(detail('Organisationsnummer')?.textContent).toBe('556677-8899');
    expect(detail('Certifikatnummer')?.textContent).toBe('CK-2026-000001');
    expect(detail('Giltigt från')?.textContent).toBe('2026-01-01');
    expect(detail('Giltigt till')?.textContent).toBe('2026-12-31');
    expect(detail('Certifierat av')?.textContent).toBe('Certifierad Klinik');
    expect(screen.queryByText('Återkallat den')).toBeNull();

    const scope = within(screen.getByRole('region', { name: 'Certifieringen omfattar' })).getAllByRole('listitem');
    expect(scope.map((item) => item.querySelector('span > span')?.textContent)).toEqual([
      'Ansiktsbehandling',
      'Injektioner med botulinumtoxin',
    ]);
    expect(scope[1]?.textContent).toContain('Kliniken ska vara registrerad hos IVO');
    const criteria = within(screen.getByRole('region', { name: 'Kliniken har intygat' })).getAllByRole('listitem');
    expect(criteria).toHaveLength(6);
    expect(criteria[0]?.textContent).toBe('Uppfyllt: Kliniken har en giltig ansvarsförsäkring.');
  });

  it('says a valid certificate of a clinic that chose not to be in the register so, without a link that finds nothing (issue 28)', async () => {
    renderCertificate(certificate('active', { listed: false }));

    const notice = await statusNotice('Giltigt');
    expect(notice.dataset.status).toBe('active');
    expect(detail('Klinik')?.textContent).toBe(
      'Klara HudmottagningKliniken har valt att inte visas i klinikregistret.',
    );
    expect(screen.queryByRole('link', { name: /Klara Hudmottagning/ })).toBeNull();
  });

  it('shows an expired certificate in amber, without a link to the register it has left', async () => {
    renderCertificate(
      certificate('expired', {
        validFrom: '2025-01-01',
        validTo: '2025-12-31',
        clinic: {
          id: '22222222-2222-4222-8222-222222222222',
          fullName: 'Åkerblads Hudvård',
          city: null,
          orgNumber: null,
        },
      }),
    );

    const notice = await statusNotice('Utgånget');
    expect(notice.dataset.status).toBe('expired');
    expect(notice.className).toContain('bg-accent');
    expect(notice.className).not.toContain('success');
    expect(screen.getByText('Certifikatets giltighetstid har gått ut. Det gäller inte längre.')).toBeTruthy();
    expect(detail('Klinik')?.textContent).toBe('Åkerblads Hudvård');
    expect(screen.queryByRole('link')).toBeNull();
    expect(detail('Stad')?.textContent).toBe('Okänd stad');
    expect(detail('Giltigt till')?.textContent).toBe('2025-12-31');
  });

  it('shows a withdrawn certificate in red, with the day it was withdrawn', async () => {
    renderCertificate(
      certificate('withdrawn', {
        withdrawnAt: '2026-05-04T10:00:00.000Z',
        withdrawnReason: 'Försäkringen har upphört.',
        criteria: { ...ALL_MET, c4: false },
      }),
    );

    const notice = await statusNotice('Återkallat');
    expect(notice.dataset.status).toBe('withdrawn');
    expect(notice.className).toContain('text-destructive');
    expect(screen.getByText('Certifikatet återkallades 2026-05-04 och gäller inte längre.')).toBeTruthy();
    expect(within(notice).getByText('Skäl: Försäkringen har upphört.')).toBeTruthy();
    expect(detail('Återkallat den')?.textContent).toBe('2026-05-04');
    expect(screen.queryByRole('link')).toBeNull();
    const criteria = within(screen.getByRole('region', { name: 'Kliniken har intygat' })).getAllByRole('listitem');
    expect(criteria[3]?.textContent).toBe('Inte intygat: Lokalerna är hygieniska och lämpliga för verksamheten.');
  });

  it('shows a suspended certificate in amber, since when and why, never as valid', async () => {
    renderCertificate(
      certificate('suspended', {
        suspendedAt: '2026-11-20T09:00:00.000Z',
        suspensionReason: 'Ansvarsförsäkringen har löpt ut.',
      }),
    );

    const notice = await statusNotice('Tillfälligt indraget');
    expect(notice.dataset.status).toBe('suspended');
    expect(notice.className).not.toContain('success');
    expect(within(notice).getByText(/^Tillfälligt indraget sedan 2026-11-20\./)).toBeTruthy();
    expect(within(notice).getByText('Skäl: Ansvarsförsäkringen har löpt ut.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('lists every verified fact with the day it was checked and its validity, the legal form in words', async () => {
    renderCertificate(
      certificate('active', {
        facts: [
          { kind: 'org_number', orgNumber: '556677-8899', legalForm: 'limited_company', checkedOn: '2026-11-02' },
          {
            kind: 'liability_insurance',
            insurer: 'Exempelförsäkringar AB',
            validUntil: '2099-03-31',
            checkedOn: '2026-11-03',
          },
          {
            kind: 'liability_insurance',
            insurer: 'Gamla Försäkringen',
            validUntil: '2001-01-31',
            checkedOn: '2000-06-01',
          },
          { kind: 'ivo_registration', registrationNumber: 'EXEMPEL-IVO-1', checkedOn: '2026-11-04' },
          { kind: 'municipal_notification', municipality: 'Lund', notifiedOn: '2024-09-16', checkedOn: '2026-11-05' },
          { kind: 'licensed_practitioner', name: 'Sara Exempelsson', profession: 'nurse', checkedOn: '2026-11-06' },
        ],
      }),
    );

    const region = await screen.findByRole('region', { name: 'Kontrollerade uppgifter' });
    const facts = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(facts).toEqual([
      'Organisationsnummer556677-8899 (aktiebolag)Kontrollerad 2026-11-02',
      'AnsvarsförsäkringExempelförsäkringar AB. Gäller till 2099-03-31Kontrollerad 2026-11-03',
      'AnsvarsförsäkringGamla Försäkringen. Gällde till 2001-01-31Kontrollerad 2000-06-01',
      'Registrering hos IVORegistreringsnummer EXEMPEL-IVO-1Kontrollerad 2026-11-04',
      'Anmälan till kommunenLund, anmäld 2024-09-16Kontrollerad 2026-11-05',
      'Legitimerad behandlareSara Exempelsson, legitimerad sjuksköterskaKontrollerad 2026-11-06',
    ]);
  });

  it('says honestly that a certificate issued before scopes existed states none, and that no fact was checked yet', async () => {
    renderCertificate(certificate('active', { issuedAt: '2026-03-02T10:00:00.000Z', treatments: [] }));

    const scope = await screen.findByRole('region', { name: 'Certifieringen omfattar' });
    expect(
      within(scope).getByText(
        'Omfattning ej angiven: certifikatet utfärdades före 2026-11-26, innan certifikaten angav vilka behandlingar de omfattar.',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Kontrollerade uppgifter' })).getByText(
        'Inga uppgifter om kliniken har kontrollerats var för sig ännu.',
      ),
    ).toBeTruthy();
  });

  it("shows the clinic's history newest first, and loads more from the server's cursor", async () => {
    const cursor = encodeCursor(['2026-11-20T09:00:00.000000Z', '33333333-3333-4333-8333-333333333333']);
    const api = renderCertificate(
      certificate('suspended', { suspendedAt: '2026-11-20T09:00:00.000Z' }),
      undefined,
      (after) =>
        after === cursor
          ? {
              items: [event('issued', '2025-03-02', { certificateNumber: 'CK-2025-000007', treatments: [] })],
              nextCursor: null,
            }
          : {
              items: [
                event('suspended', '2026-11-20', { reason: 'Ansvarsförsäkringen har löpt ut.' }),
                event('scope_changed', '2026-04-14', { treatments: ['facial', 'fillers'] }),
              ],
              nextCursor: cursor,
            },
    );

    const region = await screen.findByRole('region', { name: 'Historik' });
    await within(region).findByText('Drogs in tillfälligt');
    const entries = () =>
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(entries()).toEqual([
      '2026-11-20 Drogs in tillfälligt CK-2026-000001Skäl: Ansvarsförsäkringen har löpt ut.',
      '2026-04-14 Omfattningen ändrades CK-2026-000001Omfattar: Ansiktsbehandling, Injektioner med fillers',
    ]);

    fireEvent.click(within(region).getByRole('button', { name: 'Visa fler' }));
    await within(region).findByText('CK-2025-000007');
    expect(entries()).toHaveLength(3);
    expect(entries()[2]).toBe('2025-03-02 Utfärdades CK-2025-000007Omfattning ej angiven.');
    expect(within(region).queryByRole('button', { name: 'Visa fler' })).toBeNull();
    const historyCalls = api.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/history'));
    expect(historyCalls).toEqual([
      '/api/certificates/CK-2026-000001/history?',
      `/api/certificates/CK-2026-000001/history?cursor=${cursor}`,
    ]);
  });

  it('speaks English when the visitor does', async () => {
    await i18n.changeLanguage('en');
    try {
      renderCertificate(
        certificate('suspended', {
          suspendedAt: '2026-11-20T09:00:00.000Z',
          suspensionReason: 'Insurance lapsed.',
          facts: [
            { kind: 'org_number', orgNumber: '556677-8899', legalForm: 'limited_company', checkedOn: '2026-11-02' },
          ],
        }),
      );
      const notice = await statusNotice('Suspended');
      expect(within(notice).getByText(/^Suspended since 2026-11-20\./)).toBeTruthy();
      const scope = screen.getByRole('region', { name: 'The certification covers' });
      expect(within(scope).getByText('Botulinum toxin injections')).toBeTruthy();
      expect(screen.getByText('Checked 2026-11-02')).toBeTruthy();
      expect(screen.getByText('(limited company)', { exact: false })).toBeTruthy();
      expect(await screen.findByText('Issued')).toBeTruthy();
    } finally {
      // Unmounted first: the page would render again in Swedish outside the test's act.
      cleanup();
      await i18n.changeLanguage('sv');
    }
  });

  it('says so when no certificate has the number, and asks once', async () => {
    const api = renderCertificate(null, 'CK-1999-000001');

    expect(await screen.findByText('Inget certifikat har numret CK-1999-000001.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Försök igen' })).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);
  });
});
