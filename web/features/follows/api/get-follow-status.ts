import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowStatus } from '../../../../contracts/customer-area.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { followKeys } from './keys.ts';

/**
 * GET /api/me/follows/status?clinicIds=a,b,c: which of a page of cards the customer follows, in one
 * request (up to FOLLOW_LOOKUP_MAX ids, as many as a page of the register may hold).
 */
export const getFollowStatus = (accessToken: string, clinicIds: readonly string[], signal?: AbortSignal) =>
  apiGet<FollowStatus>(`/me/follows/status?${new URLSearchParams({ clinicIds: clinicIds.join(',') })}`, {
    signal,
    accessToken,
  });

export const getFollowStatusQueryOptions = (
  accessToken: AccessToken,
  customerId: string,
  clinicIds: readonly string[],
) =>
  queryOptions({
    queryKey: followKeys.status(customerId, clinicIds),
    queryFn: async ({ signal }) =>
      getFollowStatus(await accessToken(), clinicIds, signal).catch((error: unknown) => {
        // SPEC section 8: a failed follow status is only logged; the buttons then offer to follow.
        console.error('Could not load which clinics are followed', error);
        throw error;
      }),
    enabled: clinicIds.length > 0,
  });

/** The follow state of every card loaded with `clinicIds`: each card of a page asks with the same ids, so the page makes one request. */
export const useFollowStatus = (clinicIds: readonly string[]) =>
  useQuery(getFollowStatusQueryOptions(useAccessToken(), useSignedInUserId(), clinicIds));
