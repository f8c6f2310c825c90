import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicReview, ClinicReviewPage, ReviewReplyForm } from '../../../../contracts/reviews.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { clinicReviewKeys } from './get-clinic-reviews.ts';

/** PUT /api/clinic/reviews/:reviewId/reply: publishes the clinic's one reply, or changes it. */
export const saveReply = (accessToken: string, reviewId: string, form: ReviewReplyForm) =>
  apiSend<ClinicReview>('PUT', `/clinic/reviews/${encodeURIComponent(reviewId)}/reply`, form, { accessToken });

export function useSaveReply(
  reviewId: string,
  { onSuccess, onError }: MutationCallbacks<ClinicReview, ReviewReplyForm> = {},
) {
  const accessToken = useAccessToken();
  const clinicId = useSignedInUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: ReviewReplyForm) => saveReply(await accessToken(), reviewId, form),
    onSuccess: (review, form) => {
      // The review takes its place in the loaded pages; their cursors stay valid.
      queryClient.setQueryData<InfiniteData<ClinicReviewPage>>(clinicReviewKeys.list(clinicId), (list) =>
        list
          ? {
              ...list,
              pages: list.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === review.id ? review : item)),
              })),
            }
          : list,
      );
      onSuccess?.(review, form);
    },
    onError,
  });
}
