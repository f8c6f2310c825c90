import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClinicReviewPage } from '../../../../contracts/reviews.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';

export const clinicReviewKeys = {
  list: (clinicId: string) => ['clinic-reviews', clinicId, 'reviews'] as const,
};

/** GET /api/clinic/reviews: the clinic's reviews, newest first, hidden ones with their public reason. */
export const getClinicReviews = (accessToken: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<ClinicReviewPage>(`/clinic/reviews?${query}`, { signal, accessToken });
};

export const getClinicReviewsQueryOptions = (accessToken: AccessToken, clinicId: string) =>
  infiniteQueryOptions({
    queryKey: clinicReviewKeys.list(clinicId),
    queryFn: async ({ pageParam, signal }) => getClinicReviews(await accessToken(), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorToast: 'clinicReviews:toasts.loadError' },
  });

export const useClinicReviews = () =>
  useInfiniteQuery(getClinicReviewsQueryOptions(useAccessToken(), useSignedInUserId()));
