import type { User } from '@supabase/auth-js';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { updateAccount } from '../api/update-account.ts';
import { CustomerSettingsForm } from './customer-settings-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));
vi.mock('../api/update-account.ts', () => ({ updateAccount: vi.fn() }));

const ACCOUNT = { fullName: 'Kim Kund', email: 'kim@example.se' };
const onSaved = vi.fn();

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
const savedUser = (fullName: string, email: string) =>
  ({ email, user_metadata: { full_name: fullName } }) as unknown as User;
/** auth-js's AuthApiError as the server's refusal arrives: status, code and GoTrue's message. */
const authError = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), { name: 'AuthApiError', status, code });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['customerArea', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.mocked(updateAccount).mockReset();
  onSaved.mockReset();
  render(<CustomerSettingsForm account={ACCOUNT} onSaved={onSaved} />);
});

describe('CustomerSettingsForm', () => {
  it("saves a new name alone, says 'Inställningar sparade!' and lets the app refresh the header", async () => {
    vi.mocked(updateAccount).mockResolvedValue(savedUser('Kim Kundsson', ACCOUNT.email));
    await userEvent.clear(field('Namn'));
    await userEvent.type(field('Namn'), ' Kim Kundsson ');
    await save();

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(updateAccount).toHaveBeenCalledWith({ fullName: 'Kim Kundsson' });
    expect(toast).toHaveBeenCalledWith({ title: 'Inställningar sparade!', description: undefined, variant: 'success' });
    expect(field('Namn').value).toBe('Kim Kundsson');
  });

  it('needs the current password for a new email address, and sends it along', async () => {
    vi.mocked(updateAccount).mockResolvedValue(savedUser(ACCOUNT.fullName, 'ny@example.se'));
    await userEvent.clear(field('E-post'));
    await userEvent.type(field('E-post'), 'ny@example.se');
    await save();

    expect(
      await screen.findByText('Ange ditt nuvarande lösenord för att byta e-postadress eller lösenord.'),
    ).toBeTruthy();
    expect(updateAccount).not.toHaveBeenCalled();

    await userEvent.type(field('Nuvarande lösenord'), 'Gammalt-lösen-1');
    await save();
    await waitFor(() =>
      expect(updateAccount).toHaveBeenCalledWith({ email: 'ny@example.se', currentPassword: 'Gammalt-lösen-1' }),
    );
    expect(field('Nuvarande lösenord').value).toBe('');
  });

  it('keeps the current address after a new one is saved and says to check the new inbox (the link changes it)', async () => {
    vi.mocked(updateAccount).mockResolvedValue({
      ...savedUser(ACCOUNT.fullName, ACCOUNT.email),
      new_email: 'ny@example.se',
    } as User);
    await userEvent.clear(field('E-post'));
    await userEvent.type(field('E-post'), 'ny@example.se');
    await userEvent.type(field('Nuvarande lösenord'), 'Gammalt-lösen-1');
    await save();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Inställningar sparade!',
        description: 'Kolla inkorgen för ny@example.se: adressen byts när du öppnar länken vi skickade dit.',
        variant: 'success',
      }),
    );
    expect(field('E-post').value).toBe(ACCOUNT.email);
    expect(screen.getByRole('status').textContent).toBe(
      'Väntar på bekräftelse: vi har skickat en länk till ny@example.se. Öppna den inom ett dygn för att byta adress; till dess loggar du in med din nuvarande.',
    );
  });

  it('says that a new password signs out the other devices', async () => {
    vi.mocked(updateAccount).mockResolvedValue(savedUser(ACCOUNT.fullName, ACCOUNT.email));
    await userEvent.type(field('Nytt lösenord'), 'Nytt-lösen-2026');
    await userEvent.type(field('Nuvarande lösenord'), 'Gammalt-lösen-1');
    await save();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Inställningar sparade!',
        description: 'Du har loggats ut på dina andra enheter.',
        variant: 'success',
      }),
    );
    expect(updateAccount).toHaveBeenCalledWith({ password: 'Nytt-lösen-2026', currentPassword: 'Gammalt-lösen-1' });
    expect(field('Nytt lösenord').value).toBe('');
  });

  it.each([
    [422, 'email_exists', 'E-post', 'E-postadressen används redan av ett annat konto.'],
    [400, 'reauthentication_not_valid', 'Nuvarande lösenord', 'Det nuvarande lösenordet stämmer inte.'],
  ])('translates GoTrue’s %s %s onto its field and into the error toast', async (status, code, label, message) => {
    vi.mocked(updateAccount).mockRejectedValue(authError(status, code, 'GoTrue’s English message'));
    await userEvent.clear(field('E-post'));
    await userEvent.type(field('E-post'), 'upptagen@example.se');
    await userEvent.type(field('Nuvarande lösenord'), 'Gammalt-lösen-1');
    await save();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ett fel uppstod vid sparande.',
        description: message,
        variant: 'destructive',
      }),
    );
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's message for any other refusal", async () => {
    vi.mocked(updateAccount).mockRejectedValue(
      authError(422, 'validation_failed', 'The name (data.full_name) can be at most 200 characters'),
    );
    await userEvent.type(field('Namn'), ' Junior');
    await save();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ett fel uppstod vid sparande.',
        description: 'The name (data.full_name) can be at most 200 characters',
        variant: 'destructive',
      }),
    );
  });
});
