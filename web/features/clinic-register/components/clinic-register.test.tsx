import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClinicPage } from '../../../../contracts/clinics.ts';
import { i18n } from '../../../lib/i18n.ts';
import { clinicCard } from '../../../testing/customer-test-utils.tsx';
import { json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ClinicRegister } from './clinic-register.tsx';

const KLARA = clinicCard('Klara Hudmottagning', '11111111-1111-4111-8111-111111111111');
const SODERS = clinicCard('Söders Estetik', '22222222-2222-4222-8222-222222222222');

/** The address the register keeps its state in, shown so the test can read it. */
function Address() {
  return <output aria-label="address">{useLocation().search}</output>;
}

function renderRegister(route: string) {
  return renderWithProviders(
    <>
      <ClinicRegister />
      <Address />
    </>,
    { route },
  );
}

/**
 * The register's API: fillers finds Söders, any other treatment nothing, no treatment both clinics.
 * Each answer waits for what `held` gives at the time of the request.
 */
function mockRegister(held: () => Promise<void> = () => Promise.resolve()) {
  return mockApi({
    'GET /api/clinics': async ({ url }) => {
      await held();
      const treatment = url.searchParams.get('treatment');
      const items = treatment === null ? [KLARA, SODERS] : treatment === 'fillers' ? [SODERS] : [];
      return json({ items, nextCursor: null } satisfies ClinicPage);
    },
  });
}

const asked = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams.toString());

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

beforeAll(async () => {
  await i18n.loadNamespaces(['clinics']);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('sv');
});

describe('ClinicRegister filter by treatment', () => {
  it('lists the catalogue in Swedish, and a chosen treatment asks the API, lists its clinics and goes into the address', async () => {
    await i18n.changeLanguage('sv');
    let held = Promise.resolve();
    const api = mockRegister(() => held);
    renderRegister('/kliniker');

    const filter = screen.getByRole('combobox', { name: 'Behandling' });
    const options = within(filter).getAllByRole('option');
    expect(options[0]?.textContent).toBe('Alla behandlingar');
    expect(options.map((option) => option.textContent)).toContain('Injektioner med fillers');
    expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();

    let release = () => {};
    held = new Promise((resolve) => {
      release = resolve;
    });
    await userEvent.selectOptions(filter, 'fillers');
    expect(await screen.findByText('Laddar kliniker...')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Söders Estetik' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Klara Hudmottagning' })).toBeNull();
    expect(address()).toBe('?treatment=fillers');
    expect(asked(api)).toEqual(['', 'treatment=fillers']);

    await userEvent.selectOptions(filter, '');
    expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();
    expect(address()).toBe('');
  });

  it('starts from the treatment and the search in the address, and keeps both', async () => {
    await i18n.changeLanguage('sv');
    const api = mockRegister();
    renderRegister('/kliniker?search=s%C3%B6der&treatment=fillers');

    expect((screen.getByRole('combobox', { name: 'Behandling' }) as HTMLSelectElement).value).toBe('fillers');
    expect(await screen.findByRole('heading', { name: 'Söders Estetik' })).toBeTruthy();
    expect(asked(api)).toEqual(['search=s%C3%B6der&treatment=fillers']);
    expect(address()).toBe('?search=s%C3%B6der&treatment=fillers');
  });

  it('says no clinic is certified for the treatment, with or without a search, in Swedish and English', async () => {
    await i18n.changeLanguage('sv');
    mockRegister();
    const { unmount } = renderRegister('/kliniker?treatment=piercing');
    expect(
      await screen.findByText('Ingen klinik i registret är certifierad för behandlingen ”Piercing”.'),
    ).toBeTruthy();
    unmount();

    await i18n.changeLanguage('en');
    renderRegister('/kliniker?search=klara&treatment=tattoo_removal');
    expect((screen.getByRole('combobox', { name: 'Treatment' }) as HTMLSelectElement).value).toBe('tattoo_removal');
    expect(await screen.findByText('No clinics certified for “Tattoo removal” match your search.')).toBeTruthy();
  });

  it('takes an unknown treatment in the address as none, and leaves it out of the address', async () => {
    await i18n.changeLanguage('sv');
    const api = mockRegister();
    renderRegister('/kliniker?treatment=botox');

    expect(await screen.findByRole('heading', { name: 'Klara Hudmottagning' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Behandling' }) as HTMLSelectElement).value).toBe('');
    expect(asked(api)).toEqual(['']);
    await waitFor(() => expect(address()).toBe(''));
  });
});
