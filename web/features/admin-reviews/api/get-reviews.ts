import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReviewPage, AdminReviewQuery } from '../../../../contracts/reviews.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminReviewKeys } from './keys.ts';

export type AdminReviewFilter = AdminReviewQuery['status'];

/** GET /api/admin/reviews: the reported reviews (the queue), the hidden ones or all, newest first. */
export const getAdminReviews = (
  accessToken: string,
  status: AdminReviewFilter,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ status });
  if (cursor) query.set('cursor', cursor);
  return apiGet<AdminReviewPage>(`/admin/reviews?${query}`, { signal, accessToken });
};

export const getAdminReviewsQueryOptions = (accessToken: AccessToken, status: AdminReviewFilter) =>
  infiniteQueryOptions({
    queryKey: adminReviewKeys.list(status),
    queryFn: async ({ pageParam, signal }) => getAdminReviews(await accessToken(), status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The cards shown stay, dimmed, while another filter's load.
    placeholderData: keepPreviousData,
    meta: { errorToast: 'adminReviews:toasts.loadError' },
  });

export const useAdminReviews = (status: AdminReviewFilter) =>
  useInfiniteQuery(getAdminReviewsQueryOptions(useAccessToken(), status));
