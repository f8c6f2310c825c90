import { cleanup, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClinicProfile as ClinicProfileData } from '../../../../contracts/clinics.ts';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ClinicProfile } from './clinic-profile.tsx';

const KLARA: ClinicProfileData = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'klara-hudmottagning',
  fullName: 'Klara Hudmottagning',
  city: 'Stockholm',
  website: 'https://www.klarahud.se/',
  coverImageUrl: '/api/clinics/11111111-1111-4111-8111-111111111111/cover',
  isCertified: true,
  description: 'Hudvård på Kungsholmen sedan 2012.',
  address: 'Fleminggatan 1, 112 26 Stockholm',
  contactEmail: 'hej@klarahud.se',
  phoneNumber: '08-123 45 67',
  bookingUrl: null,
  rating: { average: 4.6, count: 12 },
  reviewCount: 12,
  position: { latitude: 59.32938, longitude: 18.06871 },
  certificate: { number: 'CK-2026-000001', validFrom: '2026-01-01', validTo: '2026-12-31', treatments: ['facial'] },
};

/** The value of a row of a card's details, by its label. */
const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['clinicProfile']);
});

describe('ClinicProfile', () => {
  it("shows the card's data, the description, the contact details and the certificate, linked to its verification page", () => {
    const { container } = renderWithProviders(<ClinicProfile clinic={KLARA} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Klara Hudmottagning' })).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(KLARA.coverImageUrl);
    expect(screen.getByText('Certifierad')).toBeTruthy();
    // The rating from its 12 verified visits, linked to how reviews are checked (issue 23).
    expect(
      screen
        .getByRole('link', { name: 'Betyg 4,6 av 5 från 12 verifierade besök. Så granskar vi omdömen' })
        .getAttribute('href'),
    ).toBe('/sa-granskar-vi-omdomen');
    expect(screen.getByText('Hudvård på Kungsholmen sedan 2012.')).toBeTruthy();

    const website = screen.getByRole('link', { name: /^Besök webbplats ?\(öppnas i en ny flik\)$/ });
    expect(website.getAttribute('href')).toBe('https://www.klarahud.se/');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(detail('Adress')?.textContent).toBe('Fleminggatan 1, 112 26 Stockholm');
    expect(
      within(detail('E-post') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('mailto:hej@klarahud.se');
    expect(
      within(detail('Telefon') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('tel:081234567');
    expect(within(detail('Webbplats') as HTMLElement).getByRole('link').textContent).toBe(
      'www.klarahud.se (öppnas i en ny flik)',
    );

    expect(screen.getByText('Giltigt certifikat')).toBeTruthy();
    expect(detail('Certifikatnummer')?.textContent).toBe('CK-2026-000001');
    expect(detail('Giltighetstid')?.textContent).toBe('2026-01-01 – 2026-12-31');
    expect(screen.getByRole('link', { name: 'Verifiera certifikatet' }).getAttribute('href')).toBe(
      '/verifiera/CK-2026-000001',
    );
  });

  it('offers "Boka en behandling" only when the clinic has given its booking page, opening it in a new tab (issue 28)', () => {
    renderWithProviders(<ClinicProfile clinic={{ ...KLARA, bookingUrl: 'https://www.klarahud.se/boka' }} />);
    const book = screen.getByRole('link', { name: /^Boka en behandling ?\(öppnas i en ny flik\)$/ });
    expect(book.getAttribute('href')).toBe('https://www.klarahud.se/boka');
    expect(book.getAttribute('target')).toBe('_blank');
    expect(book.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();

    renderWithProviders(<ClinicProfile clinic={KLARA} />);
    expect(screen.queryByRole('link', { name: /Boka en behandling/ })).toBeNull();
  });

  it('falls back to the default cover, "Okänd stad" and no website, description or contact details', () => {
    const { container } = renderWithProviders(
      <ClinicProfile
        clinic={{
          ...KLARA,
          city: null,
          website: null,
          coverImageUrl: null,
          description: null,
          address: null,
          contactEmail: null,
          phoneNumber: null,
        }}
      />,
    );

    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/covers/default.svg');
    expect(screen.getByText('Okänd stad')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Besök webbplats/ })).toBeNull();
    expect(screen.getByText('Kliniken har ingen beskrivning än.')).toBeTruthy();
    expect(screen.getByText('Kliniken har inte angett några kontaktuppgifter.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verifiera certifikatet' })).toBeTruthy();
  });

  it("lists the certificate's scope by name and description in the visitor's language", async () => {
    renderWithProviders(
      <ClinicProfile clinic={{ ...KLARA, certificate: { ...KLARA.certificate, treatments: ['facial', 'fillers'] } }} />,
    );
    const scope = within(screen.getByRole('region', { name: 'Certifierade behandlingar' })).getAllByRole('listitem');
    expect(scope.map((item) => item.querySelector('span > span')?.textContent)).toEqual([
      'Ansiktsbehandling',
      'Injektioner med fillers',
    ]);
    expect(scope[1]?.textContent).toContain('bara legitimerad läkare, tandläkare eller sjuksköterska får injicera');

    await i18n.changeLanguage('en');
    try {
      expect(await screen.findByRole('region', { name: 'Certified treatments' })).toBeTruthy();
      expect(screen.getByText('Filler injections')).toBeTruthy();
    } finally {
      cleanup();
      await i18n.changeLanguage('sv');
    }
  });

  it('counts one or two reviews in words, with how many a rating takes, and shows the reviews after the details (issue 23)', () => {
    const { unmount } = renderWithProviders(
      <ClinicProfile clinic={{ ...KLARA, rating: null, reviewCount: 1 }} reviews={<p>Omdömena</p>} />,
    );
    expect(
      screen
        .getByRole('link', { name: '1 omdöme – betyg visas från 3 omdömen. Så granskar vi omdömen' })
        .getAttribute('href'),
    ).toBe('/sa-granskar-vi-omdomen');
    // After the description and the scope, in the page's order.
    const scope = screen.getByRole('region', { name: 'Certifierade behandlingar' });
    expect(scope.compareDocumentPosition(screen.getByText('Omdömena')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();

    renderWithProviders(<ClinicProfile clinic={{ ...KLARA, rating: null, reviewCount: 2 }} />);
    expect(screen.getByText('2 omdömen – betyg visas från 3 omdömen')).toBeTruthy();
    expect(screen.queryByText(/Betyg/)).toBeNull();
  });

  it('says when a certificate from before scopes existed states none', () => {
    renderWithProviders(<ClinicProfile clinic={{ ...KLARA, certificate: { ...KLARA.certificate, treatments: [] } }} />);
    expect(
      screen.getByText(
        'Certifikatet anger inte vilka behandlingar det omfattar: det utfärdades före 2026-11-26, innan certifikaten angav det.',
      ),
    ).toBeTruthy();
  });
});
