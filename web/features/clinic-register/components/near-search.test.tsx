import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClinicPage, Place } from '../../../../contracts/clinics.ts';
import type { PlaceList } from '../../../../contracts/places.ts';
import { i18n } from '../../../lib/i18n.ts';
import { clinicCard } from '../../../testing/customer-test-utils.tsx';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ClinicRegister } from './clinic-register.tsx';

// Issue 24 point 2 in the browser: a place with suggestions, the radius, "Nära mig", the distances.

const place = (name: string, county: string, label = name): Place => ({
  name,
  county,
  label,
  latitude: 59.86,
  longitude: 17.64,
});
const UPPSALA = place('Uppsala', 'Uppsala län');
const UPPLANDS_VASBY = place('Upplands Väsby', 'Stockholms län');

const FYRIS = { ...clinicCard('Fyris Hudvård', '11111111-1111-4111-8111-111111111111'), city: 'Uppsala' };
const KLARA = clinicCard('Klara Hudmottagning', '22222222-2222-4222-8222-222222222222');

/** Places beginning with "upp", Uppsala first; the register near Uppsala with distances, without both cards. */
function mockNear() {
  return mockApi({
    'GET /api/places': ({ url }) =>
      json({
        items: 'uppsala'.startsWith(url.searchParams.get('q')?.toLowerCase() ?? '-') ? [UPPSALA, UPPLANDS_VASBY] : [],
      } satisfies PlaceList),
    'GET /api/clinics': ({ url }) => {
      const near = url.searchParams.get('near');
      if (near === 'Atlantis')
        return json(
          {
            error: {
              code: 'place_unknown',
              message: 'Ingen ort hittades. Kontrollera stavningen eller välj en ort i listan.',
              issues: [],
            },
          },
          400,
        );
      const items =
        near !== null || url.searchParams.has('lat')
          ? [
              { ...FYRIS, distanceKm: 2.4 },
              { ...KLARA, distanceKm: 61.87 },
            ]
          : [KLARA, FYRIS];
      return json({ items, nextCursor: null } satisfies ClinicPage);
    },
  });
}

function Address() {
  return <output aria-label="address">{useLocation().search}</output>;
}

const renderRegister = (route: string) =>
  renderWithProviders(
    <>
      <ClinicRegister />
      <Address />
    </>,
    { route },
  );

const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const headings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

/** The browser's geolocation answering `answer` (jsdom has none). */
function stubGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn(answer);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeAll(async () => {
  await i18n.loadNamespaces(['clinics']);
});

afterEach(async () => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
  await i18n.changeLanguage('sv');
});

describe('ClinicRegister near a place', () => {
  it('suggests places as one types, chooses one from the keyboard, and lists nearest first with the distance', async () => {
    await i18n.changeLanguage('sv');
    mockNear();
    renderRegister('/kliniker');
    expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();

    const field = screen.getByRole('combobox', { name: 'Nära en ort' });
    expect(field.getAttribute('placeholder')).toBe('t.ex. Uppsala');
    await userEvent.type(field, 'upps');
    const suggestions = await screen.findByRole('listbox', { name: 'Orter' });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(suggestions.textContent).toContain('Uppsala');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const uppsala = screen.getByRole('option', { name: /^Uppsala/ });
    expect(uppsala.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(uppsala.id);
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(address()).toBe('?near=Uppsala&radius=25'));
    expect((field as HTMLInputElement).value).toBe('Uppsala');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(headings()).toEqual(['Fyris Hudvård', 'Klara Hudmottagning']));
    expect(screen.getByText('2,4 km')).toBeTruthy();
    expect(screen.getByText('61,9 km')).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Avstånd' }), '50');
    await waitFor(() => expect(address()).toBe('?near=Uppsala&radius=50'));
  });

  it('closes the suggestions on Escape without choosing', async () => {
    await i18n.changeLanguage('sv');
    mockNear();
    renderRegister('/kliniker');
    const field = screen.getByRole('combobox', { name: 'Nära en ort' });
    await userEvent.type(field, 'upp');
    await screen.findByRole('listbox', { name: 'Orter' });
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(address()).toBe('');
  });

  it('shows the server’s reason for a place it does not know, not an error page', async () => {
    await i18n.changeLanguage('sv');
    mockNear();
    renderRegister('/kliniker?near=Atlantis');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ingen ort hittades. Kontrollera stavningen eller välj en ort i listan.',
    );
  });

  it('takes ?lng=en as the language, never as a position', async () => {
    await i18n.changeLanguage('sv');
    const api = mockNear();
    renderRegister('/kliniker?lng=en');
    expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();
    expect(new URL(String(api.mock.calls[0]?.[0]), 'http://localhost').search).toBe('');
  });
});

describe('ClinicRegister near me', () => {
  it('asks for the position only when pressed, and lists nearest first from it', async () => {
    await i18n.changeLanguage('sv');
    mockNear();
    const asked = stubGeolocation((success) =>
      success({ coords: { latitude: 59.858_56, longitude: 17.638_93 } } as GeolocationPosition),
    );
    renderRegister('/kliniker');
    expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();
    expect(asked).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Nära mig' }));
    await waitFor(() => expect(address()).toBe('?lat=59.8586&lon=17.6389&radius=25'));
    await waitFor(() => expect(headings()).toEqual(['Fyris Hudvård', 'Klara Hudmottagning']));
    expect(screen.getByText('Visar kliniker nära din position.')).toBeTruthy();
    expect(screen.getByText('2,4 km')).toBeTruthy();
  });

  it('says so when the position is refused or unavailable, and keeps the list and the address', async () => {
    await i18n.changeLanguage('sv');
    mockNear();
    stubGeolocation((_success, failure) => failure({ code: 1 } as GeolocationPositionError));
    renderRegister('/kliniker?search=klara');
    expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Nära mig' }));
    expect(
      await screen.findByText('Du har inte gett webbläsaren lov att visa din position. Välj en ort i stället.'),
    ).toBeTruthy();
    expect(address()).toBe('?search=klara');
    expect(headings()).toEqual(['Klara Hudmottagning', 'Fyris Hudvård']);
    expect(screen.queryByText(/^[\d,]+ km$/)).toBeNull();

    stubGeolocation((_success, failure) => failure({ code: 2 } as GeolocationPositionError));
    await i18n.changeLanguage('en');
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByText('Your position could not be found. Choose a place instead.')).toBeTruthy();
  });
});
