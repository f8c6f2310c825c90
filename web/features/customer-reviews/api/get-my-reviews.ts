import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerReviewPageSchema } from '../../../../contracts/reviews.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { customerReviewKeys } from './keys.ts';

export type CustomerReviewPage = z.infer<typeof CustomerReviewPageSchema>;

/** GET /api/me/reviews: the reviews the customer wrote, newest first, with the clinic's reply and the hidden state. */
export const getMyReviews = (accessToken: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<CustomerReviewPage>(`/me/reviews?${query}`, { signal, accessToken });
};

export const getMyReviewsQueryOptions = (accessToken: AccessToken, customerId: string) =>
  infiniteQueryOptions({
    queryKey: customerReviewKeys.reviews(customerId),
    queryFn: async ({ pageParam, signal }) => getMyReviews(await accessToken(), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useMyReviews = () => useInfiniteQuery(getMyReviewsQueryOptions(useAccessToken(), useSignedInUserId()));
