import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { clinicCard } from '../../../testing/customer-test-utils.tsx';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ClinicCard } from './clinic-card.tsx';
import { ClinicGrid } from './clinic-grid.tsx';

const KLARA = {
  ...clinicCard('Klara Hudmottagning', '11111111-1111-4111-8111-111111111111'),
  website: 'https://www.klarahud.se/',
};

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinics']);
});

describe('ClinicCard', () => {
  it("links the name to the clinic's page, beside the website link and the action, none inside another", () => {
    renderWithProviders(<ClinicCard clinic={KLARA} action={<button type="button">Följ</button>} />);

    const heading = screen.getByRole('heading', { name: 'Klara Hudmottagning' });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/kliniker/klara-hudmottagning');
    const website = screen.getByRole('link', { name: /Besök webbplats/ });
    expect(website.getAttribute('target')).toBe('_blank');
    // Its rating, or "Inga omdömen än", links to how reviews are checked (issue 23).
    expect(screen.getByRole('link', { name: 'Inga omdömen än. Så granskar vi omdömen' }).getAttribute('href')).toBe(
      '/sa-granskar-vi-omdomen',
    );
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Följ' }).closest('a')).toBeNull();
  });

  it("fetches the covers of the first screen's cards at once and the others as they scroll into view", () => {
    const cards = ['Ett', 'Två', 'Tre', 'Fyra'].map((name, index) =>
      clinicCard(`${name} Hudvård`, `11111111-1111-4111-8111-11111111111${index}`),
    );
    const { container } = renderWithProviders(
      <ClinicGrid
        pages={[cards, [clinicCard('Fem Hudvård', '22222222-2222-4222-8222-222222222222')]]}
        label="Kliniker"
      />,
    );

    const covers = [...container.querySelectorAll('img')].map((image) => [
      image.getAttribute('loading'),
      image.getAttribute('fetchpriority'),
    ]);
    expect(covers).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});
