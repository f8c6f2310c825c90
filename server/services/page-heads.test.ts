import { describe, expect, it } from 'vitest';
import type { ClinicProfile } from '../../contracts/clinics.ts';
import { clinicProfileHead, verificationHead } from './page-heads.ts';

const SITE = 'https://klinik.example';

const clinic = (treatments: ClinicProfile['certificate']['treatments']): ClinicProfile => ({
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'klara-hudmottagning',
  fullName: 'Klara Hudmottagning',
  city: 'Stockholm',
  website: null,
  coverImageUrl: null,
  isCertified: true,
  description: null,
  address: null,
  contactEmail: null,
  phoneNumber: null,
  bookingUrl: null,
  rating: null,
  reviewCount: 0,
  position: null,
  certificate: { number: 'CK-2026-000001', validFrom: '2026-01-01', validTo: '2026-12-31', treatments },
});

describe("a clinic page's structured data", () => {
  it('carries the scope on the credential, each treatment a term of the catalogue', () => {
    const { jsonLd } = clinicProfileHead(clinic(['facial', 'fillers']), SITE);
    expect(jsonLd).toMatchObject({
      '@type': 'HealthAndBeautyBusiness',
      hasCredential: {
        '@type': 'EducationalOccupationalCredential',
        url: `${SITE}/verifiera/CK-2026-000001`,
        about: [
          {
            '@type': 'DefinedTerm',
            termCode: 'facial',
            name: 'Ansiktsbehandling',
            inDefinedTermSet: { '@type': 'DefinedTermSet', name: 'Certifierad Kliniks behandlingar', url: `${SITE}/` },
          },
          { '@type': 'DefinedTerm', termCode: 'fillers', name: 'Injektioner med fillers' },
        ],
      },
    });
    // The business itself offers nothing the certificate vouches for.
    expect(jsonLd).not.toHaveProperty('hasOfferCatalog');
  });

  it('states the rating from verified visits as an AggregateRating when the clinic has one (issue 23)', () => {
    const { jsonLd } = clinicProfileHead(
      { ...clinic(['facial']), rating: { average: 4.6, count: 12 }, reviewCount: 12 },
      SITE,
    );
    expect(jsonLd).toMatchObject({
      '@type': 'HealthAndBeautyBusiness',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 12, bestRating: 5, worstRating: 1 },
    });
  });

  it('claims no rating for a clinic with too few published reviews, or none', () => {
    for (const reviewCount of [0, 2]) {
      const { jsonLd } = clinicProfileHead({ ...clinic(['facial']), rating: null, reviewCount }, SITE);
      expect(jsonLd).not.toHaveProperty('aggregateRating');
      expect(JSON.stringify(jsonLd)).not.toMatch(/rating/i);
    }
  });

  it('names no scope for a certificate issued before scopes existed', () => {
    const { jsonLd } = clinicProfileHead(clinic([]), SITE);
    expect((jsonLd as { hasCredential: object }).hasCredential).not.toHaveProperty('about');
  });
});

describe("a certificate's verification page head", () => {
  it('names its status in the title and its scope in the description', () => {
    const head = verificationHead(
      {
        number: 'CK-2026-000001',
        status: 'suspended',
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        issuedAt: '2026-01-01T09:00:00.000Z',
        withdrawnAt: null,
        withdrawnReason: null,
        suspendedAt: '2026-11-20T09:00:00.000Z',
        suspensionReason: 'Försäkringen har löpt ut.',
        clinic: { id: '11111111-1111-4111-8111-111111111111', fullName: 'Klara', city: 'Lund', orgNumber: null },
        listed: false,
        treatments: ['facial', 'chemical_peel'],
        facts: [],
        criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true },
      },
      SITE,
    );
    expect(head.title).toBe('Certifikat CK-2026-000001: tillfälligt indraget – Certifierad Klinik');
    expect(head.description).toBe(
      'Klara, Lund: certifikat CK-2026-000001, tillfälligt indraget, gäller 2026-01-01 till 2026-12-31, omfattar Ansiktsbehandling, Kemisk peeling. Utfärdat av Certifierad Klinik.',
    );
  });
});
