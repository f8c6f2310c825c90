import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationList, Unread } from '../../../../contracts/messages.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import { useMessagesReader } from '../live/reader-context.ts';
import type { Thread } from './get-thread.ts';
import { setUnreadTotal } from './get-unread.ts';
import { messageKeys } from './keys.ts';

/** POST /api/messages/conversations/:id/read: the reader opened it; answers the reader's new unread total. */
export const markConversationRead = (accessToken: string, conversationId: string) =>
  apiSend<Unread>('POST', `/messages/conversations/${encodeURIComponent(conversationId)}/read`, undefined, {
    accessToken,
  });

/** Marks a conversation read and shows it at once: its count in the list, the menu's total, its messages. */
export function useMarkConversationRead() {
  const accessToken = useAccessToken();
  const { readerId } = useMessagesReader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: string) => markConversationRead(await accessToken(), conversationId),
    onSuccess: ({ unreadTotal }, conversationId) => {
      setUnreadTotal(queryClient, readerId, unreadTotal);
      queryClient.setQueriesData<ConversationList>({ queryKey: messageKeys.conversationLists(readerId) }, (list) =>
        list
          ? {
              ...list,
              unreadTotal,
              items: list.items.map((item) => (item.id === conversationId ? { ...item, unread: 0 } : item)),
            }
          : list,
      );
      const readAt = new Date().toISOString();
      queryClient.setQueryData<Thread>(messageKeys.thread(readerId, conversationId), (thread) =>
        thread
          ? {
              ...thread,
              pages: thread.pages.map((page) => ({
                ...page,
                conversation: { ...page.conversation, unread: 0 },
                items: page.items.map((item) => (item.fromMe || item.readAt ? item : { ...item, readAt })),
              })),
            }
          : thread,
      );
      // A list loading while the mark was on its way may still count the conversation unread.
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists(readerId) });
    },
    // The marks come again the next time the conversation opens; nothing the person can act on.
    onError: (error) => console.error('Could not mark the conversation read', error),
  });
}
