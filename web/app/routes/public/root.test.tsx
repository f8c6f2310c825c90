import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountActions } from '../../../components/layouts/account-actions.tsx';
import { signOutHref } from '../../../config/paths.ts';
import { type AuthContextValue, useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { PublicRoot } from './root.tsx';

vi.mock('../../../features/auth/components/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Decision 025: the server's copy of the header shows the stored session's actions before the app has
// loaded; signing out there is a link, which the app finishes when it runs.
describe('signing out from the server’s copy of the header', () => {
  it('is a link in the copy that knows no session, for every signed-in state', () => {
    renderWithProviders(<AccountActions state={{ kind: 'unknown' }} />);
    const links = screen.getAllByRole('link', { name: 'Logga ut' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('href')).toBe(signOutHref);
    expect(screen.queryByRole('button', { name: 'Logga ut' })).toBeNull();
  });

  it('is a button in the app, which signs out at once', () => {
    const onLogout = vi.fn();
    renderWithProviders(<AccountActions state={{ kind: 'signedIn', myPageHref: '/dashboard', onLogout }} />);
    screen.getByRole('button', { name: 'Logga ut' }).click();
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it.each([
    { address: signOutHref, signsOut: true },
    { address: '/', signsOut: false },
  ])('the app signs out on $address: $signsOut', async ({ address, signsOut }) => {
    mockApi({ 'GET /api/site/settings': () => json({ siteTitle: 'Certifierad Klinik' }) });
    const logout = vi.fn(async () => {});
    vi.mocked(useAuth).mockReturnValue({ status: 'loading', user: null, logout } as unknown as AuthContextValue);
    renderWithProviders(
      <Routes>
        <Route element={<PublicRoot />}>
          <Route index element={<h1>Start</h1>} />
        </Route>
      </Routes>,
      { route: address },
    );
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeTruthy();
    expect(within(document.body).getByRole('banner')).toBeTruthy();
    expect(logout).toHaveBeenCalledTimes(signsOut ? 1 : 0);
  });
});
