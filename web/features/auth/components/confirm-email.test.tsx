import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAuthClient } from '../../../lib/auth-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ConfirmEmail } from './confirm-email.tsx';

vi.mock('../../../lib/auth-client.ts', () => ({ loadAuthClient: vi.fn() }));

/** auth-js's verifyOtp as the page calls it: `{ data: { user, session }, error }`. */
const verifyOtp = vi.fn();

const TOKEN = 'A'.repeat(43);
const authError = (status: number, code: string) =>
  Object.assign(new Error(code), { name: 'AuthApiError', status, code });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['auth']);
});

beforeEach(() => {
  verifyOtp.mockReset();
  vi.mocked(loadAuthClient).mockResolvedValue({ verifyOtp } as unknown as Awaited<ReturnType<typeof loadAuthClient>>);
});

describe('ConfirmEmail (/confirm-email, the link mailed to a new address)', () => {
  it('spends the token once and says which address now signs in', async () => {
    const user = { id: 'u1', email: 'ny@example.se', app_metadata: { role: 'customer' }, user_metadata: {} };
    verifyOtp.mockResolvedValue({ data: { user, session: { user } }, error: null });
    renderWithProviders(<ConfirmEmail />, { route: `/confirm-email?token_hash=${TOKEN}&type=email_change` });
    expect(await screen.findByText('E-postadressen är bytt')).toBeTruthy();
    expect(
      screen.getByText('Du loggar nu in med ny@example.se. Du har loggats ut på dina andra enheter.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till mina sidor' }).getAttribute('href')).toBe('/dashboard');
    expect(verifyOtp).toHaveBeenCalledExactlyOnceWith({ token_hash: TOKEN, type: 'email_change' });
  });

  it('tells an expired or used link apart from an address taken in the meantime', async () => {
    verifyOtp.mockResolvedValue({ data: { user: null, session: null }, error: authError(422, 'email_exists') });
    renderWithProviders(<ConfirmEmail />, { route: `/confirm-email?token_hash=${TOKEN}&type=email_change` });
    expect(
      await screen.findByText('Adressen har hunnit tas av ett annat konto. Välj en annan adress i dina inställningar.'),
    ).toBeTruthy();
  });

  it('refuses a link without its token or of another type without asking the server', async () => {
    renderWithProviders(<ConfirmEmail />, { route: `/confirm-email?token_hash=${TOKEN}&type=recovery` });
    expect(await screen.findByText('Länken fungerar inte')).toBeTruthy();
    expect(verifyOtp).not.toHaveBeenCalled();
  });
});
