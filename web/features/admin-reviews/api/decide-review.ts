import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, ReviewDecisionForm } from '../../../../contracts/reviews.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminReviewKeys } from './keys.ts';

export type ReviewDecision = { reviewId: string } & ReviewDecisionForm;

/** POST /api/admin/reviews/:reviewId/decision: keep the review published (or show it again), or hide it with a public reason. */
export const decideReview = (accessToken: string, { reviewId, ...decision }: ReviewDecision) =>
  apiSend<AdminReview>('POST', `/admin/reviews/${encodeURIComponent(reviewId)}/decision`, decision, { accessToken });

export function useDecideReview({ onSuccess, onError }: MutationCallbacks<AdminReview, ReviewDecision> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ReviewDecision) => decideReview(await accessToken(), decision),
    onSuccess: async (review, decision) => {
      onSuccess?.(review, decision);
      // A decision moves the review between the filters and resolves its reports: every list and the menu's count load again.
      await queryClient.invalidateQueries({ queryKey: adminReviewKeys.all() });
    },
    onError,
  });
}
