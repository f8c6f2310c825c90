import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';

export const getAdminStats = (accessToken: string, signal?: AbortSignal) =>
  apiGet<AdminStats>('/admin/stats', { signal, accessToken });

/**
 * SPEC section 8: a failure to load the stats is only logged. Counted again whenever the overview
 * opens: decisions on the other pages change them, and the server counts all four in one query.
 */
export const getAdminStatsQueryOptions = (accessToken: AccessToken) =>
  queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: async ({ signal }) =>
      getAdminStats(await accessToken(), signal).catch((error: unknown) => {
        console.error('Could not load the admin stats', error);
        throw error;
      }),
    staleTime: 0,
  });

export const useAdminStats = () => useQuery(getAdminStatsQueryOptions(useAccessToken()));
