import type {
  ClinicMembership,
  MembershipPlan,
  MembershipYear,
  Payment,
  PaymentDocument,
} from '../../contracts/payments.ts';
import { CLINIC_ID } from './clinic-profile-fixtures.ts';

// Plans, payments and memberships as the payments API answers them (issue 25), for the clinic's and the admin's pages.

export const INDIVIDUAL_PLAN: MembershipPlan = {
  id: '0d6b3a57-1c1f-4b1e-8d5e-3a1f0c2b4d01',
  code: 'individual',
  name: { sv: 'Individuell', en: 'Individual' },
  description: { sv: 'För dig som driver kliniken på egen hand.', en: 'For you who run the clinic on your own.' },
  priceOre: 99_000,
  vatPercent: 25,
  active: true,
};

export const COMPANY_PLAN: MembershipPlan = {
  id: '0d6b3a57-1c1f-4b1e-8d5e-3a1f0c2b4d02',
  code: 'company',
  name: { sv: 'Företag', en: 'Company' },
  description: { sv: 'För kliniker med flera behandlare.', en: 'For clinics with several practitioners.' },
  priceOre: 199_000,
  vatPercent: 25,
  active: true,
};

/** A payment of the company plan for 2026 (1 990 kr + 25 % VAT), invoiced unless told otherwise. */
export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a01',
    number: 1001,
    reference: '10016',
    clinicId: CLINIC_ID,
    buyer: { name: 'Hudkliniken Ljusglimt AB', organisationNumber: '556677-8899', email: 'klinik@example.se' },
    planName: COMPANY_PLAN.name,
    membershipYear: 2026,
    provider: 'invoice',
    status: 'invoiced',
    netOre: 199_000,
    vatOre: 49_750,
    totalOre: 248_750,
    vatPercent: 25,
    createdAt: '2026-03-02T09:00:00Z',
    dueDate: '2026-04-01',
    paidAt: null,
    refundedAt: null,
    ...overrides,
  };
}

export const membershipYear = (overrides: Partial<MembershipYear> = {}): MembershipYear => ({
  year: 2026,
  status: 'none',
  planName: null,
  validThrough: null,
  waiverReason: null,
  ...overrides,
});

/** GET /api/clinic/membership of a clinic that has paid nothing yet, on the invoice provider. */
export function clinicMembership(overrides: Partial<ClinicMembership> = {}): ClinicMembership {
  return {
    provider: 'invoice',
    plans: [INDIVIDUAL_PLAN, COMPANY_PLAN],
    due: membershipYear(),
    current: null,
    payments: [],
    invoiceDueDays: 30,
    ...overrides,
  };
}

/** A payment with the installation's example seller, as GET /api/clinic/payments/:id answers it. */
export const paymentDocument = (overrides: Partial<Payment> = {}, isExample = false): PaymentDocument => ({
  payment: payment(overrides),
  seller: {
    name: 'Certifierad Klinik Sverige AB',
    organisationNumber: '559000-0000',
    vatNumber: 'SE559000000001',
    address: 'Exempelgatan 1\n111 22 Stockholm',
    bankgiro: '123-4567',
    email: 'faktura@certifieradklinik.se',
    isExample,
  },
});
