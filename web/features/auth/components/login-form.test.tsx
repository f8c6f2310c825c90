import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { type AuthContextValue, useAuth } from './auth-provider.tsx';
import { LoginForm } from './login-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));
vi.mock('./auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const login = vi.fn<AuthContextValue['login']>();
const signOut = vi.fn<AuthContextValue['signOut']>();

function renderForm(variant: 'user' | 'admin', path: string) {
  const router = createMemoryRouter(
    [
      { path, element: <LoginForm variant={variant} /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function submit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-post'), email);
  await userEvent.type(screen.getByLabelText('Lösenord'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['auth', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  login.mockReset();
  signOut.mockReset().mockResolvedValue();
  vi.mocked(useAuth).mockReturnValue({ login, signOut } as unknown as AuthContextValue);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('LoginForm', () => {
  it('welcomes back and leads an admin to /admin (SPEC section 2 "/login")', async () => {
    login.mockResolvedValue({ role: 'admin', name: 'Ada' } as AuthUser);
    const router = renderForm('user', '/login');
    await submit('ada@example.se', 'hemligt');
    await screen.findByText('landed');
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.se', password: 'hemligt' });
    expect(router.state.location.pathname).toBe('/admin');
    expect(toast).toHaveBeenCalledWith({
      title: 'Inloggningen lyckades!',
      description: 'Välkommen tillbaka!',
      variant: 'success',
    });
  });

  it('shows the login error for wrong credentials and stays', async () => {
    login.mockRejectedValue(
      Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' }),
    );
    const router = renderForm('user', '/login');
    await submit('kim@example.se', 'fel');
    expect(await screen.findByRole('button', { name: 'Logga in' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Inloggningen misslyckades',
      description: 'Fel e-postadress eller lösenord. Försök igen.',
      variant: 'destructive',
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('the admin login turns a clinic away and signs it out again (SPEC section 8)', async () => {
    login.mockResolvedValue({ role: 'clinic', name: 'Klinik' } as AuthUser);
    const router = renderForm('admin', '/admin/login');
    await submit('klinik@example.se', 'hemligt');
    expect(await screen.findByRole('button', { name: 'Logga in' })).toBeTruthy();
    expect(signOut).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith({
      title: 'Inloggningen misslyckades',
      description:
        'Kontot har ingen administratörsbehörighet. Kunder och kliniker loggar in på den vanliga inloggningssidan.',
      variant: 'destructive',
    });
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('the admin login asks to check the details when the password is wrong', async () => {
    login.mockRejectedValue(
      Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' }),
    );
    renderForm('admin', '/admin/login');
    await submit('ada@example.se', 'fel');
    expect(await screen.findByRole('button', { name: 'Logga in' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Inloggningen misslyckades',
      description: 'Kontrollera dina uppgifter. Endast administratörer kan logga in här.',
      variant: 'destructive',
    });
  });

  it('the admin login welcomes an admin by name', async () => {
    login.mockResolvedValue({ role: 'admin', name: 'Ada Admin' } as AuthUser);
    const router = renderForm('admin', '/admin/login');
    await submit('ada@example.se', 'hemligt');
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/admin');
    expect(toast).toHaveBeenCalledWith({
      title: 'Inloggad som administratör',
      description: 'Välkommen, Ada Admin!',
      variant: 'success',
    });
    expect(signOut).not.toHaveBeenCalled();
  });

  it("fills in a review invitation's address and leads back to the review page", async () => {
    login.mockResolvedValue({ role: 'customer', name: 'Anna' } as AuthUser);
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginForm /> },
        { path: '*', element: <p>landed</p> },
      ],
      { initialEntries: [{ pathname: '/login', state: { from: '/omdome/abc123', email: 'anna@example.se' } }] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByLabelText<HTMLInputElement>('E-post').value).toBe('anna@example.se');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'hemligt');
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    await screen.findByText('landed');
    expect(login).toHaveBeenCalledWith({ email: 'anna@example.se', password: 'hemligt' });
    expect(router.state.location.pathname).toBe('/omdome/abc123');
  });

  it('validates before it calls the server', async () => {
    renderForm('user', '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText('Ange din e-postadress.')).toBeTruthy();
    expect(screen.getByText('Ange ditt lösenord.')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });
});
