import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CertificateVerification as Certificate } from '../../../../contracts/certificates.ts';
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
    issuedAt: '2025-12-15T09:00:00.000Z',
    withdrawnAt: null,
    clinic: {
      id: '11111111-1111-4111-8111-111111111111',
      fullName: 'Klara Hudmottagning',
      city: 'Stockholm',
      orgNumber: '556677-8899',
    },
    criteria: ALL_MET,
    ...overrides,
  };
}

function renderCertificate(answer: Certificate | null, number = answer?.number ?? 'CK-1999-000001') {
  const api = mockApi({
    [`GET /api/certificates/${number}`]: () =>
      answer ? json(answer) : json({ error: { code: 'not_found', message: 'Hittades inte.' } }, 404),
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
    expect(scope).toHaveLength(6);
    expect(scope[0]?.textContent).toBe('Uppfyllt: Kliniken har en giltig ansvarsförsäkring.');
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
      certificate('withdrawn', { withdrawnAt: '2026-05-04T10:00:00.000Z', criteria: { ...ALL_MET, c4: false } }),
    );

    const notice = await statusNotice('Återkallat');
    expect(notice.dataset.status).toBe('withdrawn');
    expect(notice.className).toContain('text-destructive');
    expect(screen.getByText('Certifikatet återkallades 2026-05-04 och gäller inte längre.')).toBeTruthy();
    expect(detail('Återkallat den')?.textContent).toBe('2026-05-04');
    expect(screen.queryByRole('link')).toBeNull();
    const scope = within(screen.getByRole('region', { name: 'Certifieringen omfattar' })).getAllByRole('listitem');
    expect(scope[3]?.textContent).toBe('Inte intygat: Lokalerna är hygieniska och lämpliga för verksamheten.');
  });

  it('says so when no certificate has the number, and asks once', async () => {
    const api = renderCertificate(null, 'CK-1999-000001');

    expect(await screen.findByText('Inget certifikat har numret CK-1999-000001.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Försök igen' })).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);
  });
});
