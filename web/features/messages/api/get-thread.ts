import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { Message, ThreadPage } from '../../../../contracts/messages.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useMessagesReader } from '../live/reader-context.ts';
import { messageKeys } from './keys.ts';

export type Thread = InfiniteData<ThreadPage>;

/** GET /api/messages/conversations/:id/messages?before=cursor: a page of the conversation, newest first. */
export const getThreadPage = (
  accessToken: string,
  conversationId: string,
  before: string | null,
  signal?: AbortSignal,
) => {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return apiGet<ThreadPage>(`/messages/conversations/${encodeURIComponent(conversationId)}/messages${query}`, {
    signal,
    accessToken,
  });
};

/** The first page holds the newest messages; each next page ("show older") those before it. */
export const getThreadQueryOptions = (accessToken: AccessToken, readerId: string, conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(readerId, conversationId),
    queryFn: async ({ pageParam, signal }) => getThreadPage(await accessToken(), conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorToast: 'messages:toasts.loadError' },
  });

export function useThread(conversationId: string) {
  const { readerId } = useMessagesReader();
  return useInfiniteQuery(getThreadQueryOptions(useAccessToken(), readerId, conversationId));
}

/**
 * Puts a message at the newest end of its thread, if that thread is loaded: a reply sent here, or one
 * from the live stream. The stream also brings the reader's own replies back: each is added once.
 */
export function addMessageToThread(queryClient: QueryClient, readerId: string, message: Message) {
  queryClient.setQueryData<Thread>(messageKeys.thread(readerId, message.conversationId), (thread) => {
    const [newest, ...older] = thread?.pages ?? [];
    if (!thread || !newest || thread.pages.some((page) => page.items.some((item) => item.id === message.id)))
      return thread;
    const lastMessage = { content: message.content, createdAt: message.createdAt, fromMe: message.fromMe };
    return {
      ...thread,
      pages: [
        { ...newest, items: [message, ...newest.items], conversation: { ...newest.conversation, lastMessage } },
        ...older,
      ],
    };
  });
}
