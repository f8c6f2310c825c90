import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicReview, PublicReviewPage } from '../../../../contracts/reviews.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ClinicReviews } from './clinic-reviews.tsx';
import type { Reporter } from './report-review-dialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const CLINIC_ID = '11111111-1111-4111-8111-111111111111';
const REVIEWS_URL = `GET /api/clinics/${CLINIC_ID}/reviews`;
const ANNA_ID = '22222222-2222-4222-8222-222222222222';

function published(overrides: Partial<Extract<PublicReview, { status: 'published' }>> = {}): PublicReview {
  return {
    status: 'published',
    id: ANNA_ID,
    authorName: 'Anna K.',
    rating: 4,
    text: 'Lugnt och noggrant.\nJag kommer tillbaka.',
    visitDate: '2026-11-03',
    createdAt: '2026-11-20T09:00:00.000Z',
    editedAt: null,
    reply: null,
    ...overrides,
  };
}

const page = (items: PublicReview[], overrides: Partial<PublicReviewPage> = {}): PublicReviewPage => ({
  items,
  nextCursor: null,
  rating: { average: 4.6, count: 12 },
  reviewCount: 12,
  ...overrides,
});

function renderReviews(reporter: Reporter = { signedIn: true }) {
  return renderWithProviders(
    <ClinicReviews clinicId={CLINIC_ID} clinicName="Klara Hudmottagning" reporter={reporter} />,
    {
      route: '/kliniker/klara-hudmottagning',
    },
  );
}

const reviewArticles = () =>
  within(screen.getByRole('list', { name: 'Omdömen om Klara Hudmottagning' })).getAllByRole('article');

beforeAll(async () => {
  await i18n.loadNamespaces(['reviews', 'validation']);
});

beforeEach(async () => {
  await i18n.changeLanguage('sv');
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ClinicReviews', () => {
  it('shows each review with its stars in words, the verified visit and its month, the author, the text as written and the reply', async () => {
    mockApi({
      [REVIEWS_URL]: () =>
        json(
          page([
            published({
              text: 'Bra bemötande.\n<b>Lite</b> väntetid.',
              editedAt: '2026-11-21T09:00:00.000Z',
              reply: {
                text: 'Tack Anna!\nVälkommen åter.',
                createdAt: '2026-11-22T09:00:00.000Z',
                updatedAt: '2026-11-22T09:00:00.000Z',
              },
            }),
            published({
              id: '33333333-3333-4333-8333-333333333333',
              authorName: null,
              rating: 2,
              visitDate: '2026-10-15',
            }),
          ]),
        ),
    });
    renderReviews();

    const [anna, former] = await waitFor(() => reviewArticles());
    const first = within(anna as HTMLElement);
    expect(first.getByRole('img', { name: '4 av 5 stjärnor' })).toBeTruthy();
    expect(first.getByRole('heading', { level: 3, name: 'Anna K.' })).toBeTruthy();
    expect(first.getByText('Verifierat besök, november 2026')).toBeTruthy();
    // Plain text with its line breaks kept: the markup a customer typed is text, never an element.
    const text = first.getByText(
      (_content, element) => element?.textContent === 'Bra bemötande.\n<b>Lite</b> väntetid.',
    );
    expect(text.tagName).toBe('P');
    expect(text.className).toContain('whitespace-pre-line');
    expect(anna?.querySelector('b')).toBeNull();
    expect(
      first.getByText((_content, element) => element?.tagName === 'P' && element.textContent === '2026-11-20 · ändrad'),
    ).toBeTruthy();
    const reply = first.getByRole('heading', { level: 4, name: 'Svar från Klara Hudmottagning' })
      .parentElement as HTMLElement;
    expect(
      within(reply).getByText((_content, element) => element?.textContent === 'Tack Anna!\nVälkommen åter.'),
    ).toBeTruthy();
    // A reply never changed is not marked as changed.
    expect(within(reply).getByText('2026-11-22')).toBeTruthy();

    const second = within(former as HTMLElement);
    expect(second.getByRole('heading', { level: 3, name: 'Tidigare kund' })).toBeTruthy();
    expect(second.getByRole('img', { name: '2 av 5 stjärnor' })).toBeTruthy();
    expect(second.getByText('Verifierat besök, oktober 2026')).toBeTruthy();
    expect(second.getByText('2026-11-20')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Anmäl omdömet från Tidigare kund' })).toBeTruthy();
  });

  it('shows a hidden review as the note that Certifierad Klinik hid it and why, with nothing to report', async () => {
    mockApi({
      [REVIEWS_URL]: () =>
        json(
          page([
            {
              status: 'hidden',
              id: ANNA_ID,
              visitDate: '2026-11-03',
              createdAt: '2026-11-20T09:00:00.000Z',
              hidden: { reason: 'personal_data', hiddenAt: '2026-11-21T09:00:00.000Z' },
            },
          ]),
        ),
    });
    renderReviews();
    const [hidden] = await waitFor(() => reviewArticles());
    expect(hidden?.textContent).toBe('Omdömet har dolts av Certifierad Klinik: Innehåller personuppgifter');
    expect(within(hidden as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('gives the rating with the link to how reviews are checked, and below three reviews their count and what a rating takes', async () => {
    mockApi({ [REVIEWS_URL]: () => json(page([published()])) });
    const { unmount } = renderReviews();
    const rating = await screen.findByRole('link', {
      name: 'Betyg 4,6 av 5 från 12 verifierade besök. Så granskar vi omdömen',
    });
    expect(rating.getAttribute('href')).toBe('/sa-granskar-vi-omdomen');
    expect(screen.getByRole('link', { name: 'Så granskar vi omdömen' }).getAttribute('href')).toBe(
      '/sa-granskar-vi-omdomen',
    );
    unmount();

    vi.restoreAllMocks();
    mockApi({
      [REVIEWS_URL]: () =>
        json(page([published(), published({ id: ANNA_ID.replace('2', '4') })], { rating: null, reviewCount: 2 })),
    });
    renderReviews();
    expect(
      await screen.findByRole('link', { name: '2 omdömen – betyg visas från 3 omdömen. Så granskar vi omdömen' }),
    ).toBeTruthy();
  });

  it('says so when the clinic has no reviews yet', async () => {
    mockApi({ [REVIEWS_URL]: () => json(page([], { rating: null, reviewCount: 0 })) });
    renderReviews();
    expect(await screen.findByText('Kliniken har inga omdömen än.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inga omdömen än. Så granskar vi omdömen' })).toBeTruthy();
  });

  it('shows a skeleton while the reviews load, and asks the server for the next page with "Visa fler omdömen"', async () => {
    let release: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockApi({
      [REVIEWS_URL]: async ({ url }) => {
        if (url.searchParams.get('cursor') === 'nästa')
          return json(page([published({ id: ANNA_ID.replace('2', '5'), authorName: 'Bo E.' })]));
        await firstAnswered;
        return json(page([published()], { nextCursor: 'nästa' }));
      },
    });
    renderReviews();
    expect(screen.getByRole('status').textContent).toBe('Laddar...');
    release();

    await userEvent.click(await screen.findByRole('button', { name: 'Visa fler omdömen' }));
    await screen.findByRole('heading', { name: 'Bo E.' });
    expect(reviewArticles()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Visa fler omdömen' })).toBeNull();
    expect(api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').search)).toEqual([
      '',
      '?cursor=n%C3%A4sta',
    ]);
  });

  it('writes the visit month, the stars and a former customer in English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ [REVIEWS_URL]: () => json(page([published({ authorName: null })])) });
    renderReviews();
    const [review] = await waitFor(() =>
      within(screen.getByRole('list', { name: 'Reviews of Klara Hudmottagning' })).getAllByRole('article'),
    );
    const inEnglish = within(review as HTMLElement);
    expect(inEnglish.getByText('Verified visit, November 2026')).toBeTruthy();
    expect(inEnglish.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(inEnglish.getByRole('heading', { name: 'Former customer' })).toBeTruthy();
  });
});

describe('reporting a review', () => {
  const openDialog = async (name = 'Anmäl omdömet från Anna K.') => {
    await userEvent.click(await screen.findByRole('button', { name }));
    return screen.findByRole('dialog', { name: 'Anmäl omdöme' });
  };

  it('sends the reason for the signed-in person, thanks them and gives focus back to the button', async () => {
    const api = mockApi({
      [REVIEWS_URL]: () => json(page([published()])),
      [`POST /api/reviews/${ANNA_ID}/reports`]: () => new Response(null, { status: 204 }),
    });
    renderReviews();
    const dialog = within(await openDialog());
    await userEvent.type(dialog.getByLabelText('Varför ska omdömet granskas?'), '  Texten namnger en anställd.  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Skicka anmälan' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Tack för din anmälan',
        description: 'En administratör granskar omdömet.',
        variant: 'success',
      }),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Texten namnger en anställd.' });
    expect(new Headers(post?.[1]?.headers).get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Anmäl omdömet från Anna K.' }));
  });

  it('refuses a reason too short before sending anything', async () => {
    const api = mockApi({ [REVIEWS_URL]: () => json(page([published()])) });
    renderReviews();
    const dialog = within(await openDialog());
    await userEvent.type(dialog.getByLabelText('Varför ska omdömet granskas?'), 'Fel.');
    await userEvent.click(dialog.getByRole('button', { name: 'Skicka anmälan' }));
    expect(await dialog.findByText('Beskriv med minst 10 tecken vad som är fel med omdömet.')).toBeTruthy();
    expect(dialog.getByLabelText('Varför ska omdömet granskas?').getAttribute('aria-invalid')).toBe('true');
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("tells the server's refusal in a toast and keeps the dialog open", async () => {
    mockApi({
      [REVIEWS_URL]: () => json(page([published()])),
      [`POST /api/reviews/${ANNA_ID}/reports`]: () =>
        json(
          {
            error: {
              code: 'review_already_reported',
              message: 'Du har redan anmält det här omdömet. Vi granskar det.',
            },
          },
          409,
        ),
    });
    renderReviews();
    const dialog = within(await openDialog());
    await userEvent.type(dialog.getByLabelText('Varför ska omdömet granskas?'), 'Texten namnger en anställd.');
    await userEvent.click(dialog.getByRole('button', { name: 'Skicka anmälan' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte skicka anmälan',
        description: 'Du har redan anmält det här omdömet. Vi granskar det.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Anmäl omdöme' })).toBeTruthy();
  });

  it('asks a visitor who is not signed in to sign in, and leads back to the page', async () => {
    const api = mockApi({ [REVIEWS_URL]: () => json(page([published()])) });
    renderReviews({ signedIn: false, signInState: { from: '/kliniker/klara-hudmottagning' } });
    const dialog = within(await openDialog());
    expect(dialog.getByText(/Logga in för att anmäla ett omdöme/)).toBeTruthy();
    expect(dialog.queryByRole('textbox')).toBeNull();
    expect(dialog.getByRole('link', { name: 'Logga in' }).getAttribute('href')).toBe('/login');
    await userEvent.click(dialog.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
