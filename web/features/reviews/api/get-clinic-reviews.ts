import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PublicReviewPage } from '../../../../contracts/reviews.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const reviewKeys = {
  clinic: (clinicId: string) => ['reviews', 'clinic', clinicId] as const,
};

/** GET /api/clinics/:clinicId/reviews: a register clinic's reviews, newest first, with its rating. */
export const getClinicReviews = (clinicId: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<PublicReviewPage>(`/clinics/${encodeURIComponent(clinicId)}/reviews?${query}`, { signal });
};

export const getClinicReviewsQueryOptions = (clinicId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.clinic(clinicId),
    queryFn: ({ pageParam, signal }) => getClinicReviews(clinicId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A review written, answered or hidden shows the next time the page is opened (the API is not cached).
    staleTime: 0,
  });

export const useClinicReviews = (clinicId: string) => useInfiniteQuery(getClinicReviewsQueryOptions(clinicId));
