import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { SendMessageDialog } from './send-message-dialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const RECIPIENT = { id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d', fullName: 'Granskas Hudvård' };
const onClose = vi.fn();

function renderDialog() {
  renderWithProviders(<SendMessageDialog recipient={RECIPIENT} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Skicka meddelande' });
  return {
    content: within(dialog).getByLabelText('Meddelande'),
    send: () => userEvent.click(within(dialog).getByRole('button', { name: 'Skicka' })),
  };
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  onClose.mockReset();
});

describe('SendMessageDialog', () => {
  it("says 'Meddelandet kan inte vara tomt.' for an empty or whitespace-only message and sends nothing (SPEC section 5)", async () => {
    const api = mockApi({});
    const { content, send } = renderDialog();

    await send();
    expect(await screen.findByText('Meddelandet kan inte vara tomt.')).toBeTruthy();

    await userEvent.type(content, '   {enter}  ');
    await send();
    expect(screen.getByText('Meddelandet kan inte vara tomt.')).toBeTruthy();
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(api).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("sends the message to the recipient, says 'Meddelande skickat!' and closes", async () => {
    const api = mockApi({
      'POST /api/admin/messages': ({ body }) =>
        json(
          { id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', ...(body as object), createdAt: '2026-11-23T10:00:00Z' },
          201,
        ),
    });
    const { content, send } = renderDialog();
    await userEvent.type(content, ' Hej! Vi saknar ert försäkringsbrev. ');
    await send();

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      recipientId: RECIPIENT.id,
      content: 'Hej! Vi saknar ert försäkringsbrev.',
    });
    expect(toast).toHaveBeenCalledWith({ title: 'Meddelande skickat!', variant: 'success' });
  });
});
