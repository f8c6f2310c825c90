import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['accountDeletion', 'validation']);
});

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

const items = () =>
  within(screen.getByText('Det här händer när du raderar kontot:').parentElement as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('DeleteAccountCard', () => {
  it('warns a customer of what happens to its follows, messages and reports', () => {
    renderWithProviders(<DeleteAccountCard role="customer" onDeleted={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Radera konto' })).toBeTruthy();
    expect(items()).toEqual([
      'Du loggas ut överallt på en gång, på alla enheter.',
      'Dina följda kliniker tas bort.',
      'Dina meddelanden finns kvar hos mottagarna, under namnet ”Borttagen användare”.',
      'Dina rapporter finns kvar för certifieringens skull, utan ditt namn och din e-postadress.',
      'Du kan registrera dig igen med samma e-postadress.',
    ]);
  });

  it('warns a clinic that its certificate is withdrawn and its public history stays', () => {
    renderWithProviders(<DeleteAccountCard role="clinic" onDeleted={vi.fn()} />);
    expect(items()).toEqual([
      'Du loggas ut överallt på en gång, på alla enheter.',
      'Klinikens certifikat återkallas med skälet ”Kontot avslutat”.',
      'Klinikens offentliga historik finns kvar i registret: certifieringsorganets uppgifter om vad som hänt.',
      'Klinikens dokument raderas när lagringstiden har gått ut.',
      'Du kan registrera dig igen med samma e-postadress.',
    ]);
  });

  it('asks for the password, then once more, and shows a wrong password under the field', async () => {
    const sent: unknown[] = [];
    mockApi({
      'DELETE /api/me/account': ({ body }) => {
        sent.push(body);
        return json({ error: { code: 'wrong_password', message: 'Fel lösenord. Kontot har inte raderats.' } }, 400);
      },
    });
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteAccountCard role="customer" onDeleted={onDeleted} />);

    await userEvent.click(screen.getByRole('button', { name: 'Radera konto' }));
    expect(await screen.findByText('Ange ditt lösenord.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Ditt lösenord/), 'fel-lösenord');
    await userEvent.click(screen.getByRole('button', { name: 'Radera konto' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Radera kontot för alltid?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Avbryt' }));
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Radera konto' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Radera kontot' }));
    expect(await screen.findByText('Fel lösenord. Kontot har inte raderats.')).toBeTruthy();
    expect(sent).toEqual([{ password: 'fel-lösenord' }]);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('deletes with the password, says so and hands over to sign out', async () => {
    const calls: { body: unknown; authorization: string | null }[] = [];
    mockApi({
      'DELETE /api/me/account': ({ body, headers }) => {
        calls.push({ body, authorization: headers.get('authorization') });
        return new Response(null, { status: 204 });
      },
    });
    const onDeleted = vi.fn(async () => undefined);
    renderWithProviders(<DeleteAccountCard role="clinic" onDeleted={onDeleted} />);

    await userEvent.type(screen.getByLabelText(/Ditt lösenord/), 'ett-bra-lösenord');
    await userEvent.click(screen.getByRole('button', { name: 'Radera konto' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Radera kontot' }));

    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(calls).toEqual([{ body: { password: 'ett-bra-lösenord' }, authorization: `Bearer ${ACCESS_TOKEN}` }]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Kontot är raderat',
      description: 'Du är utloggad. En bekräftelse har skickats till din e-postadress.',
      variant: 'success',
    });
  });
});
