import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { AdminReviewCount } from '../../../../contracts/reviews.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminReviewKeys } from './keys.ts';

/** GET /api/admin/reviews/count: the reviews with a report no admin has decided on. */
export const getWaitingReviewCount = (accessToken: string, signal?: AbortSignal) =>
  apiGet<AdminReviewCount>('/admin/reviews/count', { signal, accessToken });

export const getWaitingReviewCountQueryOptions = (accessToken: AccessToken) =>
  queryOptions({
    queryKey: adminReviewKeys.count(),
    queryFn: async ({ signal }) => getWaitingReviewCount(await accessToken(), signal),
    // Reports come in from the public pages: the count is asked again when the admin comes back to the tab.
    refetchOnWindowFocus: true,
  });

/**
 * The admin menu's count of reviews waiting; undefined while unknown and when not `enabled` (the
 * other areas' menus share the shell and have no such count: they never ask).
 */
export function useWaitingReviewCount(enabled: boolean): number | undefined {
  const options = getWaitingReviewCountQueryOptions(useAccessToken());
  const query = useQuery({ ...options, queryFn: enabled ? options.queryFn : skipToken });
  return enabled ? query.data?.waiting : undefined;
}
