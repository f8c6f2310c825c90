import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipPlan, MembershipPlanUpdate } from '../../../../contracts/payments.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminPaymentKeys } from './keys.ts';

export type PlanChange = { planId: string } & MembershipPlanUpdate;

/** PUT /api/admin/plans/:id: every field of the plan; the server keeps the change in its history. */
export const updatePlan = (accessToken: string, { planId, ...update }: PlanChange) =>
  apiSend<MembershipPlan>('PUT', `/admin/plans/${encodeURIComponent(planId)}`, update, { accessToken });

export function useUpdatePlan({ onSuccess, onError }: MutationCallbacks<MembershipPlan, PlanChange> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PlanChange) => updatePlan(await accessToken(), change),
    onSuccess: async (plan, change) => {
      onSuccess?.(plan, change);
      // The plan's history has the new entry: load the plans again.
      await queryClient.invalidateQueries({ queryKey: adminPaymentKeys.plans() });
    },
    onError,
  });
}
