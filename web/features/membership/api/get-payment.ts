import { useQuery } from '@tanstack/react-query';
import type { PaymentDocument } from '../../../../contracts/payments.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { membershipKeys } from './get-membership.ts';

/** GET /api/clinic/payments/:id: one of the clinic's own payments with the seller, as its invoice or receipt. */
export const getClinicPayment = (accessToken: string, paymentId: string, signal?: AbortSignal) =>
  apiGet<PaymentDocument>(`/clinic/payments/${encodeURIComponent(paymentId)}`, { signal, accessToken });

export function useClinicPayment(paymentId: string) {
  const accessToken = useAccessToken();
  return useQuery({
    queryKey: membershipKeys.payment(useSignedInUserId(), paymentId),
    queryFn: async ({ signal }) => getClinicPayment(await accessToken(), paymentId, signal),
    meta: { errorToast: 'payments:toasts.documentLoadError' },
  });
}
