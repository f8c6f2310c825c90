import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerInvitationPageSchema } from '../../../../contracts/reviews.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { customerReviewKeys } from './keys.ts';

export type CustomerInvitationPage = z.infer<typeof CustomerInvitationPageSchema>;

/** GET /api/me/review-invitations: the invitations the customer opened and may still use, newest first. */
export const getInvitations = (accessToken: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<CustomerInvitationPage>(`/me/review-invitations?${query}`, { signal, accessToken });
};

export const getInvitationsQueryOptions = (accessToken: AccessToken, customerId: string) =>
  infiniteQueryOptions({
    queryKey: customerReviewKeys.invitations(customerId),
    queryFn: async ({ pageParam, signal }) => getInvitations(await accessToken(), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useInvitations = () => useInfiniteQuery(getInvitationsQueryOptions(useAccessToken(), useSignedInUserId()));
