import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminMessageSchema, StoredMessageSchema } from '../../../../contracts/admin.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';

export type AdminMessage = z.output<typeof AdminMessageSchema>;
export type StoredMessage = z.infer<typeof StoredMessageSchema>;

/** POST /api/admin/messages: a message from the certification body to a clinic or customer. */
export const sendAdminMessage = (accessToken: string, message: AdminMessage) =>
  apiSend<StoredMessage>('POST', '/admin/messages', message, { accessToken });

export function useSendAdminMessage({ onSuccess, onError }: MutationCallbacks<StoredMessage, AdminMessage> = {}) {
  const accessToken = useAccessToken();
  return useMutation({
    mutationFn: async (message: AdminMessage) => sendAdminMessage(await accessToken(), message),
    onSuccess,
    onError,
  });
}
