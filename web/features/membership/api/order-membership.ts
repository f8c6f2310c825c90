import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipOrder, MembershipOrderResult } from '../../../../contracts/payments.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { membershipKeys } from './get-membership.ts';

/** POST /api/clinic/membership/orders: an invoice sent by email, or a Stripe Checkout to go on to. */
export const orderMembership = (accessToken: string, order: MembershipOrder) =>
  apiSend<MembershipOrderResult>('POST', '/clinic/membership/orders', order, { accessToken });

export function useOrderMembership({
  onSuccess,
  onError,
}: MutationCallbacks<MembershipOrderResult, MembershipOrder> = {}) {
  const clinicId = useSignedInUserId();
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: MembershipOrder) => orderMembership(await accessToken(), order),
    onSuccess: async (result, order) => {
      onSuccess?.(result, order);
      // An invoice changes the year's status and adds a payment; a Checkout leaves the page instead.
      if (result.provider === 'invoice')
        await queryClient.invalidateQueries({ queryKey: membershipKeys.all(clinicId) });
    },
    onError: async (error, order) => {
      onError?.(error, order);
      // Paid or ordered meanwhile (another tab, a late webhook): show what is true now.
      if (error instanceof ApiRequestError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: membershipKeys.all(clinicId) });
    },
  });
}
