import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseAccountInput } from '../../../../contracts/account-deletion.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';

export type UserErasure = { userId: string } & EraseAccountInput;

/** POST /api/admin/users/:id/erase: the person's account, on their request, with the reason for the audit log (204). */
export const eraseUser = (accessToken: string, { userId, reason }: UserErasure) =>
  apiSend<void>('POST', `/admin/users/${encodeURIComponent(userId)}/erase`, { reason }, { accessToken });

export function useEraseUser({ onSuccess, onError }: MutationCallbacks<void, UserErasure> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (erasure: UserErasure) => eraseUser(await accessToken(), erasure),
    onSuccess: (_result, erasure) => {
      onSuccess?.(undefined, erasure);
      // The person leaves the users table and the console's counts; its messages and reports show it deleted.
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError,
  });
}
