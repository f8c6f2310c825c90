import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ContactForm } from './contact-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

/** The text the field points to with aria-describedby (its error message). */
function description(field: HTMLElement): string | null | undefined {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
}

function value(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['contact', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe('ContactForm', () => {
  it('shows a translated error under every empty field and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande' }));

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
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects an invalid email address', async () => {
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText('E-post'), 'anna@');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande' }));
    expect(description(screen.getByLabelText('E-post'))).toBe('Ange en giltig e-postadress, till exempel namn@exempel.se.');
    expect(screen.getByLabelText('Namn').getAttribute('aria-invalid')).toBe('true');
  });

  it('thanks the visitor with a success toast and empties the form', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Namn'), 'Anna Andersson');
    await userEvent.type(screen.getByLabelText('E-post'), 'anna@example.se');
    await userEvent.type(screen.getByLabelText('Ämne'), 'Fråga om certifiering');
    await userEvent.type(screen.getByLabelText('Meddelande'), 'Hur lång tid tar det?');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande' }));

    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Meddelande skickat!',
      description: 'Tack för att du hörde av dig. Vi återkommer så snart som möjligt.',
      variant: 'success',
    });
    expect(['Namn', 'E-post', 'Ämne', 'Meddelande'].map(value)).toEqual(['', '', '', '']);
    expect(screen.getByLabelText('Namn').getAttribute('aria-invalid')).toBe('false');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
