import type { ClinicOwnProfile, OwnCertificate } from '../../../../contracts/clinic-area.ts';

export const CLINIC_ID = '6c4b3a1e-2f55-4d1e-9c0e-2d6f1f0a9b11';

/** A certificate as GET /api/clinic/profile answers it: approved 23 November 2026, valid to the year's end. */
export function certificate(overrides: Partial<OwnCertificate> = {}): OwnCertificate {
  return { number: 'CK-2026-000123', validFrom: '2026-11-23', validTo: '2026-12-31', issuedAt: '2026-11-23T09:15:00.000Z', ...overrides };
}

/** A certified, public clinic with its certificate in force. */
export function certifiedProfile(overrides: Partial<ClinicOwnProfile> = {}): ClinicOwnProfile {
  return {
    id: CLINIC_ID,
    email: 'klinik@example.se',
    fullName: 'Hudkliniken Ljusglimt',
    description: null,
    city: 'Stockholm',
    coverImageUrl: null,
    companyName: 'Ljusglimt AB',
    orgNumber: '556677-8899',
    website: 'https://ljusglimt.example',
    address: 'Storgatan 1, 111 22 Stockholm',
    contactPerson: 'Åsa Öberg',
    contactEmail: 'asa@ljusglimt.example',
    phoneNumber: null,
    discountCode: null,
    criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true },
    isPublic: true,
    isCertified: true,
    applicationStatus: 'Godkänd',
    submittedAt: '2026-11-10T08:00:00.000Z',
    decidedAt: '2026-11-23T09:15:00.000Z',
    denialReason: null,
    certifiedAt: '2026-11-23T09:15:00.000Z',
    documentCount: 1,
    certificate: certificate(),
    nextCertificate: null,
    renewal: { opensOn: '2026-11-01', isOpen: true, submittedAt: null },
    ...overrides,
  };
}

/** A clinic without a certificate in force, as it is right after registering. */
export const uncertifiedProfile = (overrides: Partial<ClinicOwnProfile> = {}) =>
  certifiedProfile({
    isPublic: false,
    isCertified: false,
    applicationStatus: 'Väntar',
    submittedAt: null,
    decidedAt: null,
    certifiedAt: null,
    certificate: null,
    renewal: null,
    ...overrides,
  });
