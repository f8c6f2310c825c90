import type { AdminReviewQuery } from '../../../../contracts/reviews.ts';

/** The admin's review queries: each filter's list, and the menu's count of reviews waiting. */
export const adminReviewKeys = {
  all: () => ['admin', 'reviews'] as const,
  lists: () => [...adminReviewKeys.all(), 'list'] as const,
  list: (status: AdminReviewQuery['status']) => [...adminReviewKeys.lists(), status] as const,
  count: () => [...adminReviewKeys.all(), 'count'] as const,
};
