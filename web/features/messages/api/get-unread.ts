import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Unread } from '../../../../contracts/messages.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useMessagesReaderOrNull } from '../live/reader-context.ts';
import { messageKeys } from './keys.ts';

/** GET /api/messages/unread: the unread messages in all the reader's conversations. */
export const getUnread = (accessToken: string, signal?: AbortSignal) =>
  apiGet<Unread>('/messages/unread', { signal, accessToken });

export const getUnreadQueryOptions = (accessToken: AccessToken, readerId: string) =>
  queryOptions({
    queryKey: messageKeys.unread(readerId),
    queryFn: async ({ signal }) =>
      getUnread(await accessToken(), signal).catch((error: unknown) => {
        // A menu count that cannot load only misses its badge; the live stream's `ready` brings it too.
        console.error('Could not load the unread message count', error);
        throw error;
      }),
  });

/** The count the stream, a read mark or a list just told: no request needed. */
export const setUnreadTotal = (queryClient: QueryClient, readerId: string, unreadTotal: number) =>
  queryClient.setQueryData<Unread>(messageKeys.unread(readerId), { unreadTotal });

/** The menu's count: undefined while unknown, and outside a MessagesLiveProvider with a signed-in reader. */
export function useUnreadTotal(): number | undefined {
  const reader = useMessagesReaderOrNull();
  const accessToken = useAccessToken();
  const options = getUnreadQueryOptions(accessToken, reader?.readerId ?? '');
  const query = useQuery({ ...options, queryFn: reader ? options.queryFn : skipToken });
  return reader ? query.data?.unreadTotal : undefined;
}
