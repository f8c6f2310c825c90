import type { CustomerInvitation, CustomerReview, InvitationByToken } from '../../../../contracts/reviews.ts';

// What the customer's review endpoints answer, for the feature's tests.

export const CLINIC = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Hudkliniken Ljus',
  slug: 'hudkliniken-ljus',
};

export function invitationByToken(overrides: Partial<InvitationByToken> = {}): InvitationByToken {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    clinic: CLINIC,
    email: 'anna@example.se',
    visitDate: '2026-10-02',
    expiresAt: '2026-11-30T10:00:00.000Z',
    status: 'open',
    ...overrides,
  };
}

export function customerInvitation(overrides: Partial<CustomerInvitation> = {}): CustomerInvitation {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    clinic: CLINIC,
    visitDate: '2026-10-02',
    expiresAt: '2026-11-30T10:00:00.000Z',
    ...overrides,
  };
}

export function customerReview(overrides: Partial<CustomerReview> = {}): CustomerReview {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    authorName: 'Anna K.',
    rating: 4,
    text: 'Lugn och noggrann behandling, bra information efteråt.',
    visitDate: '2026-10-02',
    createdAt: '2026-11-02T09:00:00.000Z',
    editedAt: null,
    reply: null,
    clinic: CLINIC,
    hidden: null,
    editableUntil: '2026-12-02T09:00:00.000Z',
    ...overrides,
  };
}
