import type { ClinicOwnProfile } from '../../contracts/clinic-area.ts';
import { COMPLETE_APPLICATION } from '../../contracts/testing/complete-application.ts';

// The clinic's own profile as GET /api/clinic/profile answers it, for the tests of every page that shows it.

export const CLINIC_ID = '6c4b3a1e-2f55-4d1e-9c0e-2d6f1f0a9b11';

/** A clinic as GET /api/clinic/profile answers it right after registering (SPEC: Väntar, only its name filled). */
export function clinicProfile(overrides: Partial<ClinicOwnProfile> = {}): ClinicOwnProfile {
  return {
    id: CLINIC_ID,
    email: 'klinik@example.se',
    fullName: 'Hudkliniken Ljusglimt',
    description: null,
    city: null,
    coverImageUrl: null,
    companyName: null,
    orgNumber: null,
    website: null,
    address: null,
    postalCode: null,
    position: null,
    contactPerson: null,
    contactEmail: null,
    phoneNumber: null,
    bookingUrl: null,
    slug: null,
    discountCode: null,
    criteria: { c1: false, c2: false, c3: false, c4: false, c5: false, c6: false },
    treatments: [],
    // Shown in the register once certified unless it chooses otherwise (issue 28); not listed before.
    isPublic: true,
    listed: false,
    isCertified: false,
    applicationStatus: 'Väntar',
    phase: 'draft',
    submittedAt: null,
    decidedAt: null,
    denialReason: null,
    certifiedAt: null,
    documentCount: 0,
    certificate: null,
    nextCertificate: null,
    suspension: null,
    renewal: null,
    changeRequest: null,
    refusedChange: null,
    ...overrides,
  };
}

/** A profile with everything sending the application in needs, and one document. */
export const completeApplication = (overrides: Partial<ClinicOwnProfile> = {}) =>
  clinicProfile({
    ...COMPLETE_APPLICATION,
    documentCount: 1,
    ...overrides,
  });
