import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClinicOwnProfile, OwnCertificate } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, stubResizeObserver } from '../../../testing/test-utils.tsx';
import { completeApplication, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { ClinicOverview } from './clinic-overview.tsx';

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea']);
});

const certificate = {
  number: 'CK-2026-000042',
  validFrom: '2026-03-02',
  validTo: '2026-12-31',
  issuedAt: '2026-03-02T10:00:00Z',
  treatments: ['facial'],
} satisfies OwnCertificate;
const decidedAt = '2026-11-25T10:00:00Z';
const certified = completeApplication({
  isCertified: true,
  applicationStatus: 'Godkänd',
  phase: 'certified',
  certificate,
  decidedAt,
});

async function decisionCard(profile: ClinicOwnProfile) {
  mockApi({ 'GET /api/clinic/profile': () => json(profile) });
  renderInClinicArea(<ClinicOverview />);
  const heading = await screen.findByRole('heading', { name: 'Senaste beslut' });
  return heading.closest('[data-slot="card"]') as HTMLElement;
}

describe('The latest decision on the overview (issue 28 point 2)', () => {
  it("says a denial, its day, the admin's reason and what to do next, with the way to the application", async () => {
    const card = await decisionCard(
      completeApplication({
        applicationStatus: 'Nekad',
        phase: 'denied',
        submittedAt: '2026-11-20T10:00:00Z',
        decidedAt,
        denialReason: 'Försäkringsbrevet saknas.',
      }),
    );
    expect(within(card).getByText('Ansökan nekad 2026-11-25')).toBeTruthy();
    expect(card.textContent).toContain('Skäl: Försäkringsbrevet saknas.');
    expect(card.textContent).toContain('Så går ni vidare: rätta till det som anges');
    expect(within(card).getByRole('link', { name: 'Gå till ansökan' }).getAttribute('href')).toBe(
      '/clinic-dashboard/application',
    );
  });

  it('says a withdrawal with its day and reason', async () => {
    const card = await decisionCard(
      completeApplication({
        applicationStatus: 'Nekad',
        phase: 'withdrawn',
        certifiedAt: '2026-03-02T10:00:00Z',
        decidedAt,
        denialReason: 'Kliniken uppfyller inte längre kriterierna.',
      }),
    );
    expect(within(card).getByText('Certifieringen återkallad 2026-11-25')).toBeTruthy();
    expect(card.textContent).toContain('Skäl: Kliniken uppfyller inte längre kriterierna.');
  });

  it('says an approval with the certificate and the way to it', async () => {
    const approved = await decisionCard(certified);
    expect(within(approved).getByText('Ansökan godkänd 2026-11-25')).toBeTruthy();
    expect(
      within(approved).getByText(
        'Kliniken är certifierad med certifikat CK-2026-000042, som gäller till och med 2026-12-31.',
      ),
    ).toBeTruthy();
    expect(within(approved).getByRole('link', { name: 'Visa certifikat' })).toBeTruthy();
  });

  it('says a renewal approved with next year’s certificate', async () => {
    const card = await decisionCard({
      ...certified,
      nextCertificate: { ...certificate, number: 'CK-2027-000099', validFrom: '2027-01-01', validTo: '2027-12-31' },
    });
    expect(within(card).getByText('Förnyelsen godkänd 2026-11-25')).toBeTruthy();
    expect(
      within(card).getByText('Certifikat CK-2027-000099 gäller från 2027-01-01 till och med 2027-12-31.'),
    ).toBeTruthy();
    // The renewal card has nothing left to offer, so it is not shown.
    expect(screen.queryByRole('button', { name: /Förnya/ })).toBeNull();
  });

  it('says a renewal denied with the reason, beside the renewal to send again', async () => {
    const card = await decisionCard({
      ...certified,
      phase: 'renewal_open',
      denialReason: 'Försäkringsbrevet för 2027 saknas.',
      renewal: { opensOn: '2026-11-01', isOpen: true, submittedAt: null },
    });
    expect(within(card).getByText('Förnyelsen nekad 2026-11-25')).toBeTruthy();
    expect(card.textContent).toContain('Kliniken är certifierad till och med 2026-12-31.');
    expect(card.textContent).toContain('Skäl: Försäkringsbrevet för 2027 saknas.');
    expect(screen.getByRole('button', { name: 'Förnya för 2027' })).toBeTruthy();
  });

  it('says nothing while what was sent in waits for a decision, or before any', async () => {
    mockApi({
      'GET /api/clinic/profile': () =>
        json(
          completeApplication({
            applicationStatus: 'Väntar',
            phase: 'sent_in',
            submittedAt: '2026-11-26T10:00:00Z',
            decidedAt,
            denialReason: 'Ett gammalt skäl.',
          }),
        ),
    });
    renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByText('Ansökan granskas')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Senaste beslut' })).toBeNull();
  });
});
