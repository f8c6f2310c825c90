import type { AdminFacts, ClinicReview } from '../../../../contracts/admin.ts';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import type { ClinicFact } from '../../../../contracts/facts.ts';

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
      postalCode: '602 24',
      position: { latitude: 58.59419, longitude: 16.1826, source: 'town' },
      contactPerson: 'Maria Lind',
      contactEmail: 'kontakt@granskas.example',
      phoneNumber: null,
      bookingUrl: null,
      slug: 'granskas-hudvard',
      discountCode: null,
      criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: false },
      treatments: ['facial'],
      isPublic: false,
      listed: false,
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

const review = (id: string) => ({
  id,
  status: 'unchecked' as const,
  reason: null,
  checkedAt: null,
  checkedBy: null,
  createdAt: '2026-11-19T12:00:00Z',
  updatedAt: '2026-11-19T12:00:00Z',
});

/** The facts of a clinic that chose facials and botulinum toxin, each stated and none checked yet. */
export const FACTS = {
  orgNumber: {
    ...review('0a1b2c3d-0000-4000-8000-000000000001'),
    kind: 'org_number',
    orgNumber: '556000-0018',
    legalForm: 'limited_company',
  },
  insurance: {
    ...review('0a1b2c3d-0000-4000-8000-000000000002'),
    kind: 'liability_insurance',
    insurer: 'Exempel Försäkring AB',
    policyNumber: 'EXEMPEL-P-1',
    validUntil: '2027-06-30',
    documentId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  },
  ivo: {
    ...review('0a1b2c3d-0000-4000-8000-000000000003'),
    kind: 'ivo_registration',
    registrationNumber: 'EXEMPEL-IVO-7',
    documentId: null,
  },
  practitioner: {
    ...review('0a1b2c3d-0000-4000-8000-000000000004'),
    kind: 'licensed_practitioner',
    name: 'Sara Sköterska',
    profession: 'nurse',
    licenceNumber: 'EXEMPEL-L-9',
  },
} satisfies Record<string, ClinicFact>;

/** GET /api/admin/clinics/:id/facts of that clinic: everything still to verify, not yet certified. */
export function clinicFacts(facts: Partial<AdminFacts> = {}): AdminFacts {
  return {
    facts: [FACTS.orgNumber, FACTS.insurance, FACTS.ivo, FACTS.practitioner],
    treatments: ['facial', 'botulinum_toxin'],
    needed: ['org_number', 'liability_insurance', 'ivo_registration', 'licensed_practitioner'],
    missing: ['org_number', 'liability_insurance', 'ivo_registration', 'licensed_practitioner'],
    scope: null,
    ...facts,
  };
}
