import type { ClinicOwnProfile, OwnCertificate } from '../../../../contracts/clinic-area.ts';
import { completeApplication } from '../../../testing/clinic-profile-fixtures.ts';

export { CLINIC_ID } from '../../../testing/clinic-profile-fixtures.ts';

/** A certificate as GET /api/clinic/profile answers it: approved 23 November 2026, valid to the year's end. */
export function certificate(overrides: Partial<OwnCertificate> = {}): OwnCertificate {
  return {
    number: 'CK-2026-000123',
    validFrom: '2026-11-23',
    validTo: '2026-12-31',
    issuedAt: '2026-11-23T09:15:00.000Z',
    treatments: ['facial', 'botulinum_toxin'],
    ...overrides,
  };
}

/** A certified, public clinic with its certificate in force. */
export const certifiedProfile = (overrides: Partial<ClinicOwnProfile> = {}) =>
  completeApplication({
    city: 'Stockholm',
    isPublic: true,
    isCertified: true,
    applicationStatus: 'Godkänd',
    phase: 'renewal_open',
    submittedAt: '2026-11-10T08:00:00.000Z',
    decidedAt: '2026-11-23T09:15:00.000Z',
    certifiedAt: '2026-11-23T09:15:00.000Z',
    certificate: certificate(),
    renewal: { opensOn: '2026-11-01', isOpen: true, submittedAt: null },
    ...overrides,
  });

/** A clinic without a certificate in force, as it is right after registering. */
export const uncertifiedProfile = (overrides: Partial<ClinicOwnProfile> = {}) =>
  certifiedProfile({
    isPublic: false,
    isCertified: false,
    applicationStatus: 'Väntar',
    phase: 'draft',
    submittedAt: null,
    decidedAt: null,
    certifiedAt: null,
    certificate: null,
    renewal: null,
    ...overrides,
  });
