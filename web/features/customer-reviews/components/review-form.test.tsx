import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { EditReviewForm } from '../../../../contracts/reviews.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ReviewForm } from './review-form.tsx';

const TEXT = 'Lugn och noggrann behandling, bra information efteråt.';

function renderForm(onSubmit = vi.fn<(review: EditReviewForm) => Promise<unknown>>().mockResolvedValue(undefined)) {
  renderWithProviders(<ReviewForm visitDate="2026-10-02" submitLabel="Skicka omdöme" onSubmit={onSubmit} />);
  return onSubmit;
}

const text = () => screen.getByLabelText<HTMLTextAreaElement>('Ditt omdöme');
const star = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Skicka omdöme' }));
/** The counter below the text, as written in Swedish (2 000 with a no-break space). */
const counter = (typed: number) => `${typed} av 2 000 tecken (minst 20).`;

beforeAll(async () => {
  // user-event walks a radio group's arrow keys with CSS.escape, which jsdom lacks.
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['customerReviews', 'validation']);
});

describe('ReviewForm', () => {
  it('offers one to five stars as a radio group, chosen by click or with the arrow keys', async () => {
    renderForm();
    const group = screen.getByRole('group', { name: 'Betyg' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios).toEqual(
      ['1 stjärna', '2 stjärnor', '3 stjärnor', '4 stjärnor', '5 stjärnor'].map((name) =>
        within(group).getByRole('radio', { name }),
      ),
    );
    expect(radios.filter((radio) => radio.checked)).toEqual([]);

    await userEvent.click(star('3 stjärnor'));
    expect(star('3 stjärnor').checked).toBe(true);
    expect(document.activeElement).toBe(star('3 stjärnor'));
    await userEvent.keyboard('{ArrowRight}');
    expect(star('4 stjärnor').checked).toBe(true);
    expect(star('3 stjärnor').checked).toBe(false);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(star('2 stjärnor').checked).toBe(true);
  });

  it('counts the characters of the text as they are typed, emoji as one each', async () => {
    renderForm();
    expect(screen.getByText(counter(0))).toBeTruthy();
    await userEvent.type(text(), '  Bra besök ');
    expect(screen.getByText(counter(9))).toBeTruthy();
    fireEvent.change(text(), { target: { value: '😀'.repeat(12) } });
    expect(screen.getByText(counter(12))).toBeTruthy();
    // The counter describes the field, so a screen reader hears it with the field.
    const hintId = text().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId.split(' ')[0] ?? '')?.textContent?.replace(/\s/g, ' ')).toBe(counter(12));
  });

  it('says what is missing or too long in words, and sends nothing', async () => {
    const onSubmit = renderForm();
    await send();
    expect(await screen.findByText('Välj mellan 1 och 5 stjärnor.')).toBeTruthy();
    expect(screen.getByText('Skriv minst 20 tecken om besöket.')).toBeTruthy();
    expect(text().getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(star('5 stjärnor'));
    fireEvent.change(text(), { target: { value: '😀'.repeat(10) } });
    await send();
    expect(await screen.findByText('Skriv minst 20 tecken om besöket.')).toBeTruthy();
    expect(screen.queryByText('Välj mellan 1 och 5 stjärnor.')).toBeNull();

    fireEvent.change(text(), { target: { value: 'a'.repeat(2001) } });
    await send();
    expect(await screen.findByText('Omdömet får vara högst 2 000 tecken.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the stars and the trimmed text', async () => {
    const onSubmit = renderForm();
    await userEvent.click(star('4 stjärnor'));
    await userEvent.type(text(), `  ${TEXT}  `);
    await send();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ rating: 4, text: TEXT }));
  });

  it("puts the server's refusal of a field on that field", async () => {
    const onSubmit = renderForm(
      vi
        .fn<(review: EditReviewForm) => Promise<unknown>>()
        .mockRejectedValue(
          new ApiRequestError(400, 'invalid_request', 'text: För kort', [
            { path: ['text'], message: 'Texten är för kort.' },
          ]),
        ),
    );
    await userEvent.click(star('2 stjärnor'));
    await userEvent.type(text(), TEXT);
    await send();
    expect(await screen.findByText('Texten är för kort.')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows the visit date as the clinic gave it, how the review is shown, and links the guidelines', () => {
    renderForm();
    expect(screen.getByText('2026-10-02').closest('p')?.textContent).toBe('Besöksdatum: 2026-10-02 (enligt kliniken)');
    expect(screen.getByText(/märks "Verifierat besök, oktober 2026"/)).toBeTruthy();
    expect(screen.getByText(/förnamn och första bokstaven i efternamnet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Läs hur vi granskar omdömen/ }).getAttribute('href')).toBe(
      '/sa-granskar-vi-omdomen',
    );
  });
});
