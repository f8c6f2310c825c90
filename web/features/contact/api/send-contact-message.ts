import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../contracts/contact.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';

export interface ContactMessageSent {
  ok: true;
}

/** POST /api/contact (no login): the message reaches the team's inbox, answered by email (issue 11). */
export const sendContactMessage = (message: ContactMessage) => apiSend<ContactMessageSent>('POST', '/contact', message);

export function useSendContactMessage({
  onSuccess,
  onError,
}: MutationCallbacks<ContactMessageSent, ContactMessage> = {}) {
  return useMutation({ mutationFn: sendContactMessage, onSuccess, onError });
}
