import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerReview, WriteReviewForm } from '../../../../contracts/reviews.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import type { CustomerInvitationPage } from './get-invitations.ts';
import type { CustomerReviewPage } from './get-my-reviews.ts';
import { customerReviewKeys } from './keys.ts';

/** POST /api/me/reviews: the one review of an invitation the customer claimed. */
export const writeReview = (accessToken: string, review: WriteReviewForm) =>
  apiSend<CustomerReview>('POST', '/me/reviews', review, { accessToken });

export function useWriteReview({ onSuccess, onError }: MutationCallbacks<CustomerReview, WriteReviewForm> = {}) {
  const accessToken = useAccessToken();
  const customerId = useSignedInUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: WriteReviewForm) => writeReview(await accessToken(), review),
    onSuccess: (review, form) => {
      // The invitation is used: it leaves the open ones, and the review heads the customer's list.
      queryClient.setQueryData<InfiniteData<CustomerInvitationPage>>(
        customerReviewKeys.invitations(customerId),
        (list) =>
          list
            ? {
                ...list,
                pages: list.pages.map((page) => ({
                  ...page,
                  items: page.items.filter((invitation) => invitation.id !== form.invitationId),
                })),
              }
            : list,
      );
      queryClient.setQueryData<InfiniteData<CustomerReviewPage>>(customerReviewKeys.reviews(customerId), (list) => {
        const [first, ...rest] = list?.pages ?? [];
        return list && first ? { ...list, pages: [{ ...first, items: [review, ...first.items] }, ...rest] } : list;
      });
      onSuccess?.(review, form);
    },
    onError,
  });
}
