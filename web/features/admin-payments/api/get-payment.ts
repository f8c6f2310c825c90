import { useQuery } from '@tanstack/react-query';
import type { PaymentDocument } from '../../../../contracts/payments.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminPaymentKeys } from './keys.ts';

/** GET /api/admin/payments/:id: any payment with the seller, as its invoice or receipt. */
export const getAdminPayment = (accessToken: string, paymentId: string, signal?: AbortSignal) =>
  apiGet<PaymentDocument>(`/admin/payments/${encodeURIComponent(paymentId)}`, { signal, accessToken });

export function useAdminPayment(paymentId: string) {
  const accessToken = useAccessToken();
  return useQuery({
    queryKey: adminPaymentKeys.document(paymentId),
    queryFn: async ({ signal }) => getAdminPayment(await accessToken(), paymentId, signal),
    meta: { errorToast: 'payments:toasts.documentLoadError' },
  });
}
