import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { type AuthContextValue, useAuth } from './auth-provider.tsx';
import { RegisterForm } from './register-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));
vi.mock('./auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const register = vi.fn<AuthContextValue['register']>();

function renderForm(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterForm /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [{ pathname: '/register', state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['auth', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  register.mockReset();
  vi.mocked(useAuth).mockReturnValue({ register } as unknown as AuthContextValue);
});

describe('RegisterForm', () => {
  it('starts on the customer tab and names the name field after the clinic on the clinic tab', async () => {
    renderForm();
    expect((screen.getByRole('radio', { name: 'Kund' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Namn')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Klinik' }));
    expect(screen.getByLabelText('Klinikens namn')).toBeTruthy();
    expect(screen.queryByLabelText('Namn')).toBeNull();
  });

  it("starts as a customer with a review invitation's address filled in, and leads back to the review page", async () => {
    register.mockResolvedValue({ role: 'customer', name: 'Anna Berg' } as AuthUser);
    const router = renderForm({ from: '/omdome/abc123', email: 'anna@example.se' });
    expect((screen.getByRole('radio', { name: 'Kund' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('E-post').value).toBe('anna@example.se');
    await userEvent.type(screen.getByLabelText('Namn'), 'Anna Berg');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'ett-bra-lösenord');
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));
    await screen.findByText('landed');
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ role: 'customer', email: 'anna@example.se' }));
    expect(router.state.location.pathname).toBe('/omdome/abc123');
  });

  it('requires every field with translated messages and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));
    expect(await screen.findByText('Ange ett namn.')).toBeTruthy();
    expect(screen.getByText('Ange din e-postadress.')).toBeTruthy();
    expect(screen.getByText('Lösenordet måste vara minst 8 tecken.')).toBeTruthy();
    expect(screen.getByLabelText('E-post').getAttribute('type')).toBe('email');
    expect(register).not.toHaveBeenCalled();
  });

  it('registers a clinic, greets it and leads it to its area', async () => {
    register.mockResolvedValue({ role: 'clinic', name: 'Klinik Ljus' } as AuthUser);
    const router = renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Klinik' }));
    await userEvent.type(screen.getByLabelText('Klinikens namn'), ' Klinik Ljus ');
    await userEvent.type(screen.getByLabelText('E-post'), 'ljus@example.se');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'hemligt-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));

    expect(await screen.findByText('landed')).toBeTruthy();
    expect(register).toHaveBeenCalledWith({
      role: 'clinic',
      fullName: 'Klinik Ljus',
      email: 'ljus@example.se',
      password: 'hemligt-2026',
    });
    expect(router.state.location.pathname).toBe('/clinic-dashboard');
    expect(toast).toHaveBeenCalledWith({
      title: 'Registreringen lyckades!',
      description: 'Välkommen! Ditt konto är skapat.',
      variant: 'success',
    });
  });

  it('shows the register error, says when the address is taken, and stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail: (error: unknown) => void = () => {};
    register.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const router = renderForm();
    await userEvent.type(screen.getByLabelText('Namn'), 'Kim');
    await userEvent.type(screen.getByLabelText('E-post'), 'kim@example.se');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'hemligt-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));

    // While it runs the button is disabled and says so.
    const busy = await screen.findByRole('button', { name: 'Skapar konto...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fail(Object.assign(new Error('User already registered'), { status: 422, code: 'user_already_exists' }));

    expect(await screen.findByRole('button', { name: 'Skapa konto' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Registreringen misslyckades',
      description: 'Det finns redan ett konto med den e-postadressen. Logga in i stället.',
      variant: 'destructive',
    });
    expect(router.state.location.pathname).toBe('/register');
  });

  it('goes back to the page the guard was asked for', async () => {
    register.mockResolvedValue({ role: 'customer', name: 'Kim' } as AuthUser);
    const router = renderForm({ from: '/dashboard/followed' });
    await userEvent.type(screen.getByLabelText('Namn'), 'Kim');
    await userEvent.type(screen.getByLabelText('E-post'), 'kim@example.se');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'hemligt-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/dashboard/followed');
  });
});
