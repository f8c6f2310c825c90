import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentMessage } from '../../../../contracts/messages.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useMessagesReader } from '../live/reader-context.ts';
import { addMessageToThread } from './get-thread.ts';
import { messageKeys } from './keys.ts';

export interface ReplyInput {
  conversationId: string;
  content: string;
}

/** POST /api/messages/conversations/:id/messages: a reply in a conversation the reader is part of. */
export const sendReply = (accessToken: string, { conversationId, content }: ReplyInput) =>
  apiSend<SentMessage>(
    'POST',
    `/messages/conversations/${encodeURIComponent(conversationId)}/messages`,
    { content },
    { accessToken },
  );

export function useSendReply({ onSuccess, onError }: MutationCallbacks<SentMessage, ReplyInput> = {}) {
  const accessToken = useAccessToken();
  const { readerId } = useMessagesReader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReplyInput) => sendReply(await accessToken(), input),
    onSuccess: async (sent, input) => {
      addMessageToThread(queryClient, readerId, sent.message);
      onSuccess?.(sent, input);
      // The conversation moves to the top of the list, with the reply as its last message.
      await queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists(readerId) });
    },
    onError,
  });
}
