import type { ClinicReview } from '../../../../contracts/admin.ts';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';

export const CLINIC_ID = '3f1c2b9a-6d4e-4f7a-9b1c-2d3e4f5a6b7c';

/** A clinic whose complete application was sent in and waits for the admin (Väntar), with one document. */
export function clinicReview(
  clinic: Partial<ClinicOwnProfile> = {},
  review: Partial<Omit<ClinicReview, 'clinic'>> = {},
): ClinicReview {
  return {
    clinic: {
      id: CLINIC_ID,
      email: 'granskas@example.se',
      fullName: 'Granskas Hudvård',
      description: null,
      city: 'Norrköping',
      coverImageUrl: null,
      companyName: 'Granskas Hudvård AB',
      orgNumber: '556000-0018',
      website: 'https://granskas.example',
      address: 'Storgatan 1, Norrköping',
      contactPerson: 'Maria Lind',
      contactEmail: 'kontakt@granskas.example',
      phoneNumber: null,
      discountCode: null,
      criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: false },
      treatments: ['facial'],
      isPublic: false,
      isCertified: false,
      applicationStatus: 'Väntar',
      phase: 'sent_in',
      submittedAt: '2026-11-20T09:30:00Z',
      decidedAt: null,
      denialReason: null,
      certifiedAt: null,
      documentCount: 1,
      certificate: null,
      nextCertificate: null,
      suspension: null,
      renewal: null,
      changeRequest: null,
      refusedChange: null,
      ...clinic,
    },
    documents: [
      {
        id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        fileName: 'Ansvarsförsäkring 2026.pdf',
        contentType: 'application/pdf',
        sizeBytes: 48_000,
        createdAt: '2026-11-19T12:00:00Z',
        state: 'reviewed',
      },
    ],
    history: [
      {
        id: 1,
        action: 'application.submitted',
        actor: { id: CLINIC_ID, fullName: 'Granskas Hudvård' },
        details: {},
        createdAt: '2026-11-20T09:30:00Z',
      },
    ],
    submission: null,
    ...review,
  };
}
