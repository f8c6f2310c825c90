import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClinicCard } from '../../../../contracts/clinics.ts';
import type { Role } from '../../../../contracts/constants.ts';
import { type AuthContextValue, useAuth } from '../../../features/auth/components/auth-provider.tsx';
import type { AuthUser } from '../../../features/auth/lib/auth-user.ts';
import { i18n } from '../../../lib/i18n.ts';
import { clinicCard } from '../../../testing/customer-test-utils.tsx';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { useFollowAction } from './follow-action.tsx';

vi.mock('../../../features/auth/components/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const KLARA = clinicCard('Klara Hudmottagning', '11111111-1111-4111-8111-111111111111');

function Card({ clinic }: { clinic: ClinicCard }) {
  const followAction = useFollowAction();
  return (
    <article>
      <h3>{clinic.fullName}</h3>
      {followAction?.(clinic, [clinic])}
    </article>
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

beforeAll(async () => {
  await i18n.changeLanguage('sv');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useFollowAction', () => {
  it.each([null, 'clinic', 'admin'] as const)(
    'shows no follow button and asks nothing when signed in as %s',
    async (role) => {
      const api = mockApi({});
      signIn(role);
      renderWithProviders(<Card clinic={KLARA} />);

      expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      expect(api).not.toHaveBeenCalled();
    },
  );

  it("loads the follow button for a signed-in customer, with the page's follow state", async () => {
    mockApi({ 'GET /api/me/follows/status': () => json({ followed: [KLARA.id] }) });
    signIn('customer');
    renderWithProviders(<Card clinic={KLARA} />);

    expect(await screen.findByRole('button', { name: 'Sluta följa Klara Hudmottagning' })).toBeTruthy();
  });
});
