import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../../../contracts/session-hint.ts';
import { i18n } from '../../../lib/i18n.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { type AuthContextValue, useAuth } from './auth-provider.tsx';
import { RequireRole } from './require-role.tsx';

vi.mock('./auth-provider.tsx', () => ({ useAuth: vi.fn() }));

function LoginPage() {
  const location = useLocation();
  return <p>login page, from {(location.state as { from?: string } | null)?.from}</p>;
}

function renderGuarded(auth: Pick<AuthContextValue, 'status' | 'user'>, whileLoading?: ReactNode) {
  vi.mocked(useAuth).mockReturnValue(auth as AuthContextValue);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>start page</p> },
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireRole allowedRoles={['clinic']} whileLoading={whileLoading} />,
        children: [{ path: '/clinic-dashboard/*', element: <h1>clinic area</h1> }],
      },
    ],
    { initialEntries: ['/clinic-dashboard/payments?plan=company'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A session as auth-js stores it, issued for `role`. */
const storeSession = (role: string) =>
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: { app_metadata: { role } } }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
});

afterEach(() => window.localStorage.clear());

describe('RequireRole', () => {
  it('renders nothing protected while the sign-in state loads', () => {
    renderGuarded({ status: 'loading', user: null });
    expect(screen.getByRole('status').textContent).toBe('Laddar...');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows its frame while the sign-in state loads when the stored session is of an allowed role', () => {
    storeSession('clinic');
    renderGuarded({ status: 'loading', user: null }, <nav aria-label="Klinikpanel" />);
    expect(screen.getByRole('navigation', { name: 'Klinikpanel' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows no frame while loading to a browser without a stored session', () => {
    renderGuarded({ status: 'loading', user: null }, <nav aria-label="Klinikpanel" />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Laddar...');
  });

  it('shows no frame while loading to a stored session of another role', () => {
    storeSession('customer');
    renderGuarded({ status: 'loading', user: null }, <nav aria-label="Klinikpanel" />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Laddar...');
  });

  it('sends a visitor to /login with the asked page', () => {
    const router = renderGuarded({ status: 'anonymous', user: null });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('login page, from /clinic-dashboard/payments?plan=company')).toBeTruthy();
  });

  it('sends another role to the start page', () => {
    const router = renderGuarded({ status: 'authenticated', user: { role: 'customer' } as AuthUser });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the page to an allowed role', () => {
    renderGuarded({ status: 'authenticated', user: { role: 'clinic' } as AuthUser });
    expect(screen.getByRole('heading', { name: 'clinic area' })).toBeTruthy();
  });
});
