import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUserEditSchema, AdminUserPage } from '../../../../contracts/admin.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminUserKeys } from './get-users.ts';

export type UserEdit = { userId: string } & z.output<typeof AdminUserEditSchema>;

/** PATCH /api/admin/users/:id: only the customer's name; the email is the person's own (204). */
export const updateUser = (accessToken: string, { userId, fullName }: UserEdit) =>
  apiSend<void>('PATCH', `/admin/users/${encodeURIComponent(userId)}`, { fullName }, { accessToken });

export function useUpdateUser({ onSuccess, onError }: MutationCallbacks<void, UserEdit> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: UserEdit) => updateUser(await accessToken(), edit),
    onSuccess: (_result, edit) => {
      // The new name shows at once; the lists load again in the background, as the name may change their order.
      queryClient.setQueriesData<AdminUserPage>(
        { queryKey: adminUserKeys.lists() },
        (page) =>
          page && {
            ...page,
            items: page.items.map((user) => (user.id === edit.userId ? { ...user, fullName: edit.fullName } : user)),
          },
      );
      onSuccess?.(undefined, edit);
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() });
    },
    onError,
  });
}
