import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminPaymentsPage, PaymentStatus } from '../../../../contracts/payments.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminPaymentKeys } from './keys.ts';

/** GET /api/admin/payments: every payment and invoice newest first, optionally of one status (null: all). */
export const getAdminPayments = (
  accessToken: string,
  status: PaymentStatus | null,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return apiGet<AdminPaymentsPage>(`/admin/payments?${query}`, { signal, accessToken });
};

export const getAdminPaymentsQueryOptions = (accessToken: AccessToken, status: PaymentStatus | null) =>
  infiniteQueryOptions({
    queryKey: adminPaymentKeys.list(status),
    queryFn: async ({ pageParam, signal }) => getAdminPayments(await accessToken(), status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The rows shown stay, dimmed, while another status's load.
    placeholderData: keepPreviousData,
    meta: { errorToast: 'adminPayments:toasts.loadError' },
  });

export const useAdminPayments = (status: PaymentStatus | null) =>
  useInfiniteQuery(getAdminPaymentsQueryOptions(useAccessToken(), status));
