import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationList } from '../../../../contracts/messages.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useMessagesReader } from '../live/reader-context.ts';
import { messageKeys } from './keys.ts';

/** GET /api/messages/conversations?page=N: the reader's conversations, newest first, CONVERSATION_PAGE_SIZE a page. */
export const getConversations = (accessToken: string, page: number, signal?: AbortSignal) =>
  apiGet<ConversationList>(`/messages/conversations?${new URLSearchParams({ page: String(page) })}`, {
    signal,
    accessToken,
  });

export const getConversationsQueryOptions = (accessToken: AccessToken, readerId: string, page: number) =>
  queryOptions({
    queryKey: messageKeys.conversations(readerId, page),
    queryFn: async ({ signal }) => getConversations(await accessToken(), page, signal),
    // The rows shown stay while the next page loads.
    placeholderData: keepPreviousData,
    meta: { errorToast: 'messages:toasts.loadError' },
  });

export function useConversations(page: number) {
  const { readerId } = useMessagesReader();
  return useQuery(getConversationsQueryOptions(useAccessToken(), readerId, page));
}
