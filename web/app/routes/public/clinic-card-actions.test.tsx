import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../contracts/constants.ts';
import { type AuthContextValue, useAuth } from '../../../features/auth/components/auth-provider.tsx';
import type { AuthUser } from '../../../features/auth/lib/auth-user.ts';
import { ClinicGrid } from '../../../features/clinic-register/components/clinic-grid.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { clinicCard, clinicPage } from '../../../testing/customer-test-utils.tsx';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { useClinicCardActions } from './clinic-card-actions.tsx';
import { Component as ClinicProfilePage } from './clinic-profile.tsx';

vi.mock('../../../features/auth/components/auth-provider.tsx', () => ({ useAuth: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const KLARA = clinicCard('Klara Hudmottagning', '11111111-1111-4111-8111-111111111111');
const KLARA_PAGE = clinicPage(KLARA);

function Grid() {
  return <ClinicGrid pages={[[KLARA]]} label="Kliniker" cardAction={useClinicCardActions()} />;
}

function renderProfilePage() {
  return renderWithProviders(
    <Routes>
      <Route path="/kliniker/:slug" element={<ClinicProfilePage />} />
    </Routes>,
    { route: `/kliniker/${KLARA.slug}` },
  );
}

function signIn(role: Role | null) {
  const user = role ? ({ id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876', role, name: 'Kim' } as AuthUser) : null;
  vi.mocked(useAuth).mockReturnValue({
    status: user ? 'authenticated' : 'anonymous',
    user,
    getAccessToken: async () => ACCESS_TOKEN,
  } as AuthContextValue);
}

const profileRoutes = {
  'GET /api/clinics/by-slug/klara-hudmottagning': () => json(KLARA_PAGE),
  'GET /api/site/settings': () => json({ error: { code: 'not_found', message: 'Hittades inte.' } }, 404),
};

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinics', 'clinicProfile']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useClinicCardActions', () => {
  it.each([null, 'clinic', 'admin'] as const)(
    'puts no button on the card and asks nothing when signed in as %s',
    async (role) => {
      const api = mockApi({});
      signIn(role);
      renderWithProviders(<Grid />);

      expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      expect(api).not.toHaveBeenCalled();
    },
  );

  it('gives a signed-in customer both the message and the follow button on the card, and the message reaches the clinic', async () => {
    const api = mockApi({
      'GET /api/me/follows/status': () => json({ followed: [] }),
      'POST /api/messages': () =>
        json({ error: { code: 'recipient_not_allowed', message: 'Du kan inte skriva till den här mottagaren.' } }, 403),
    });
    signIn('customer');
    renderWithProviders(<Grid />);

    const card = screen.getByRole('listitem');
    const write = await within(card).findByRole('button', { name: 'Skicka meddelande till Klara Hudmottagning' });
    expect(await within(card).findByRole('button', { name: 'Följ Klara Hudmottagning' })).toBeTruthy();

    await userEvent.click(write);
    const dialog = screen.getByRole('dialog', { name: 'Meddelande till Klara Hudmottagning' });
    await userEvent.type(within(dialog).getByLabelText('Meddelande'), 'Hej!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte skicka meddelande',
        description: 'Du kan inte skriva till den här mottagaren.',
        variant: 'destructive',
      }),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ to: { kind: 'user', id: KLARA.id }, content: 'Hej!' });
  });
});

describe('the clinic page /kliniker/:slug', () => {
  it('gives a signed-in customer the message button', async () => {
    mockApi(profileRoutes);
    signIn('customer');
    renderProfilePage();

    expect(await screen.findByRole('button', { name: 'Skicka meddelande till Klara Hudmottagning' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Logga in som kund för att skriva till kliniken' })).toBeNull();
  });

  it('shows a visitor who is not signed in a way to sign in instead', async () => {
    mockApi(profileRoutes);
    signIn(null);
    renderProfilePage();

    const signInLink = await screen.findByRole('link', { name: 'Logga in som kund för att skriva till kliniken' });
    expect(signInLink.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each(['clinic', 'admin'] as const)('shows neither to someone signed in as %s', async (role) => {
    mockApi(profileRoutes);
    signIn(role);
    renderProfilePage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Klara Hudmottagning' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Logga in som kund för att skriva till kliniken')).toBeNull();
  });
});
