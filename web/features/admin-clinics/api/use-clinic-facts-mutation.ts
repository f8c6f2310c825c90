import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFacts } from '../../../../contracts/admin.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminClinicKeys } from './keys.ts';
import type { ClinicChange } from './use-clinic-review-mutation.ts';

/**
 * A check of a fact or a change of scope (each answers the facts panel): shown at once, and the review
 * loads again for its history. On a conflict (409) the panel loads again to show what is true now.
 */
export function useClinicFactsMutation<TChange extends ClinicChange>(
  send: (accessToken: string, change: TChange) => Promise<AdminFacts>,
  { onSuccess, onError }: MutationCallbacks<AdminFacts, TChange> = {},
) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: TChange) => send(await accessToken(), change),
    onSuccess: (facts, change) => {
      onSuccess?.(facts, change);
      queryClient.setQueryData(adminClinicKeys.facts(change.clinicId), facts);
      void queryClient.invalidateQueries({ queryKey: adminClinicKeys.review(change.clinicId) });
    },
    onError: async (error, change) => {
      onError?.(error, change);
      if (error instanceof ApiRequestError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: adminClinicKeys.facts(change.clinicId) });
    },
  });
}
