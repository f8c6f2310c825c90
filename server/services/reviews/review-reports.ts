import { and, eq, isNull } from 'drizzle-orm';
import type { ReviewReportForm } from '../../../contracts/reviews.ts';
import type { Database } from '../../db/client.ts';
import { clinicReviewReports, clinicReviews } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';

/**
 * POST /api/reviews/:reviewId/reports: a signed-in person (any role) asks an admin to look at a
 * published review (issue 23). A hidden review is already taken down: to the reporter it is not found,
 * as an unknown one. One open report per person and review (a unique index): a second, before an admin
 * has decided on the first, is refused.
 */
export async function reportReview(
  db: Database,
  reporterId: string,
  reviewId: string,
  { reason }: ReviewReportForm,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: clinicReviews.id })
      .from(clinicReviews)
      .where(and(eq(clinicReviews.id, reviewId), isNull(clinicReviews.hiddenAt)))
      // An admin hiding it at the same moment waits for this report, which then joins the ones decided.
      .for('share');
    if (!review) throw notFound();
    const written = await tx
      .insert(clinicReviewReports)
      .values({ reviewId, reporterId, reason })
      .onConflictDoNothing()
      .returning({ id: clinicReviewReports.id });
    if (written.length === 0) throw new ApiFailure(409, 'review_already_reported', 'reviewAlreadyReported');
  });
}
