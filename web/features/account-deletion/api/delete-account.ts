import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../contracts/account-deletion.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';

/** DELETE /api/me/account: the signed-in person's own account, with its password (204). */
export const deleteAccount = (accessToken: string, input: DeleteAccountInput) =>
  apiSend<void>('DELETE', '/me/account', input, { accessToken });

export function useDeleteAccount() {
  const accessToken = useAccessToken();
  return useMutation({ mutationFn: async (input: DeleteAccountInput) => deleteAccount(await accessToken(), input) });
}
