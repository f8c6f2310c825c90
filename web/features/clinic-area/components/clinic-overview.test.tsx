import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { clinicProfile, renderInClinicArea } from '../testing/clinic-area-test-utils.tsx';
import { ClinicOverview } from './clinic-overview.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicArea']);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('ClinicOverview', () => {
  it('shows a fresh clinic 17 % complete and leads it to the application', async () => {
    mockApi({ 'GET /api/clinic/profile': () => json(clinicProfile({ slug: 'hudkliniken-ljusglimt' })) });
    renderInClinicArea(<ClinicOverview />);
    const bar = await screen.findByRole('progressbar', { name: 'Profilens fullständighet' });
    expect(bar.getAttribute('aria-valuenow')).toBe('17');
    expect(screen.getByText('17 %')).toBeTruthy();
    expect(screen.getByText('Kliniken är inte certifierad än')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gå till ansökan' }).getAttribute('href')).toBe(
      '/clinic-dashboard/application',
    );
    // The clinic's own page and its support conversation in the app (issue 28).
    expect(screen.getByRole('link', { name: 'Visa publik sida' }).getAttribute('href')).toBe(
      '/kliniker/hudkliniken-ljusglimt',
    );
    expect(screen.getByRole('link', { name: 'Kontakta support' }).getAttribute('href')).toBe(
      '/clinic-dashboard/messages?support',
    );
  });

  it('shows a certified clinic valid until 31 December this year, with its certificate', async () => {
    mockApi({
      'GET /api/clinic/profile': () =>
        json(
          clinicProfile({
            isCertified: true,
            applicationStatus: 'Godkänd',
            phase: 'certified',
            website: 'https://a.example',
            description: 'Hud',
            phoneNumber: '08-123 456 78',
          }),
        ),
    });
    renderInClinicArea(<ClinicOverview />);
    expect(
      await screen.findByText(`Certifieringen är giltig till 31 december ${new Date().getFullYear()}.`),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Visa certifikat' }).getAttribute('href')).toBe(
      '/clinic-dashboard/certification',
    );
    expect(screen.getByText('67 %')).toBeTruthy();
  });

  it('shows a suspended certificate as its own state: its number, since when and the reason, leading to the certification page', async () => {
    mockApi({
      'GET /api/clinic/profile': () =>
        json(
          clinicProfile({
            isCertified: true,
            applicationStatus: 'Godkänd',
            phase: 'suspended',
            certifiedAt: '2026-01-10T09:00:00Z',
            suspension: {
              number: 'CK-2026-000042',
              since: '2026-11-24T10:15:00Z',
              reason: 'Ansvarsförsäkringen har gått ut.',
            },
          }),
        ),
    });
    renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByText('Certifikatet är tillfälligt indraget')).toBeTruthy();
    expect(
      screen.getByText(
        'Certifikat CK-2026-000042 drogs in 2026-11-24. Kliniken syns inte i registret förrän certifikatet har återinförts.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Ansvarsförsäkringen har gått ut.')).toBeTruthy();
    expect(screen.queryByText('Kliniken är inte certifierad än')).toBeNull();
    expect(screen.getByRole('link', { name: 'Visa certifiering' }).getAttribute('href')).toBe(
      '/clinic-dashboard/certification',
    );
  });

  it('names a denial as a denial, not as a new account that is not certified yet', async () => {
    mockApi({
      'GET /api/clinic/profile': () =>
        json(
          clinicProfile({
            applicationStatus: 'Nekad',
            phase: 'denied',
            submittedAt: '2026-11-20T09:00:00Z',
            decidedAt: '2026-11-24T10:15:00Z',
            denialReason: 'Försäkringsbrevet saknas.',
          }),
        ),
    });
    renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByText('Ansökan nekades')).toBeTruthy();
    expect(screen.getByText('Läs skälet under Senaste beslut, rätta ansökan och skicka in den igen.')).toBeTruthy();
    expect(screen.queryByText('Kliniken är inte certifierad än')).toBeNull();
  });

  it("says 'Kunde inte hämta profil' once when the profile cannot be loaded, and offers a retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/clinic/profile': () => json({ error: { code: 'internal', message: 'Något gick fel hos oss.' } }, 500),
    });
    renderInClinicArea(<ClinicOverview />);
    expect(await screen.findByRole('button', { name: 'Försök igen' })).toBeTruthy();
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Kunde inte hämta profil',
      description: 'Något gick fel hos oss.',
      variant: 'destructive',
    });
    expect(screen.getByRole('link', { name: 'Redigera profil' })).toBeTruthy();
  });
});
