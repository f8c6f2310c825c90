import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type HiddenReviewSchema, reviewerName, type ReviewReplySchema } from '../../../contracts/reviews.ts';
import type { Keyset } from '../../db/keyset.ts';
import { cursorTime } from '../../db/keyset.ts';
import { clinicReviews, profiles } from '../../db/schema/index.ts';

// What every list of reviews (the clinic's page, the clinic's own list, the customer's, the admin's
// queue) reads of a review and how it shows it: one place, so the author's name, the reply and the
// hidden state read the same everywhere (issue 23).

/** The author's profile: join it with `authorJoin`; a deleted account leaves it null ("Tidigare kund"). */
export const reviewAuthors = alias(profiles, 'review_author');
export const authorJoin = eq(reviewAuthors.id, clinicReviews.authorId);

/** Newest first; the cursor is the review's time to the microsecond and its id. */
export const REVIEWS_NEWEST_FIRST: Keyset = {
  sortKey: clinicReviews.createdAt,
  kind: 'time',
  id: clinicReviews.id,
  direction: 'desc',
};

/** The select of a review's fields, for `db.select({...reviewFieldColumns, ...}).from(clinicReviews).leftJoin(reviewAuthors, authorJoin)`. */
export const reviewFieldColumns = {
  id: clinicReviews.id,
  authorFullName: reviewAuthors.fullName,
  rating: clinicReviews.rating,
  text: clinicReviews.text,
  visitDate: clinicReviews.visitDate,
  createdAt: clinicReviews.createdAt,
  /** The cursor's time: `createdAt` to the microsecond. */
  cursorTime: cursorTime(clinicReviews.createdAt),
  editedAt: clinicReviews.editedAt,
  replyText: clinicReviews.replyText,
  replyCreatedAt: clinicReviews.replyCreatedAt,
  replyUpdatedAt: clinicReviews.replyUpdatedAt,
  hiddenAt: clinicReviews.hiddenAt,
  hiddenReason: clinicReviews.hiddenReason,
};

export interface ReviewFieldRow {
  id: string;
  authorFullName: string | null;
  rating: number;
  text: string;
  visitDate: string;
  createdAt: Date;
  cursorTime: string;
  editedAt: Date | null;
  replyText: string | null;
  replyCreatedAt: Date | null;
  replyUpdatedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: z.infer<typeof HiddenReviewSchema>['reason'] | null;
}

export function replyOf(row: ReviewFieldRow): z.infer<typeof ReviewReplySchema> | null {
  if (row.replyText === null || !row.replyCreatedAt) return null;
  return {
    text: row.replyText,
    createdAt: row.replyCreatedAt.toISOString(),
    updatedAt: (row.replyUpdatedAt ?? row.replyCreatedAt).toISOString(),
  };
}

export function hiddenOf(row: ReviewFieldRow): z.infer<typeof HiddenReviewSchema> | null {
  return row.hiddenAt && row.hiddenReason ? { reason: row.hiddenReason, hiddenAt: row.hiddenAt.toISOString() } : null;
}

/** The fields every view of a review shares (contracts/reviews.ts ReviewFieldsSchema). */
export function toReviewFields(row: ReviewFieldRow) {
  return {
    id: row.id,
    authorName: reviewerName(row.authorFullName),
    rating: row.rating,
    text: row.text,
    visitDate: row.visitDate,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    reply: replyOf(row),
  };
}
