import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipWaiver } from '../../../../contracts/payments.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminClinicKeys } from './keys.ts';
import type { ClinicChange } from './use-clinic-review-mutation.ts';

export type Waiver = ClinicChange & MembershipWaiver;

/** POST /api/admin/clinics/:id/membership-waiver (204): the clinic may send in for the year without paying. */
export const waiveMembership = (accessToken: string, { clinicId, ...waiver }: Waiver) =>
  apiSend<undefined>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/membership-waiver`, waiver, {
    accessToken,
  });

export function useWaiveMembership({ onSuccess, onError }: MutationCallbacks<undefined, Waiver> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (waiver: Waiver) => waiveMembership(await accessToken(), waiver),
    onSuccess: async (result, waiver) => {
      onSuccess?.(result, waiver);
      // The waiver is in the clinic's history.
      await queryClient.invalidateQueries({ queryKey: adminClinicKeys.review(waiver.clinicId) });
    },
    onError,
  });
}
