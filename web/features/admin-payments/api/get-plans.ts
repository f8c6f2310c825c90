import { useQuery } from '@tanstack/react-query';
import type { AdminPlan } from '../../../../contracts/payments.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminPaymentKeys } from './keys.ts';

/** GET /api/admin/plans: every plan, sold or not, with its history of changes. */
export const getAdminPlans = (accessToken: string, signal?: AbortSignal) =>
  apiGet<AdminPlan[]>('/admin/plans', { signal, accessToken });

export function useAdminPlans() {
  const accessToken = useAccessToken();
  return useQuery({
    queryKey: adminPaymentKeys.plans(),
    queryFn: async ({ signal }) => getAdminPlans(await accessToken(), signal),
    meta: { errorToast: 'adminPayments:toasts.plansLoadError' },
  });
}
