import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteReviewForm } from '../../../../contracts/reviews.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { renderAsCustomer } from '../../../testing/customer-test-utils.tsx';
import { ACCESS_TOKEN, json, mockApi } from '../../../testing/test-utils.tsx';
import { customerInvitation, customerReview, invitationByToken } from '../testing/review-fixtures.ts';
import { type InvitationViewer, ReviewInvitation } from './review-invitation.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const TOKEN = 'Zk1x-token';
const CUSTOMER: InvitationViewer = { status: 'signed-in', role: 'customer', email: 'Anna@Example.se' };
const onSignOut = vi.fn();

/** Where the sign-in and registration links lead, with the location state they carry. */
function Landed() {
  const location = useLocation();
  return <pre data-testid="landed">{JSON.stringify({ path: location.pathname, state: location.state })}</pre>;
}

function renderPage(viewer: InvitationViewer) {
  return renderAsCustomer(
    <Routes>
      <Route path="/omdome/:token" element={<ReviewInvitation token={TOKEN} viewer={viewer} onSignOut={onSignOut} />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route: `/omdome/${TOKEN}` },
  );
}

const byToken = `GET /api/review-invitations/${TOKEN}`;

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['customerReviews', 'validation']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  onSignOut.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReviewInvitation (the page of an emailed review link)', () => {
  it('shows progress while the invitation loads, then the clinic and the visit', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ [byToken]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage({ status: 'anonymous' });
    expect(screen.getByRole('status').textContent).toBe('Hämtar inbjudan...');
    answer(json(invitationByToken()));
    const summary = (await screen.findByRole('heading', { name: 'Inbjudan från Hudkliniken Ljus' })).closest('div')
      ?.parentElement as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Hudkliniken Ljus' }).getAttribute('href')).toBe(
      '/kliniker/hudkliniken-ljus',
    );
    expect(within(summary).getByText('2026-10-02')).toBeTruthy();
    expect(within(summary).getByText('2026-11-30')).toBeTruthy();
  });

  it('says an unknown link does not work, and leads to the register', async () => {
    mockApi({
      [byToken]: () => json({ error: { code: 'invitation_invalid', message: 'Länken till omdömet är ogiltig.' } }, 404),
    });
    renderPage(CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Länken fungerar inte' })).toBeTruthy();
    expect(screen.getByText(/be kliniken skicka en ny inbjudan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till registret' }).getAttribute('href')).toBe('/kliniker');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says a used link was used, and an expired one expired with whom to ask, without a form', async () => {
    const api = mockApi({ [byToken]: () => json(invitationByToken({ status: 'used' })) });
    const { unmount } = renderPage(CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Inbjudan är redan använd' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till Hudkliniken Ljus' }).getAttribute('href')).toBe(
      '/kliniker/hudkliniken-ljus',
    );
    expect(screen.getByRole('link', { name: 'Mina omdömen' }).getAttribute('href')).toBe('/dashboard');
    unmount();

    api.mockImplementation(async () => json(invitationByToken({ status: 'expired' })));
    renderPage(CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Inbjudan har gått ut' })).toBeTruthy();
    expect(
      screen.getByText(
        'Inbjudan gällde till 2026-11-30. Vill du skriva ett omdöme, be Hudkliniken Ljus om en ny inbjudan.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    // Nothing was claimed: only the link was read.
    expect(api.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('tells a signed-out visitor whom the invitation is for, and signs in or registers with that address back to this page', async () => {
    mockApi({ [byToken]: () => json(invitationByToken()) });
    renderPage({ status: 'anonymous' });
    expect(await screen.findByText('anna@example.se')).toBeTruthy();
    expect(screen.getByText(/Inbjudan gäller e-postadressen/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skapa kundkonto' }).getAttribute('href')).toBe('/register');
    await userEvent.click(screen.getByRole('link', { name: 'Logga in' }));
    expect(JSON.parse(screen.getByTestId('landed').textContent ?? '')).toEqual({
      path: '/login',
      state: { from: `/omdome/${TOKEN}`, email: 'anna@example.se' },
    });
  });

  it('tells a clinic, an admin and a customer with another address that this account cannot write it', async () => {
    mockApi({ [byToken]: () => json(invitationByToken()) });
    const { unmount } = renderPage({ status: 'signed-in', role: 'clinic', email: 'klinik@example.se' });
    expect(await screen.findByText(/Du är inloggad som klinik\. Omdömen skrivs av kunder/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Logga ut' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    unmount();

    const admin = renderPage({ status: 'signed-in', role: 'admin', email: 'chef@example.se' });
    expect(await screen.findByText(/Du är inloggad som administratör/)).toBeTruthy();
    admin.unmount();

    renderPage({ status: 'signed-in', role: 'customer', email: 'bo@example.se' });
    expect(
      await screen.findByText(
        'Du är inloggad som bo@example.se, men inbjudan gäller anna@example.se. Logga ut och logga in med den adressen, eller skapa ett kundkonto med den.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('lets the invited customer claim it and write the review, then thanks and links the clinic', async () => {
    const posted: WriteReviewForm[] = [];
    const html = '<b>Bäst</b> i stan, <script>alert(1)</script> rekommenderas!';
    const api = mockApi({
      [byToken]: () => json(invitationByToken()),
      'POST /api/me/review-invitations/claim': ({ body, headers }) => {
        expect(body).toEqual({ token: TOKEN });
        expect(headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
        return json(customerInvitation());
      },
      'POST /api/me/reviews': ({ body }) => {
        posted.push(body as WriteReviewForm);
        return json(customerReview({ rating: 5, text: html }), 201);
      },
    });
    renderPage(CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Ditt omdöme' })).toBeTruthy();
    expect(api.mock.calls.filter(([input]) => String(input).includes('/claim'))).toHaveLength(1);

    await userEvent.click(screen.getByRole('radio', { name: '5 stjärnor' }));
    await userEvent.type(screen.getByLabelText('Ditt omdöme'), html);
    await userEvent.click(screen.getByRole('button', { name: 'Skicka omdöme' }));

    const thanks = await screen.findByRole('heading', { name: 'Tack för ditt omdöme!' });
    expect(document.activeElement).toBe(thanks);
    expect(posted).toEqual([{ invitationId: customerInvitation().id, rating: 5, text: html }]);
    expect(screen.getByRole('link', { name: 'Till Hudkliniken Ljus' }).getAttribute('href')).toBe(
      '/kliniker/hudkliniken-ljus',
    );
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it("shows the server's reason when the claim is refused, and when sending fails", async () => {
    mockApi({
      [byToken]: () => json(invitationByToken()),
      'POST /api/me/review-invitations/claim': () =>
        json(
          { error: { code: 'invitation_used', message: 'Den här inbjudan har redan använts för ett omdöme.' } },
          410,
        ),
    });
    renderPage(CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Inbjudan kunde inte öppnas' })).toBeTruthy();
    expect(screen.getByText('Den här inbjudan har redan använts för ett omdöme.')).toBeTruthy();
  });

  it('says so in a toast when the review cannot be sent, and keeps what was written', async () => {
    mockApi({
      [byToken]: () => json(invitationByToken()),
      'POST /api/me/review-invitations/claim': () => json(customerInvitation()),
      'POST /api/me/reviews': () =>
        json({ error: { code: 'invitation_expired', message: 'Inbjudan har gått ut. Be kliniken om en ny.' } }, 410),
    });
    renderPage(CUSTOMER);
    await userEvent.click(await screen.findByRole('radio', { name: '3 stjärnor' }));
    await userEvent.type(screen.getByLabelText('Ditt omdöme'), 'Helt okej besök, inget att anmärka på.');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka omdöme' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte skicka omdömet',
        description: 'Inbjudan har gått ut. Be kliniken om en ny.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Ditt omdöme').value).toBe(
      'Helt okej besök, inget att anmärka på.',
    );
  });
});
