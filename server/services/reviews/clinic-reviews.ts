import { and, eq, sql } from 'drizzle-orm';
import type { ClinicReview, ClinicReviewPage, ReviewListQuery } from '../../../contracts/reviews.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { clinicReviews } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-failure.ts';
import {
  authorJoin,
  hiddenOf,
  REVIEWS_NEWEST_FIRST,
  reviewAuthors,
  type ReviewFieldRow,
  reviewFieldColumns,
  toReviewFields,
} from './review-fields.ts';

// The clinic's own reviews (issue 23): all of them, those an admin hid too, with the public reason,
// and its one reply to each. The customer's text is the customer's alone: nothing here changes it.

const toClinicReview = (row: ReviewFieldRow): ClinicReview => ({ ...toReviewFields(row), hidden: hiddenOf(row) });

const ownReviews = (db: Pick<Database, 'select'>) =>
  db.select(reviewFieldColumns).from(clinicReviews).leftJoin(reviewAuthors, authorJoin);

/** GET /api/clinic/reviews: newest first (keyset), hidden ones included. */
export async function listClinicReviews(
  db: Database,
  clinicId: string,
  { limit, cursor }: ReviewListQuery,
): Promise<ClinicReviewPage> {
  const rows = await ownReviews(db)
    .where(and(eq(clinicReviews.clinicId, clinicId), afterCursor(REVIEWS_NEWEST_FIRST, cursor)))
    .orderBy(keysetOrder(REVIEWS_NEWEST_FIRST))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.id]);
  return { items: page.rows.map(toClinicReview), nextCursor: page.nextCursor };
}

/**
 * PUT /api/clinic/reviews/:reviewId/reply: publishes the clinic's one reply, or changes it. The first
 * publication is kept as its time; every save is its update time. Another clinic's review is not found.
 */
export async function replyToReview(
  db: Database,
  clinicId: string,
  reviewId: string,
  text: string,
  now: Date,
): Promise<ClinicReview> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(clinicReviews)
      .set({
        replyText: text,
        replyCreatedAt: sql`coalesce(${clinicReviews.replyCreatedAt}, ${now.toISOString()}::timestamptz)`,
        replyUpdatedAt: now,
      })
      .where(and(eq(clinicReviews.id, reviewId), eq(clinicReviews.clinicId, clinicId)))
      .returning({ id: clinicReviews.id });
    const [row] = updated ? await ownReviews(tx).where(eq(clinicReviews.id, updated.id)) : [];
    if (!row) throw notFound();
    return toClinicReview(row);
  });
}
