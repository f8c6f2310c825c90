import { and, eq } from 'drizzle-orm';
import {
  type PublicReview,
  type PublicReviewPage,
  type ReviewListQuery,
  ratingSummary,
} from '../../../contracts/reviews.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { clinicReviews, profiles } from '../../db/schema/index.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { isListed } from '../listed.ts';
import {
  authorJoin,
  hiddenOf,
  REVIEWS_NEWEST_FIRST,
  reviewAuthors,
  type ReviewFieldRow,
  reviewFieldColumns,
  toReviewFields,
} from './review-fields.ts';

// The reviews on a register clinic's page (issue 23): every review, newest first, a hidden one as a
// placeholder that keeps only the public reason, so a reader sees that something was taken down and why.

function toPublicReview(row: ReviewFieldRow): PublicReview {
  const hidden = hiddenOf(row);
  // Nothing of a hidden review's text, stars or author leaves the server.
  if (hidden)
    return { status: 'hidden', id: row.id, visitDate: row.visitDate, createdAt: row.createdAt.toISOString(), hidden };
  return { status: 'published', ...toReviewFields(row) };
}

/**
 * GET /api/clinics/:clinicId/reviews: one page of a listed clinic's reviews (keyset, newest first) with
 * its rating and count of published reviews as the trigger keeps them on its profile; undefined for a
 * clinic outside the register on the Swedish date of `now`, whose page does not exist either.
 */
export async function publicReviewPage(
  db: Database,
  clinicId: string,
  { limit, cursor }: ReviewListQuery,
  now: Date,
): Promise<PublicReviewPage | undefined> {
  const [clinic] = await db
    .select({ count: profiles.reviewCount, sum: profiles.reviewRatingSum })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), isListed(profiles.id, dateInSweden(now))));
  if (!clinic) return undefined;
  const rows = await db
    .select(reviewFieldColumns)
    .from(clinicReviews)
    .leftJoin(reviewAuthors, authorJoin)
    .where(and(eq(clinicReviews.clinicId, clinicId), afterCursor(REVIEWS_NEWEST_FIRST, cursor)))
    .orderBy(keysetOrder(REVIEWS_NEWEST_FIRST))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.id]);
  return {
    items: page.rows.map(toPublicReview),
    nextCursor: page.nextCursor,
    rating: ratingSummary(clinic.count, clinic.sum),
    reviewCount: clinic.count,
  };
}
