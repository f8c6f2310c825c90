import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/auth-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAuthClient } from '../../../lib/auth-client.ts';
import { AuthProvider, useAuth } from './auth-provider.tsx';

vi.mock('../../../lib/auth-client.ts', () => ({
  loadAuthClient: vi.fn(),
}));

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const USER_ID = '6c4b3a1e-2f55-4d1e-9c0e-2d6f1f0a9b11';

function session(token = 'token-1'): Session {
  return {
    access_token: token,
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    token_type: 'bearer',
    user: {
      id: USER_ID,
      aud: 'authenticated',
      email: 'kim@example.se',
      app_metadata: { role: 'customer' },
      user_metadata: { full_name: 'Kim från auth' },
      created_at: '2026-11-01T10:00:00Z',
    },
  };
}

let listeners: Listener[];
let client: { onAuthStateChange: (listener: Listener) => unknown; signOut: ReturnType<typeof vi.fn> };

/** What auth-js tells its subscribers; the provider subscribes once the (lazy) client has loaded. */
async function emit(event: AuthChangeEvent, next: Session | null) {
  await waitFor(() => expect(listeners).toHaveLength(1));
  await act(async () => {
    for (const listener of listeners) listener(event, next);
  });
}

function Probe() {
  const { status, user, logout } = useAuth();
  const { pathname } = useLocation();
  return (
    <div>
      <p>status: {status}</p>
      <p>user: {user ? `${user.name} (${user.role}) ${user.email}` : 'none'}</p>
      <p>path: {pathname}</p>
      <button type="button" onClick={() => void logout()}>
        logout
      </button>
    </div>
  );
}

function renderProvider() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Probe />
          </AuthProvider>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  listeners = [];
  client = {
    onAuthStateChange: (listener) => {
      listeners.push(listener);
      return { data: { subscription: { unsubscribe: () => listeners.splice(listeners.indexOf(listener), 1) } } };
    },
    signOut: vi.fn(async () => {
      await emit('SIGNED_OUT', null);
      return { error: null };
    }),
  };
  vi.mocked(loadAuthClient).mockResolvedValue(client as unknown as GoTrueClient);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useAuth', () => {
  it('fails outside its provider (SPEC section 8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('AuthProvider', () => {
  it('is loading until auth-js tells the stored session, then anonymous without one', async () => {
    renderProvider();
    expect(await screen.findByText('status: loading')).toBeTruthy();
    await emit('INITIAL_SESSION', null);
    expect(screen.getByText('status: anonymous')).toBeTruthy();
    expect(screen.getByText('user: none')).toBeTruthy();
  });

  it('adds name, role and email from the own profile, loaded with the access token', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        id: USER_ID,
        email: 'kim@example.se',
        role: 'customer',
        fullName: 'Kim Kund',
        lastSignInAt: null,
      }),
    );
    renderProvider();
    await emit('INITIAL_SESSION', session());
    expect(await screen.findByText('status: authenticated')).toBeTruthy();
    expect(screen.getByText('user: Kim Kund (customer) kim@example.se')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/me/profile');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');

    // A refreshed token loads the profile again (SPEC section 4), without a loading flash.
    fetchSpy.mockResolvedValue(
      Response.json({ id: USER_ID, email: 'kim@example.se', role: 'customer', fullName: 'Kim Ny', lastSignInAt: null }),
    );
    await emit('TOKEN_REFRESHED', session('token-2'));
    expect(screen.getByText('status: authenticated')).toBeTruthy();
    expect(await screen.findByText('user: Kim Ny (customer) kim@example.se')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('keeps the plain auth user when the profile cannot be loaded, and only logs it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProvider();
    await emit('SIGNED_IN', session());
    expect(await screen.findByText('status: authenticated')).toBeTruthy();
    expect(screen.getByText('user: Kim från auth (customer) kim@example.se')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('logs out: to the start page, then the session ends', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        id: USER_ID,
        email: 'kim@example.se',
        role: 'customer',
        fullName: 'Kim Kund',
        lastSignInAt: null,
      }),
    );
    renderProvider();
    await emit('INITIAL_SESSION', session());
    await screen.findByText('status: authenticated');
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(await screen.findByText('status: anonymous')).toBeTruthy();
    expect(screen.getByText('path: /')).toBeTruthy();
    expect(client.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });
});
