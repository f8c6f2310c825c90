import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { clinicCard, renderAsCustomer } from '../../../testing/customer-test-utils.tsx';
import { ACCESS_TOKEN, json, mockApi } from '../../../testing/test-utils.tsx';
import { FollowButton } from './follow-button.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const KLARA = clinicCard('Klara Hudmottagning', '11111111-1111-4111-8111-111111111111');
const LINNEA = clinicCard('Linnéa Skinclinic', '22222222-2222-4222-8222-222222222222');
const SODERS = clinicCard('Söders Estetik', '33333333-3333-4333-8333-333333333333');
const PAGE = [KLARA, LINNEA, SODERS];
const PAGE_IDS = PAGE.map(({ id }) => id);

const noContent = () => new Response(null, { status: 204 });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

/** A page of cards as the register shows it: every button knows the ids of its page. */
function renderPage() {
  renderAsCustomer(
    <ul>
      {PAGE.map((clinic) => (
        <li key={clinic.id}>
          <FollowButton clinic={clinic} loadedWith={PAGE_IDS} />
        </li>
      ))}
    </ul>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['follows']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FollowButton', () => {
  it('asks which clinics of the page are followed in one request, not one per card', async () => {
    const api = mockApi({ 'GET /api/me/follows/status': () => json({ followed: [LINNEA.id] }) });
    renderPage();

    await screen.findByRole('button', { name: 'Sluta följa Linnéa Skinclinic' });
    expect(button('Följ Klara Hudmottagning').disabled).toBe(false);
    expect(button('Följ Söders Estetik').disabled).toBe(false);
    expect(api).toHaveBeenCalledOnce();
    const [url, init] = api.mock.calls[0] ?? [];
    expect(new URL(String(url), 'http://localhost').searchParams.get('clinicIds')).toBe(PAGE_IDS.join(','));
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('is disabled while following runs, keeping the focus, then offers to unfollow and says so with the name (green)', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi({
      'GET /api/me/follows/status': () => json({ followed: [] }),
      [`PUT /api/me/follows/${KLARA.id}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Följ Klara Hudmottagning' }));

    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    expect(button('Följ Klara Hudmottagning').getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button('Följ Klara Hudmottagning'));
    answer(noContent());
    await waitFor(() => expect(button('Sluta följa Klara Hudmottagning').getAttribute('aria-disabled')).toBeNull());
    expect(document.activeElement).toBe(button('Sluta följa Klara Hudmottagning'));
    expect(toast).toHaveBeenCalledWith({ title: 'Du följer nu Klara Hudmottagning', variant: 'success' });
    // The page's state is updated in place, not asked for again.
    expect(api.mock.calls.filter(([url]) => String(url).includes('/status'))).toHaveLength(1);
  });

  it('unfollows with a plain toast', async () => {
    mockApi({
      'GET /api/me/follows/status': () => json({ followed: [SODERS.id] }),
      [`DELETE /api/me/follows/${SODERS.id}`]: noContent,
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sluta följa Söders Estetik' }));

    await screen.findByRole('button', { name: 'Följ Söders Estetik' });
    expect(toast).toHaveBeenCalledWith({ title: 'Du följer inte längre Söders Estetik' });
  });

  it("says toasts.followError with the server's message when the request fails, and keeps the state", async () => {
    mockApi({
      'GET /api/me/follows/status': () => json({ followed: [] }),
      [`PUT /api/me/follows/${KLARA.id}`]: () =>
        json({ error: { code: 'not_found', message: 'Sidan eller resursen finns inte.' } }, 404),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Följ Klara Hudmottagning' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte uppdatera dina följda kliniker',
        description: 'Sidan eller resursen finns inte.',
        variant: 'destructive',
      }),
    );
    expect(button('Följ Klara Hudmottagning').disabled).toBe(false);
  });

  it('asks to sign in as a customer when the session is not a customer’s (SPEC section 5)', async () => {
    mockApi({
      'GET /api/me/follows/status': () => json({ followed: [] }),
      [`PUT /api/me/follows/${KLARA.id}`]: () =>
        json({ error: { code: 'forbidden', message: 'Du har inte behörighet till det här.' } }, 403),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Följ Klara Hudmottagning' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Vänligen logga in som kund för att följa en klinik.',
        variant: 'destructive',
      }),
    );
  });

  it('still offers to follow when the state could not be loaded (only logged, SPEC section 8)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/me/follows/status': () =>
        json({ error: { code: 'internal', message: 'Något gick fel hos oss.' } }, 500),
    });
    renderPage();

    await waitFor(() => expect(button('Följ Klara Hudmottagning').disabled).toBe(false));
    expect(toast).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalled();
  });
});
