import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewMessage, SentMessage } from '../../../../contracts/messages.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { messageKeys } from './keys.ts';

/** POST /api/messages: starts a conversation (or continues the one there is) with a person, e.g. a customer with a certified clinic. */
export const sendMessage = (accessToken: string, message: NewMessage) =>
  apiSend<SentMessage>('POST', '/messages', message, { accessToken });

export function useSendMessage({ onSuccess, onError }: MutationCallbacks<SentMessage, NewMessage> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: NewMessage) => sendMessage(await accessToken(), message),
    onSuccess: (sent, message) => {
      // The conversation is new or newest now: the inbox and its thread are out of date.
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      onSuccess?.(sent, message);
    },
    onError,
  });
}
