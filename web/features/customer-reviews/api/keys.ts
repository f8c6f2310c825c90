/**
 * The customer's review queries, under the customer's id: the cache outlives a sign-out, and the next
 * person signing in never sees these. The link's invitation is public and keyed by its token alone.
 */
export const customerReviewKeys = {
  all: (customerId: string) => ['customer-reviews', customerId] as const,
  reviews: (customerId: string) => [...customerReviewKeys.all(customerId), 'reviews'] as const,
  invitations: (customerId: string) => [...customerReviewKeys.all(customerId), 'invitations'] as const,
  claim: (customerId: string, token: string) => [...customerReviewKeys.all(customerId), 'claim', token] as const,
  byToken: (token: string) => ['review-invitation', token] as const,
};
