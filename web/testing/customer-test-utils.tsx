import type { ReactElement } from 'react';
import type { ClinicCard, ClinicProfile } from '../../contracts/clinics.ts';
import { SignedInUserProvider } from '../lib/signed-in-user.tsx';
import { ACCESS_TOKEN, renderWithProviders } from './test-utils.tsx';

export const CUSTOMER_ID = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';

/** A card of the register as GET /api/clinics answers it. */
export function clinicCard(fullName: string, id: string): ClinicCard {
  return {
    id,
    fullName,
    city: 'Stockholm',
    website: null,
    coverImageUrl: null,
    isCertified: true,
    slug: fullName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    rating: null,
    position: null,
  };
}

/** A register clinic's public page as GET /api/clinics/by-slug/:slug answers it: the card, no details, a certificate. */
export function clinicPage(card: ClinicCard): ClinicProfile {
  return {
    ...card,
    description: null,
    address: null,
    contactEmail: null,
    phoneNumber: null,
    bookingUrl: null,
    reviewCount: 0,
    certificate: { number: 'CK-2026-000001', validFrom: '2026-01-01', validTo: '2026-12-31', treatments: ['facial'] },
  };
}

/** Renders as a page of the customer area, signed in as CUSTOMER_ID. */
export const renderAsCustomer = (ui: ReactElement, options?: Parameters<typeof renderWithProviders>[1]) =>
  renderWithProviders(
    <SignedInUserProvider userId={CUSTOMER_ID} getAccessToken={async () => ACCESS_TOKEN}>
      {ui}
    </SignedInUserProvider>,
    options,
  );
