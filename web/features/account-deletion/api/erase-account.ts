import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseAccountInput } from '../../../../contracts/account-deletion.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';

export type AccountErasure = { accountId: string } & EraseAccountInput;

/**
 * POST /api/admin/users/:id/erase: a customer's or a clinic's account, on their request, with the reason
 * for the audit log (204).
 */
export const eraseAccount = (accessToken: string, { accountId, reason }: AccountErasure) =>
  apiSend<void>('POST', `/admin/users/${encodeURIComponent(accountId)}/erase`, { reason }, { accessToken });

export function useEraseAccount({ onSuccess, onError }: MutationCallbacks<void, AccountErasure> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (erasure: AccountErasure) => eraseAccount(await accessToken(), erasure),
    onSuccess: (_result, erasure) => {
      onSuccess?.(undefined, erasure);
      // A customer leaves the users table and the console's counts, a clinic reads Borttagen in the
      // clinics table; messages and reports show the account deleted.
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError,
  });
}
