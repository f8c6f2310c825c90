import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { WriteMessageDialog } from './write-message-dialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const KLARA = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Klara Hudmottagning' };
const CONVERSATION_ID = '22222222-2222-4222-8222-222222222222';

function sent(content: string) {
  return {
    conversationId: CONVERSATION_ID,
    message: {
      id: '33333333-3333-4333-8333-333333333333',
      conversationId: CONVERSATION_ID,
      fromMe: true,
      senderName: 'Kim Kund',
      content,
      createdAt: '2026-11-23T10:00:00Z',
      readAt: null,
    },
  };
}

async function openDialog() {
  const result = renderWithProviders(<WriteMessageDialog recipient={KLARA} />);
  await userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande till Klara Hudmottagning' }));
  const dialog = screen.getByRole('dialog', { name: 'Meddelande till Klara Hudmottagning' });
  return {
    ...result,
    dialog,
    content: within(dialog).getByLabelText('Meddelande'),
    send: () => userEvent.click(within(dialog).getByRole('button', { name: 'Skicka' })),
  };
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['writeMessage', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('WriteMessageDialog', () => {
  it("says 'Meddelandet kan inte vara tomt.' under the field for an empty or whitespace-only message and sends nothing (SPEC section 5)", async () => {
    const api = mockApi({});
    const { content, send } = await openDialog();

    await send();
    expect(await screen.findByText('Meddelandet kan inte vara tomt.')).toBeTruthy();

    await userEvent.type(content, '   {enter}  ');
    await send();
    expect(content.getAttribute('aria-invalid')).toBe('true');
    const describedBy = content.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Meddelandet kan inte vara tomt.');
    expect(api).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("sends the trimmed message to the clinic with the customer's token, says 'Meddelande skickat!', closes and refreshes the messages", async () => {
    const api = mockApi({ 'POST /api/messages': ({ body }) => json(sent((body as { content: string }).content), 201) });
    const { content, send, queryClient } = await openDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.type(content, ' Hej! Har ni tider för laserbehandling i december? ');
    await send();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api).toHaveBeenCalledOnce();
    const [url, init] = api.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/messages');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      to: { kind: 'user', id: KLARA.id },
      content: 'Hej! Har ni tider för laserbehandling i december?',
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith({ title: 'Meddelande skickat!', variant: 'success' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['messages'] });
    // Focus goes back to the button that opened it.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Skicka meddelande till Klara Hudmottagning' }),
      ),
    );
  });

  it('writes to the support team from the inbox: its own button and title, and the message goes to the team', async () => {
    const api = mockApi({ 'POST /api/messages': ({ body }) => json(sent((body as { content: string }).content), 201) });
    renderWithProviders(<WriteMessageDialog recipient={{ kind: 'team', fullName: 'Certifierad Klinik (support)' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Skriv till supporten' }));
    const dialog = screen.getByRole('dialog', { name: 'Meddelande till Certifierad Klinik (support)' });
    await userEvent.type(within(dialog).getByLabelText('Meddelande'), 'Hur förnyar vi certifikatet?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka' }));

    await waitFor(() => expect(api).toHaveBeenCalledOnce());
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      to: { kind: 'team' },
      content: 'Hur förnyar vi certifikatet?',
    });
  });

  it("says 'Kunde inte skicka meddelande' with the server's message, and keeps the dialog and the text", async () => {
    mockApi({
      'POST /api/messages': () =>
        json(
          { error: { code: 'too_many_messages', message: 'Du har skickat för många meddelanden. Vänta en stund.' } },
          429,
        ),
    });
    const { content, send } = await openDialog();
    await userEvent.type(content, 'Hej!');
    await send();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'Kunde inte skicka meddelande',
        description: 'Du har skickat för många meddelanden. Vänta en stund.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Meddelande till Klara Hudmottagning' })).toBeTruthy();
    expect((content as HTMLTextAreaElement).value).toBe('Hej!');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Skicka' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("shows the server's refusal of the text under the field", async () => {
    mockApi({
      'POST /api/messages': () =>
        json(
          {
            error: {
              code: 'invalid_request',
              message: 'Ogiltig begäran.',
              issues: [{ path: ['content'], message: 'Texten innehåller ett otillåtet tecken.' }],
            },
          },
          400,
        ),
    });
    const { content, send } = await openDialog();
    await userEvent.type(content, 'Hej!');
    await send();

    expect(await within(screen.getByRole('dialog')).findByText('Texten innehåller ett otillåtet tecken.')).toBeTruthy();
    expect(content.getAttribute('aria-invalid')).toBe('true');
  });
});
