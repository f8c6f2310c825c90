import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestMessages } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';

export const getLatestMessages = (accessToken: string, signal?: AbortSignal) =>
  apiGet<LatestMessages>('/admin/messages/latest', { signal, accessToken });

/** SPEC section 8: like the stats, a failure to load them is only logged. */
export const getLatestMessagesQueryOptions = (accessToken: AccessToken) =>
  queryOptions({
    queryKey: ['admin', 'messages', 'latest'],
    queryFn: async ({ signal }) =>
      getLatestMessages(await accessToken(), signal).catch((error: unknown) => {
        console.error('Could not load the latest messages', error);
        throw error;
      }),
    staleTime: 0,
  });

export const useLatestMessages = () => useQuery(getLatestMessagesQueryOptions(useAccessToken()));
