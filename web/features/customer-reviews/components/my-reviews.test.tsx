import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditReviewForm } from '../../../../contracts/reviews.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { renderAsCustomer } from '../../../testing/customer-test-utils.tsx';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { CLINIC, customerInvitation, customerReview } from '../testing/review-fixtures.ts';
import { MyInvitations } from './my-invitations.tsx';
import { MyReviews } from './my-reviews.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const TEXT = 'Lugn och noggrann behandling, bra information efteråt.';
const page = <T,>(items: T[], nextCursor: string | null = null) => json({ items, nextCursor });
const section = (name: string) => screen.getByRole('region', { name });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['customerReviews', 'validation', 'common']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MyReviews ("Mina omdömen" on the overview)', () => {
  it('lists each review with its stars, text, clinic, verified visit, the reply and the hidden reason', async () => {
    mockApi({
      'GET /api/me/reviews': () =>
        page([
          customerReview({
            id: '66666666-6666-4666-8666-000000000001',
            text: '<b>Bäst</b> i <script>alert(1)</script> stan',
            reply: { text: 'Tack för besöket!', createdAt: '2026-11-03T10:00:00Z', updatedAt: '2026-11-03T10:00:00Z' },
          }),
          customerReview({
            id: '66666666-6666-4666-8666-000000000002',
            rating: 1,
            visitDate: '2026-06-15',
            editableUntil: null,
            editedAt: '2026-06-20T10:00:00Z',
            hidden: { reason: 'guidelines', hiddenAt: '2026-07-01T10:00:00Z' },
          }),
        ]),
    });
    renderAsCustomer(<MyReviews />);
    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('link', { name: CLINIC.name }).getAttribute('href')).toBe(
      '/kliniker/hudkliniken-ljus',
    );
    expect(within(first).getByRole('img', { name: '4 av 5 stjärnor' })).toBeTruthy();
    expect(within(first).getByText('Verifierat besök, oktober 2026')).toBeTruthy();
    // HTML in a review is text.
    expect(within(first).getByText('<b>Bäst</b> i <script>alert(1)</script> stan')).toBeTruthy();
    expect(first.querySelector('b, script')).toBeNull();
    expect(within(first).getByRole('heading', { name: 'Svar från Hudkliniken Ljus' })).toBeTruthy();
    expect(within(first).getByText('Tack för besöket!')).toBeTruthy();
    expect(within(first).getByText(/kan ändras till/)).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Ändra' })).toBeTruthy();

    expect(within(second).getByRole('img', { name: '1 av 5 stjärnor' })).toBeTruthy();
    expect(within(second).getByText('Verifierat besök, juni 2026')).toBeTruthy();
    expect(within(second).getByText(/Dolt av en administratör 2026-07-01: Bryter mot riktlinjerna\./)).toBeTruthy();
    expect(within(second).getByText(/ändrat/)).toBeTruthy();
    // Past its 30 days: no way to change it.
    expect(within(second).queryByRole('button', { name: 'Ändra' })).toBeNull();
  });

  it('says in words when there are none', async () => {
    mockApi({ 'GET /api/me/reviews': () => page([]) });
    renderAsCustomer(<MyReviews />);
    expect((await screen.findByText('Du har inte skrivit några omdömen än.')).getAttribute('role')).toBe('status');
  });

  it('pages on the server with "Visa fler"', async () => {
    const api = mockApi({
      'GET /api/me/reviews': ({ url }) =>
        url.searchParams.get('cursor') === 'nästa'
          ? page([customerReview({ id: '66666666-6666-4666-8666-000000000002', rating: 2 })])
          : page([customerReview({ id: '66666666-6666-4666-8666-000000000001' })], 'nästa'),
    });
    renderAsCustomer(<MyReviews />);
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Visa fler' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Visa fler' })).toBeNull();
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('changes a review in its place with the same form', async () => {
    const sent: EditReviewForm[] = [];
    mockApi({
      'GET /api/me/reviews': () => page([customerReview({ text: TEXT })]),
      'PATCH /api/me/reviews/66666666-6666-4666-8666-666666666666': ({ body }) => {
        sent.push(body as EditReviewForm);
        return json(customerReview({ ...(body as EditReviewForm), editedAt: '2026-11-10T10:00:00Z' }));
      },
    });
    renderAsCustomer(<MyReviews />);
    const edit = await screen.findByRole('button', { name: 'Ändra' });
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '4 stjärnor' }).checked).toBe(true);
    const text = screen.getByLabelText<HTMLTextAreaElement>('Ditt omdöme');
    expect(text.value).toBe(TEXT);

    await userEvent.click(screen.getByRole('radio', { name: '2 stjärnor' }));
    await userEvent.clear(text);
    await userEvent.type(text, 'Sämre än jag först tyckte, tyvärr.');
    await userEvent.click(screen.getByRole('button', { name: 'Spara ändringen' }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Omdömet är ändrat', variant: 'success' }));
    expect(sent).toEqual([{ rating: 2, text: 'Sämre än jag först tyckte, tyvärr.' }]);
    expect(screen.queryByLabelText('Ditt omdöme')).toBeNull();
    expect(screen.getByText('Sämre än jag först tyckte, tyvärr.')).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 av 5 stjärnor' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ändra' }));
  });

  it('says why when the change is refused (the 30 days have passed)', async () => {
    mockApi({
      'GET /api/me/reviews': () => page([customerReview({ text: TEXT })]),
      'PATCH /api/me/reviews/66666666-6666-4666-8666-666666666666': () =>
        json(
          {
            error: {
              code: 'review_edit_closed',
              message: 'Omdömet kan bara ändras inom 30 dagar från att det skrevs.',
            },
          },
          409,
        ),
    });
    renderAsCustomer(<MyReviews />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ändra' }));
    await userEvent.click(screen.getByRole('button', { name: 'Spara ändringen' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte ändra omdömet',
        description: 'Omdömet kan bara ändras inom 30 dagar från att det skrevs.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText('Ditt omdöme')).toBeTruthy();
  });
});

describe('MyInvitations ("Inbjudningar att skriva omdöme" on the overview)', () => {
  it('lists the open invitations and writes the review of one, which then leaves the list', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /api/me/review-invitations': () =>
        page([
          customerInvitation(),
          customerInvitation({
            id: '55555555-5555-4555-8555-000000000002',
            clinic: { ...CLINIC, name: 'Salong Glans', slug: 'salong-glans' },
            visitDate: '2026-11-01',
          }),
        ]),
      'GET /api/me/reviews': () => page([]),
      'POST /api/me/reviews': ({ body }) => {
        posted.push(body);
        return json(customerReview(), 201);
      },
    });
    renderAsCustomer(
      <>
        <MyInvitations />
        <MyReviews />
      </>,
    );
    expect(await screen.findByText('Du har inte skrivit några omdömen än.')).toBeTruthy();
    const list = section('Inbjudningar att skriva omdöme');
    const invitations = await within(list).findAllByRole('article');
    expect(invitations).toHaveLength(2);
    const [first] = invitations as [HTMLElement];
    expect(within(first).getByText('2026-10-02')).toBeTruthy();
    const write = within(first).getByRole('button', { name: 'Skriv omdöme' });
    await userEvent.click(write);
    expect(write.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(within(first).getByRole('radio', { name: '5 stjärnor' }));
    await userEvent.type(within(first).getByLabelText('Ditt omdöme'), TEXT);
    await userEvent.click(within(first).getByRole('button', { name: 'Skicka omdöme' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Tack för ditt omdöme!',
        description: 'Omdömet om Hudkliniken Ljus är publicerat.',
        variant: 'success',
      }),
    );
    expect(posted).toEqual([{ invitationId: customerInvitation().id, rating: 5, text: TEXT }]);
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    expect(within(list).getByText('Salong Glans')).toBeTruthy();
    // The review heads "Mina omdömen" at once.
    expect(within(section('Mina omdömen')).getByText(customerReview().text)).toBeTruthy();
  });

  it('says in words when there are none', async () => {
    mockApi({ 'GET /api/me/review-invitations': () => page([]) });
    renderAsCustomer(<MyInvitations />);
    expect((await screen.findByText(/^Du har inga öppna inbjudningar\./)).getAttribute('role')).toBe('status');
  });
});
