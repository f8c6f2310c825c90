import { useMutation } from '@tanstack/react-query';
import type { ReviewReportForm } from '../../../../contracts/reviews.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';

/** POST /api/reviews/:reviewId/reports: asks an admin to look at a review, with the reason why. */
export const reportReview = (accessToken: string, reviewId: string, report: ReviewReportForm) =>
  apiSend<undefined>('POST', `/reviews/${encodeURIComponent(reviewId)}/reports`, report, { accessToken });

export function useReportReview(
  reviewId: string,
  { onSuccess, onError }: MutationCallbacks<undefined, ReviewReportForm> = {},
) {
  const accessToken = useAccessToken();
  return useMutation({
    mutationFn: async (report: ReviewReportForm) => reportReview(await accessToken(), reviewId, report),
    onSuccess,
    onError,
  });
}
