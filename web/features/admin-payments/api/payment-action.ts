import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '../../../../contracts/payments.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminPaymentKeys } from './keys.ts';

/**
 * POST /api/admin/payments/:id/paid (an unpaid invoice is paid) and /refund (a paid Stripe payment
 * goes back through Stripe): each answers the payment as it now is.
 */
export type PaymentAction = 'paid' | 'refund';

export const sendPaymentAction = (accessToken: string, action: PaymentAction, paymentId: string) =>
  apiSend<Payment>('POST', `/admin/payments/${encodeURIComponent(paymentId)}/${action}`, undefined, { accessToken });

export function usePaymentAction(
  action: PaymentAction,
  { onSuccess, onError }: MutationCallbacks<Payment, string> = {},
) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paymentId: string) => sendPaymentAction(await accessToken(), action, paymentId),
    onSuccess: (payment, paymentId) => onSuccess?.(payment, paymentId),
    onError: (error, paymentId) => onError?.(error, paymentId),
    // Done or refused (another admin got there first), the payment moves between the filters: every list loads again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all() }),
  });
}
