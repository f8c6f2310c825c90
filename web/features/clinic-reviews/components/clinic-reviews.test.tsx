import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ClinicInvitation,
  ClinicInvitationPage,
  ClinicReview,
  ClinicReviewPage,
} from '../../../../contracts/reviews.ts';
import { i18n } from '../../../lib/i18n.ts';
import { SignedInUserProvider } from '../../../lib/signed-in-user.tsx';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, type ApiHandler, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ClinicReviews } from './clinic-reviews.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const CLINIC_ID = '6c4b3a1e-2f55-4d1e-9c0e-2d6f1f0a9b11';
/** Noon in Sweden on 26 November 2026. */
const NOW = new Date('2026-11-26T11:00:00Z');

const invitation = (id: string, email: string, status: ClinicInvitation['status']): ClinicInvitation => ({
  id,
  email,
  visitDate: '2026-11-20',
  createdAt: '2026-11-21T09:00:00Z',
  expiresAt: '2026-12-21T09:00:00Z',
  status,
});
const open = invitation('11111111-1111-4111-8111-111111111111', 'anna@exempel.se', 'open');
const used = invitation('22222222-2222-4222-8222-222222222222', 'bo@exempel.se', 'used');
const expired = invitation('33333333-3333-4333-8333-333333333333', 'cissi@exempel.se', 'expired');

const review = (overrides: Partial<ClinicReview>): ClinicReview => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  authorName: 'Anna K.',
  rating: 4,
  text: 'Trevligt bemötande och en noggrann genomgång före behandlingen.',
  visitDate: '2026-11-02',
  createdAt: '2026-11-10T09:00:00Z',
  editedAt: null,
  reply: null,
  hidden: null,
  ...overrides,
});
const byAnna = review({});
const byFormerCustomer = review({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  authorName: null,
  rating: 5,
  text: '<b>Fantastiskt</b> <script>alert(1)</script> resultat, rekommenderas.',
  reply: { text: 'Tack för ditt besök!', createdAt: '2026-11-11T09:00:00Z', updatedAt: '2026-11-11T09:00:00Z' },
});
const hidden = review({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  authorName: 'Bo E.',
  rating: 1,
  hidden: { reason: 'offensive', hiddenAt: '2026-11-12T09:00:00Z' },
});

const refusal = (status: number, code: string, message: string, field?: string) =>
  json({ error: { code, message, ...(field ? { issues: [{ path: [field], message }] } : {}) } }, status);

/** The server's side of the page; `invite` answers a POST instead of accepting it. */
function serve({
  invitations = [open, used, expired],
  canInvite = true,
  remainingToday = 3,
  reviews = [byAnna, byFormerCustomer, hidden],
  invite,
}: {
  invitations?: ClinicInvitation[];
  canInvite?: boolean;
  remainingToday?: number;
  reviews?: ClinicReview[];
  invite?: ApiHandler;
} = {}) {
  let current = reviews;
  const routes: Record<string, ApiHandler> = {
    'GET /api/clinic/review-invitations': ({ url }) => {
      // Two to a page: the second page starts after the cursor "2".
      const start = url.searchParams.get('cursor') === '2' ? 2 : 0;
      const page: ClinicInvitationPage = {
        items: invitations.slice(start, start + 2),
        nextCursor: start + 2 < invitations.length ? '2' : null,
        remainingToday,
        canInvite,
      };
      return json(page);
    },
    'POST /api/clinic/review-invitations': (request) => {
      if (invite) return invite(request);
      const body = request.body as { email: string; visitDate: string };
      const created = { ...invitation('44444444-4444-4444-8444-444444444444', body.email, 'open'), ...body };
      invitations = [created, ...invitations];
      remainingToday -= 1;
      return json(created, 201);
    },
    'GET /api/clinic/reviews': () => json({ items: current, nextCursor: null } satisfies ClinicReviewPage),
  };
  for (const item of reviews)
    routes[`PUT /api/clinic/reviews/${item.id}/reply`] = ({ body }) => {
      const text = (body as { text: string }).text;
      const changed: ClinicReview = {
        ...item,
        reply: { text, createdAt: item.reply?.createdAt ?? NOW.toISOString(), updatedAt: NOW.toISOString() },
      };
      current = current.map((each) => (each.id === item.id ? changed : each));
      return json(changed);
    };
  const fetchSpy = mockApi(routes);
  return {
    sent: (key: string) =>
      fetchSpy.mock.calls
        .filter(
          ([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url), 'http://localhost').pathname}` === key,
        )
        .map(([url, init]) => ({
          url: new URL(String(url), 'http://localhost'),
          body: JSON.parse(String(init?.body ?? 'null')) as unknown,
        })),
  };
}

const renderPage = () =>
  renderWithProviders(
    <SignedInUserProvider userId={CLINIC_ID} getAccessToken={async () => ACCESS_TOKEN}>
      <ClinicReviews />
    </SignedInUserProvider>,
  );

const inviteForm = () => screen.getByRole('region', { name: 'Bjud in till omdöme' });
const reviewBy = (author: string) => screen.getByRole('article', { name: author });

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicReviews', 'validation', 'common']);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the clinic’s reviews page', () => {
  it('shows skeletons while loading, then the form, the invitations with their status and the reviews as text', async () => {
    const { sent } = serve();
    renderPage();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Laddar...');

    expect(await screen.findByText('Du kan skicka 3 inbjudningar till i dag.')).toBeTruthy();
    expect((within(inviteForm()).getByLabelText('Besöksdatum') as HTMLInputElement).max).toBe('2026-11-26');
    const invitations = screen.getByRole('list', { name: 'Skickade inbjudningar' });
    expect(
      within(invitations)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'anna@exempel.seBesök 2026-11-20 · skickad 2026-11-21 · gäller till 2026-12-21Öppen',
      'bo@exempel.seBesök 2026-11-20 · skickad 2026-11-21Använd',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Visa fler' }));
    expect(await within(invitations).findByText('cissi@exempel.se')).toBeTruthy();
    expect(within(invitations).getByText('Utgången')).toBeTruthy();
    expect(sent('GET /api/clinic/review-invitations').map(({ url }) => url.searchParams.get('cursor'))).toContain('2');
    expect(screen.queryByRole('button', { name: 'Visa fler' })).toBeNull();

    const anna = reviewBy('Anna K.');
    expect(within(anna).getByRole('img', { name: '4 av 5 stjärnor' })).toBeTruthy();
    expect(within(anna).getByText('Verifierat besök, november 2026')).toBeTruthy();
    const former = reviewBy('Tidigare kund');
    // HTML in a review is its text, not markup.
    expect(
      within(former).getByText('<b>Fantastiskt</b> <script>alert(1)</script> resultat, rekommenderas.'),
    ).toBeTruthy();
    expect(former.querySelector('script')).toBeNull();
    expect(within(former).getByText('Tack för ditt besök!')).toBeTruthy();
    expect(within(reviewBy('Bo E.')).getByText('Dolt: Kränkande innehåll')).toBeTruthy();
  });

  it('checks the invitation before sending it, sends it, says so and empties the address', async () => {
    const { sent } = serve();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Bjud in till omdöme' });
    await within(form).findByText('Du kan skicka 3 inbjudningar till i dag.');
    const send = within(form).getByRole('button', { name: 'Skicka inbjudan' });
    const email = within(form).getByLabelText('Kundens e-postadress');
    const visitDate = within(form).getByLabelText('Besöksdatum');
    expect((visitDate as HTMLInputElement).value).toBe('2026-11-26');

    await userEvent.click(send);
    expect(await within(form).findByText('Ange din e-postadress.')).toBeTruthy();
    await userEvent.type(email, 'inte-en-adress');
    await userEvent.click(send);
    expect(await within(form).findByText('Ange en giltig e-postadress.')).toBeTruthy();
    await userEvent.clear(email);
    await userEvent.type(email, 'Dora@Exempel.se');
    await userEvent.clear(visitDate);
    await userEvent.type(visitDate, '2026-11-27');
    await userEvent.click(send);
    expect(await within(form).findByText('Besöket kan inte ligga i framtiden.')).toBeTruthy();
    await userEvent.clear(visitDate);
    await userEvent.type(visitDate, '2026-05-29');
    await userEvent.click(send);
    expect(await within(form).findByText('Besöket får vara högst 180 dagar sedan.')).toBeTruthy();
    expect(sent('POST /api/clinic/review-invitations')).toEqual([]);

    await userEvent.clear(visitDate);
    await userEvent.type(visitDate, '2026-11-24');
    await userEvent.click(send);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Inbjudan skickad',
        description: 'Ett e-postmeddelande med länken har skickats till Dora@Exempel.se.',
        variant: 'success',
      }),
    );
    expect(sent('POST /api/clinic/review-invitations').map(({ body }) => body)).toEqual([
      { email: 'Dora@Exempel.se', visitDate: '2026-11-24' },
    ]);
    expect((email as HTMLInputElement).value).toBe('');
    expect(await within(form).findByText('Du kan skicka 2 inbjudningar till i dag.')).toBeTruthy();
  });

  it("shows the server's refusals: on the address, or above the button for the day's limit", async () => {
    let answer = refusal(
      422,
      'address_not_allowed',
      'Kliniken kan inte bjuda in sin egen adress eller en administratörs.',
      'email',
    );
    serve({ invite: () => answer });
    renderPage();
    const form = await screen.findByRole('region', { name: 'Bjud in till omdöme' });
    await userEvent.type(await within(form).findByLabelText('Kundens e-postadress'), 'klinik@exempel.se');
    await userEvent.click(within(form).getByRole('button', { name: 'Skicka inbjudan' }));
    const field = within(form).getByLabelText('Kundens e-postadress');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Kliniken kan inte bjuda in sin egen adress eller en administratörs.')).toBeTruthy();

    answer = refusal(429, 'invitation_daily_limit', 'Kliniken har skickat dagens största antal inbjudningar.');
    await userEvent.click(within(form).getByRole('button', { name: 'Skicka inbjudan' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Kliniken har skickat dagens största antal inbjudningar.',
    );
    expect(toast).not.toHaveBeenCalled();
  });

  it('says why a clinic without a certificate in force cannot invite, instead of the form', async () => {
    serve({ canInvite: false, invitations: [], reviews: [] });
    renderPage();
    expect(await screen.findByText('Omdömen kan samlas in när kliniken har ett giltigt certifikat.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gå till Certifiering' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skicka inbjudan' })).toBeNull();
    expect(screen.getByText('Ni har inte skickat några inbjudningar än.')).toBeTruthy();
    expect(await screen.findByText('Inga omdömen än. De visas här när en inbjuden kund har skrivit ett.')).toBeTruthy();
  });

  it('stops the form when the day’s invitations are used up', async () => {
    serve({ remainingToday: 0 });
    renderPage();
    expect(await screen.findByText('Dagens inbjudningar är slut. Du kan bjuda in fler i morgon.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Skicka inbjudan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('writes a reply, checking it is not empty, and changes an existing one', async () => {
    const { sent } = serve();
    renderPage();
    const anna = await screen.findByRole('article', { name: 'Anna K.' });
    await userEvent.click(within(anna).getByRole('button', { name: 'Svara' }));
    await userEvent.click(within(anna).getByRole('button', { name: 'Publicera svar' }));
    expect(await within(anna).findByText('Skriv ett svar.')).toBeTruthy();
    await userEvent.type(within(anna).getByLabelText('Ert svar'), 'Tack Anna, välkommen åter!');
    await userEvent.click(within(anna).getByRole('button', { name: 'Publicera svar' }));
    expect(await within(anna).findByText('Tack Anna, välkommen åter!')).toBeTruthy();
    expect(within(anna).getByRole('button', { name: 'Ändra svar' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'Svaret är publicerat', variant: 'success' });

    const former = reviewBy('Tidigare kund');
    await userEvent.click(within(former).getByRole('button', { name: 'Ändra svar' }));
    const text = within(former).getByLabelText('Ert svar');
    expect((text as HTMLTextAreaElement).value).toBe('Tack för ditt besök!');
    await userEvent.clear(text);
    await userEvent.type(text, 'Tack, <b>varmt</b> välkommen tillbaka!');
    await userEvent.click(within(former).getByRole('button', { name: 'Spara svar' }));
    expect(await within(former).findByText('Tack, <b>varmt</b> välkommen tillbaka!')).toBeTruthy();
    expect(within(former).getByText('ändrat 2026-11-26')).toBeTruthy();
    expect(sent(`PUT /api/clinic/reviews/${byAnna.id}/reply`).map(({ body }) => body)).toEqual([
      { text: 'Tack Anna, välkommen åter!' },
    ]);
    expect(sent(`PUT /api/clinic/reviews/${byFormerCustomer.id}/reply`).map(({ body }) => body)).toEqual([
      { text: 'Tack, <b>varmt</b> välkommen tillbaka!' },
    ]);
  });
});
