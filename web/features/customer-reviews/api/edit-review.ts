import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerReview, EditReviewForm } from '../../../../contracts/reviews.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import type { CustomerReviewPage } from './get-my-reviews.ts';
import { customerReviewKeys } from './keys.ts';

export interface ReviewEdit {
  reviewId: string;
  review: EditReviewForm;
}

/** PATCH /api/me/reviews/:reviewId: the author changes the stars and the text, within 30 days of writing. */
export const editReview = (accessToken: string, { reviewId, review }: ReviewEdit) =>
  apiSend<CustomerReview>('PATCH', `/me/reviews/${encodeURIComponent(reviewId)}`, review, { accessToken });

export function useEditReview({ onSuccess, onError }: MutationCallbacks<CustomerReview, ReviewEdit> = {}) {
  const accessToken = useAccessToken();
  const customerId = useSignedInUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: ReviewEdit) => editReview(await accessToken(), edit),
    onSuccess: (changed, edit) => {
      // In its place in the list: the loaded pages' cursors stay valid.
      queryClient.setQueryData<InfiniteData<CustomerReviewPage>>(customerReviewKeys.reviews(customerId), (list) =>
        list
          ? {
              ...list,
              pages: list.pages.map((page) => ({
                ...page,
                items: page.items.map((review) => (review.id === changed.id ? changed : review)),
              })),
            }
          : list,
      );
      onSuccess?.(changed, edit);
    },
    onError,
  });
}
