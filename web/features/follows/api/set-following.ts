import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicCard } from '../../../../contracts/clinics.ts';
import type { FollowedPage, FollowStatus } from '../../../../contracts/customer-area.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { followKeys } from './keys.ts';

export interface FollowChange {
  clinic: Pick<ClinicCard, 'id' | 'fullName'>;
  /** true to follow, false to stop following. */
  following: boolean;
}

/** PUT /api/me/follows/:clinicId follows, DELETE stops following; both answer 204 and doing either twice is the same as once. */
export const setFollowing = (accessToken: string, { clinic, following }: FollowChange) =>
  apiSend<void>(following ? 'PUT' : 'DELETE', `/me/follows/${encodeURIComponent(clinic.id)}`, undefined, {
    accessToken,
  });

export function useSetFollowing({ onSuccess, onError }: MutationCallbacks<void, FollowChange> = {}) {
  const accessToken = useAccessToken();
  const customerId = useSignedInUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: FollowChange) => setFollowing(await accessToken(), change),
    onSuccess: async (_result, change) => {
      const { id } = change.clinic;
      // Every card of this clinic shows the new state at once, wherever it is.
      queryClient.setQueriesData<FollowStatus>({ queryKey: followKeys.statuses(customerId) }, (status) =>
        status
          ? { followed: [...status.followed.filter((followed) => followed !== id), ...(change.following ? [id] : [])] }
          : status,
      );
      // Unfollowing removes the card from the followed list at once; the pages' cursors stay valid.
      if (!change.following) {
        queryClient.setQueriesData<InfiniteData<FollowedPage>>({ queryKey: followKeys.lists(customerId) }, (list) =>
          list?.pages.some((page) => page.items.some((clinic) => clinic.id === id))
            ? {
                ...list,
                pages: list.pages.map((page) => ({
                  ...page,
                  items: page.items.filter((clinic) => clinic.id !== id),
                  total: page.total - 1,
                })),
              }
            : list,
        );
      }
      onSuccess?.(undefined, change);
      // A newly followed clinic takes its place in the list (and the count) the next time it is shown.
      await queryClient.invalidateQueries({ queryKey: followKeys.lists(customerId), refetchType: 'none' });
    },
    onError,
  });
}
