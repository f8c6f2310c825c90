import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClinicProfile } from '../../../../contracts/clinics.ts';
import { type AuthContextValue, useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { clinicCard, clinicPage } from '../../../testing/customer-test-utils.tsx';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { Component as ClinicProfilePage } from './clinic-profile.tsx';

vi.mock('../../../features/auth/components/auth-provider.tsx', () => ({ useAuth: vi.fn() }));
// MapLibre needs WebGL, which jsdom lacks: the chunk the map loads stands in as the clinics it was given
// (e2e/register-near.spec.ts draws the real map in Chromium).
vi.mock('../../../features/clinic-map/components/clinic-map.tsx', () => ({
  default: ({ styleUrl, clinics }: { styleUrl: string; clinics: readonly { fullName: string }[] }) => (
    <p>
      {styleUrl}: {clinics.map((clinic) => clinic.fullName).join(', ')}
    </p>
  ),
}));

const STYLE_URL = 'https://tiles.example/styles/liberty.json';
const KLARA = clinicPage({
  ...clinicCard('Klara Hudmottagning', '11111111-1111-4111-8111-111111111111'),
  position: { latitude: 59.32938, longitude: 18.06871 },
});

function renderProfilePage(clinic: ClinicProfile, mapStyleUrl: string | null) {
  mockApi({
    [`GET /api/clinics/by-slug/${clinic.slug}`]: () => json(clinic),
    'GET /api/site/settings': () =>
      json({ siteTitle: 'Certifierad Klinik', socialLinks: { facebook: null, instagram: null }, mapStyleUrl }),
    [`GET /api/clinics/${clinic.id}/reviews`]: () => json({ items: [], nextCursor: null, rating: null, count: 0 }),
  });
  return renderWithProviders(
    <Routes>
      <Route path="/kliniker/:slug" element={<ClinicProfilePage />} />
    </Routes>,
    { route: `/kliniker/${clinic.slug}` },
  );
}

beforeAll(async () => {
  vi.mocked(useAuth).mockReturnValue({
    status: 'anonymous',
    user: null,
    getAccessToken: async () => null,
  } as unknown as AuthContextValue);
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicProfile', 'clinicMap']);
});

describe('the map on a clinic page (issue 24 point 4)', () => {
  it('is not offered without MAP_STYLE_URL', async () => {
    renderProfilePage(KLARA, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Klara Hudmottagning' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Visa karta' })).toBeNull();
  });

  it('is not offered for a clinic without a position', async () => {
    renderProfilePage({ ...KLARA, position: null }, STYLE_URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Klara Hudmottagning' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Visa karta' })).toBeNull();
  });

  it('opens on the installation’s style with the clinic, and closes again', async () => {
    renderProfilePage(KLARA, STYLE_URL);
    const show = await screen.findByRole('button', { name: 'Visa karta' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(show);

    const map = screen.getByRole('region', { name: 'Karta' });
    expect(within(map).getByText('Kartan visar kliniken på dess ort. Adressen står ovan.')).toBeTruthy();
    expect(await within(map).findByText(`${STYLE_URL}: Klara Hudmottagning`)).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Dölj karta' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(hide);
    expect(screen.queryByRole('region', { name: 'Karta' })).toBeNull();
  });
});
