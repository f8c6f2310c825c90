import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClinicLeftRegister as ClinicLeftRegisterData } from '../../../../contracts/left-register.ts';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ClinicLeftRegister } from './clinic-left-register.tsx';

const GAVLE: ClinicLeftRegisterData = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'gavle-hud-halsa',
  fullName: 'Gävle Hud & Hälsa',
  city: 'Gävle',
  leftRegister: { status: 'withdrawn', day: '2026-12-03', certificateNumber: 'CK-2026-000044' },
};

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicProfile']);
});

describe('ClinicLeftRegister', () => {
  it('names the clinic, says why and since when, and leads to the certificate and to the register', () => {
    renderWithProviders(<ClinicLeftRegister clinic={GAVLE} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Gävle Hud & Hälsa' })).toBeTruthy();
    expect(screen.getByText('Återkallat')).toBeTruthy();
    expect(screen.getByText('Certifikatet återkallades den 2026-12-03.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Se certifikat CK-2026-000044 och dess historik' }).getAttribute('href'),
    ).toBe('/verifiera/CK-2026-000044');
    expect(screen.getByRole('link', { name: 'Sök bland certifierade kliniker' }).getAttribute('href')).toBe(
      '/kliniker',
    );
  });

  it('says a suspension is temporary, in English too', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(
      <ClinicLeftRegister
        clinic={{ ...GAVLE, leftRegister: { ...GAVLE.leftRegister, status: 'suspended', day: '2026-11-20' } }}
      />,
    );
    expect(screen.getByText('The certificate has been suspended since 2026-11-20.')).toBeTruthy();
    expect(
      screen.getByText(/^The clinic is not shown in the register while its certificate is suspended\./),
    ).toBeTruthy();
    await i18n.changeLanguage('sv');
  });
});
