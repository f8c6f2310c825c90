import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { EraseAccountButton } from './erase-account-dialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const NORA = { id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', fullName: 'Nora Ny' };

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['accountDeletion', 'validation']);
});

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('EraseAccountButton', () => {
  it('erases an account on request: a reason is required, and the admin is asked once more', async () => {
    const erased: unknown[] = [];
    mockApi({
      'POST /api/admin/users/1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e/erase': ({ body }) => {
        erased.push(body);
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<EraseAccountButton account={NORA} />);

    const button = screen.getByRole('button', { name: 'Radera kontot för Nora Ny' });
    await userEvent.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Radera kontot för Nora Ny' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Radera konto' }));
    expect(
      await dialog.findByText('Ange varför kontot raderas, till exempel vem som bad om det och när.'),
    ).toBeTruthy();

    await userEvent.type(dialog.getByLabelText(/Motivering/), 'Bad om det i telefon 3 mars.');
    await userEvent.click(dialog.getByRole('button', { name: 'Radera konto' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Radera kontot för Nora Ny för alltid?' }));
    expect(erased).toEqual([]);
    await userEvent.click(confirm.getByRole('button', { name: 'Radera kontot' }));

    await vi.waitFor(() => expect(erased).toEqual([{ reason: 'Bad om det i telefon 3 mars.' }]));
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Kontot för Nora Ny är raderat', variant: 'success' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});
