import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { type ApiRequest, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ContactForm } from './contact-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const LABELS = ['Namn', 'E-post', 'Ämne', 'Meddelande'] as const;

/** The text the field points to with aria-describedby (its error message). */
function description(field: HTMLElement): string | null | undefined {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
}

function value(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande' }));

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Namn'), ' Anna Andersson ');
  await userEvent.type(screen.getByLabelText('E-post'), 'anna@example.se');
  await userEvent.type(screen.getByLabelText('Ämne'), 'Fråga om certifiering');
  await userEvent.type(screen.getByLabelText('Meddelande'), 'Hur lång tid tar det?');
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['contact', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('shows a translated error under every empty field and sends nothing', async () => {
    const api = mockApi({});
    renderWithProviders(<ContactForm />);
    await submit();

    for (const [label, message] of [
      ['Namn', 'Ange ditt namn.'],
      ['E-post', 'Ange din e-postadress.'],
      ['Ämne', 'Ange ett ämne.'],
      ['Meddelande', 'Skriv ett meddelande.'],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(description(field)).toBe(message);
    }
    expect(screen.getByLabelText('E-post').getAttribute('type')).toBe('email');
    expect(toast).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });

  it('rejects an invalid email address', async () => {
    const api = mockApi({});
    renderWithProviders(<ContactForm />);
    await userEvent.type(screen.getByLabelText('E-post'), 'anna@');
    await submit();
    expect(description(screen.getByLabelText('E-post'))).toBe(
      'Ange en giltig e-postadress, till exempel namn@exempel.se.',
    );
    expect(screen.getByLabelText('Namn').getAttribute('aria-invalid')).toBe('true');
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the message to POST /api/contact, busy meanwhile, then thanks the visitor with a success toast and empties the form', async () => {
    let answer: (response: Response) => void = () => {};
    const requests: ApiRequest[] = [];
    mockApi({
      'POST /api/contact': (request) => {
        requests.push(request);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    renderWithProviders(<ContactForm />);
    await fillIn();
    await submit();

    const busy = await screen.findByRole('button', { name: 'Skickar...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      name: 'Anna Andersson',
      email: 'anna@example.se',
      subject: 'Fråga om certifiering',
      message: 'Hur lång tid tar det?',
    });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(toast).not.toHaveBeenCalled();

    answer(json({ ok: true }, 201));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'Meddelande skickat!',
        description: 'Tack för att du hörde av dig. Vi återkommer så snart som möjligt.',
        variant: 'success',
      }),
    );
    await waitFor(() => expect(LABELS.map(value)).toEqual(['', '', '', '']));
    expect(screen.getByLabelText('Namn').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('button', { name: 'Skicka meddelande' })).toHaveProperty('disabled', false);
  });

  it('continues the conversation of the link in the team’s email (?token=…), and drops a link the server refuses (issue 27)', async () => {
    const token = 'T'.repeat(43);
    const requests: ApiRequest[] = [];
    let refuse = true;
    mockApi({
      'POST /api/contact': (request) => {
        requests.push(request);
        if (!refuse) return json({ ok: true }, 201);
        refuse = false;
        return json(
          {
            error: { code: 'thread_link_invalid', message: 'Länken till konversationen är ogiltig eller för gammal.' },
          },
          400,
        );
      },
    });
    renderWithProviders(<ContactForm />, { route: `/kontakta-oss?token=${token}` });
    expect(screen.getByRole('note').textContent).toBe(
      'Du svarar i din konversation med oss, via länken i vårt mejl. Ange adressen som mejlet skickades till.',
    );
    await fillIn();
    await submit();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte skicka meddelande',
        description: 'Länken till konversationen är ogiltig eller för gammal.',
        variant: 'destructive',
      }),
    );
    expect(requests[0]?.body).toMatchObject({ email: 'anna@example.se', threadToken: token });
    // The refused link is gone: what was typed stays, and sending again starts a new conversation.
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
    expect(value('Meddelande')).toBe('Hur lång tid tar det?');
    await submit();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).not.toHaveProperty('threadToken');
  });

  it("says 'Kunde inte skicka meddelande' with the server's message and keeps what was typed", async () => {
    mockApi({
      'POST /api/contact': () =>
        json(
          {
            error: { code: 'too_many_messages', message: 'Du har skickat för många meddelanden. Försök igen senare.' },
          },
          429,
        ),
    });
    renderWithProviders(<ContactForm />);
    await fillIn();
    await submit();

    await waitFor(() =>
      expect(toast).toHaveBeenCalledExactlyOnceWith({
        title: 'Kunde inte skicka meddelande',
        description: 'Du har skickat för många meddelanden. Försök igen senare.',
        variant: 'destructive',
      }),
    );
    expect(LABELS.map(value)).toEqual([
      ' Anna Andersson ',
      'anna@example.se',
      'Fråga om certifiering',
      'Hur lång tid tar det?',
    ]);
    expect(screen.getByRole('button', { name: 'Skicka meddelande' })).toHaveProperty('disabled', false);
  });

  it("shows the server's refusal of a field under that field", async () => {
    mockApi({
      'POST /api/contact': () =>
        json(
          {
            error: {
              code: 'invalid_request',
              message: 'Kontrollera uppgifterna.',
              issues: [{ path: ['email'], message: 'Ange en giltig e-postadress, till exempel namn@exempel.se.' }],
            },
          },
          400,
        ),
    });
    renderWithProviders(<ContactForm />);
    await fillIn();
    await submit();

    await waitFor(() => expect(screen.getByLabelText('E-post').getAttribute('aria-invalid')).toBe('true'));
    expect(description(screen.getByLabelText('E-post'))).toBe(
      'Ange en giltig e-postadress, till exempel namn@exempel.se.',
    );
    expect(screen.getByLabelText('Namn').getAttribute('aria-invalid')).toBe('false');
    expect(toast).toHaveBeenCalledWith({
      title: 'Kunde inte skicka meddelande',
      description: 'Kontrollera uppgifterna.',
      variant: 'destructive',
    });
    expect(value('Meddelande')).toBe('Hur lång tid tar det?');
  });
});
