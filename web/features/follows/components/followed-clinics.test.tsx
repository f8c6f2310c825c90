import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowedPage } from '../../../../contracts/customer-area.ts';
import type { LeftRegister } from '../../../../contracts/left-register.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { clinicCard, renderAsCustomer } from '../../../testing/customer-test-utils.tsx';
import { json, mockApi } from '../../../testing/test-utils.tsx';
import { FollowedClinics } from './followed-clinics.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

/** A followed clinic's card: in the register, or out of it with why (issue 28 point 4). */
const followed = (fullName: string, id: string, leftRegister: LeftRegister | null = null) => ({
  ...clinicCard(fullName, id),
  isCertified: leftRegister === null,
  leftRegister,
});

const KLARA = followed('Klara Hudmottagning', '11111111-1111-4111-8111-111111111111');
const LINNEA = followed('Linnéa Skinclinic', '22222222-2222-4222-8222-222222222222');
const AKERBLADS = followed('Åkerblads Hudvård', '33333333-3333-4333-8333-333333333333');

/** The cards as the app layer draws them, each with the button and the status it is given. */
function renderFollowed() {
  renderAsCustomer(
    <FollowedClinics>
      {({ pages, followAction, cardStatus }) => (
        <ul aria-label="Följda">
          {pages.flat().map((clinic) => (
            <li key={clinic.id}>
              {clinic.fullName}
              {cardStatus(clinic)}
              {followAction(clinic)}
            </li>
          ))}
        </ul>
      )}
    </FollowedClinics>,
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

describe('FollowedClinics', () => {
  it('shows the followed clinics page after page, and no follow state is asked for', async () => {
    const first: FollowedPage = { items: [KLARA, LINNEA], nextCursor: 'c1', total: 3 };
    const second: FollowedPage = { items: [AKERBLADS], nextCursor: null, total: 3 };
    const api = mockApi({
      'GET /api/me/follows': ({ url }) => json(url.searchParams.get('cursor') === 'c1' ? second : first),
    });
    renderFollowed();

    const list = await screen.findByRole('list', { name: 'Följda' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Visa fler kliniker' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Visa fler kliniker' })).toBeNull();
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('takes a card away once it is unfollowed', async () => {
    mockApi({
      'GET /api/me/follows': () => json({ items: [KLARA, LINNEA], nextCursor: null, total: 2 }),
      [`DELETE /api/me/follows/${KLARA.id}`]: () => new Response(null, { status: 204 }),
    });
    renderFollowed();
    await userEvent.click(await screen.findByRole('button', { name: 'Sluta följa Klara Hudmottagning' }));

    const list = screen.getByRole('list', { name: 'Följda' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.firstChild?.textContent),
      ).toEqual(['Linnéa Skinclinic']),
    );
    expect(toast).toHaveBeenCalledWith({ title: 'Du följer inte längre Klara Hudmottagning' });
  });

  it('keeps a clinic that left the register, saying why and since when, with the way to stop following it', async () => {
    const withdrawn = followed('Gävle Hud & Hälsa', '44444444-4444-4444-8444-444444444444', {
      status: 'withdrawn',
      day: '2026-12-03',
      certificateNumber: 'CK-2026-000044',
    });
    const suspended = followed('Zenit Hudterapi', '55555555-5555-4555-8555-555555555555', {
      status: 'suspended',
      day: '2026-11-20',
      certificateNumber: 'CK-2026-000055',
    });
    const expired = followed('Vintervikens Klinik', '66666666-6666-4666-8666-666666666666', {
      status: 'expired',
      day: '2025-12-31',
      certificateNumber: 'CK-2025-000066',
    });
    mockApi({
      'GET /api/me/follows': () =>
        json({ items: [KLARA, withdrawn, suspended, expired], nextCursor: null, total: 4 } satisfies FollowedPage),
    });
    renderFollowed();

    const items = within(await screen.findByRole('list', { name: 'Följda' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Klara HudmottagningSluta följa Klara Hudmottagning',
      'Gävle Hud & HälsaÅterkallatCertifikatet återkallades den 2026-12-03.Sluta följa Gävle Hud & Hälsa',
      'Zenit HudterapiTillfälligt indragetCertifikatet är tillfälligt indraget sedan 2026-11-20.Sluta följa Zenit Hudterapi',
      'Vintervikens KlinikUtgångetCertifikatet gällde till och med 2025-12-31 och har gått ut.Sluta följa Vintervikens Klinik',
    ]);
  });

  it('leads to the register when nothing is followed', async () => {
    mockApi({ 'GET /api/me/follows': () => json({ items: [], nextCursor: null, total: 0 }) });
    renderFollowed();

    expect(await screen.findByRole('heading', { name: 'Du följer inga kliniker än' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hitta kliniker' }).getAttribute('href')).toBe('/kliniker');
  });
});
