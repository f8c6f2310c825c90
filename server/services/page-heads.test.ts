import { describe, expect, it } from 'vitest';
import type { ClinicProfile } from '../../contracts/clinics.ts';
import { clinicProfileHead } from './page-heads.ts';

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

  it('names no scope for a certificate issued before scopes existed', () => {
    const { jsonLd } = clinicProfileHead(clinic([]), SITE);
    expect((jsonLd as { hasCredential: object }).hasCredential).not.toHaveProperty('about');
  });
});
