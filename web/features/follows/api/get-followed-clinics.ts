import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FollowedPage } from '../../../../contracts/customer-area.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { followKeys } from './keys.ts';

/** GET /api/me/follows: the followed clinics still in the register, most recently followed first, with their `total`. */
export const getFollowedClinics = (accessToken: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<FollowedPage>(`/me/follows?${query}`, { signal, accessToken });
};

export const getFollowedClinicsQueryOptions = (accessToken: AccessToken, customerId: string) =>
  infiniteQueryOptions({
    queryKey: followKeys.lists(customerId),
    queryFn: async ({ pageParam, signal }) => getFollowedClinics(await accessToken(), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useFollowedClinics = () =>
  useInfiniteQuery(getFollowedClinicsQueryOptions(useAccessToken(), useSignedInUserId()));
