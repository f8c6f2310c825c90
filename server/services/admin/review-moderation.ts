import { and, asc, countDistinct, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AdminReview,
  AdminReviewCount,
  AdminReviewPage,
  AdminReviewQuery,
  ReviewDecisionForm,
} from '../../../contracts/reviews.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { clinicReviewReports, clinicReviews, profiles } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-failure.ts';
import {
  authorJoin,
  hiddenOf,
  REVIEWS_NEWEST_FIRST,
  reviewAuthors,
  reviewFieldColumns,
  toReviewFields,
} from '../reviews/review-fields.ts';
import { recordAudit } from './audit.ts';

// The admin's moderation of customers' reviews (issue 23 point 3): the queue of reported reviews, and a
// decision to keep a review published or hide it with a public reason. A decision resolves every open
// report of the review; the clinic's rating follows by the trigger of migration 0020.

type Reader = Pick<Database, 'select'>;

const reviewClinics = alias(profiles, 'review_clinic');
const reporters = alias(profiles, 'review_reporter');
const isOpen = isNull(clinicReviewReports.resolvedAt);

/** The reviews with a report no admin has decided on (the partial index of open reports holds them). */
const hasOpenReport = (db: Reader) =>
  inArray(clinicReviews.id, db.select({ id: clinicReviewReports.reviewId }).from(clinicReviewReports).where(isOpen));

const FILTERS: Record<AdminReviewQuery['status'], (db: Reader) => SQL | undefined> = {
  reported: hasOpenReport,
  hidden: () => isNotNull(clinicReviews.hiddenAt),
  all: () => undefined,
};

/** Reviews as the admin reads them, newest first: each with its clinic and its open reports, oldest first. */
async function adminReviews(db: Reader, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      ...reviewFieldColumns,
      clinic: { id: reviewClinics.id, name: reviewClinics.fullName, slug: reviewClinics.slug },
    })
    .from(clinicReviews)
    .innerJoin(reviewClinics, eq(reviewClinics.id, clinicReviews.clinicId))
    .leftJoin(reviewAuthors, authorJoin)
    .where(where)
    .orderBy(keysetOrder(REVIEWS_NEWEST_FIRST))
    .limit(limit);
  const ids = rows.map((row) => row.id);
  const reports = ids.length
    ? await db
        .select({
          reviewId: clinicReviewReports.reviewId,
          id: clinicReviewReports.id,
          reason: clinicReviewReports.reason,
          createdAt: clinicReviewReports.createdAt,
          reporterName: reporters.fullName,
        })
        .from(clinicReviewReports)
        .leftJoin(reporters, eq(reporters.id, clinicReviewReports.reporterId))
        .where(and(inArray(clinicReviewReports.reviewId, ids), isOpen))
        .orderBy(asc(clinicReviewReports.createdAt), asc(clinicReviewReports.id))
    : [];
  return rows.map((row) => ({
    cursorTime: row.cursorTime,
    review: {
      ...toReviewFields(row),
      clinic: { id: row.clinic.id, name: row.clinic.name, slug: row.clinic.slug ?? '' },
      hidden: hiddenOf(row),
      openReports: reports
        .filter((report) => report.reviewId === row.id)
        .map((report) => ({
          id: report.id,
          reason: report.reason,
          createdAt: report.createdAt.toISOString(),
          reporterName: report.reporterName,
        })),
    } satisfies AdminReview,
  }));
}

/** GET /api/admin/reviews: the reported ones (the queue), the hidden ones, or all; newest first, paged by cursor. */
export async function listAdminReviews(
  db: Database,
  { status, cursor, limit }: AdminReviewQuery,
): Promise<AdminReviewPage> {
  const rows = await adminReviews(db, and(FILTERS[status](db), afterCursor(REVIEWS_NEWEST_FIRST, cursor)), limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.review.id]);
  return { items: page.rows.map((row) => row.review), nextCursor: page.nextCursor };
}

/** The admin menu's count: reviews waiting for a decision. */
export async function countWaitingReviews(db: Database): Promise<AdminReviewCount> {
  const [row] = await db
    .select({ waiting: countDistinct(clinicReviewReports.reviewId) })
    .from(clinicReviewReports)
    .where(isOpen);
  return { waiting: row?.waiting ?? 0 };
}

/**
 * The admin keeps a review published (showing a hidden one again) or hides it with a public reason,
 * and so resolves its open reports, in one transaction with the audit entry. Deciding what is already
 * so, with no report open, changes nothing and writes no second entry. 404 for a review that does not exist.
 */
export async function decideReview(
  db: Database,
  adminId: string,
  reviewId: string,
  form: ReviewDecisionForm,
  now: Date,
): Promise<AdminReview> {
  const reason = form.decision === 'hide' ? form.reason : null;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ clinicId: clinicReviews.clinicId, hiddenReason: clinicReviews.hiddenReason })
      .from(clinicReviews)
      .where(eq(clinicReviews.id, reviewId))
      .for('update');
    if (!before) throw notFound();
    const changes = before.hiddenReason !== reason;
    if (changes)
      await tx
        .update(clinicReviews)
        .set({ hiddenAt: reason ? now : null, hiddenReason: reason, hiddenBy: reason ? adminId : null })
        .where(eq(clinicReviews.id, reviewId));
    const resolved = await tx
      .update(clinicReviewReports)
      .set({ resolvedAt: now, resolution: reason ? 'hidden' : 'kept', resolvedBy: adminId })
      .where(and(eq(clinicReviewReports.reviewId, reviewId), isOpen))
      .returning({ id: clinicReviewReports.id });
    if (!changes && resolved.length === 0) return;
    const state = (hiddenReason: string | null) => ({
      status: hiddenReason ? 'hidden' : 'published',
      reason: hiddenReason,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: reason ? 'review.hidden' : 'review.kept',
      targetId: reviewId,
      before: state(before.hiddenReason),
      after: state(reason),
      details: { clinicId: before.clinicId, resolvedReports: resolved.length },
    });
  });
  const [decided] = await adminReviews(db, eq(clinicReviews.id, reviewId), 1);
  if (!decided) throw notFound();
  return decided.review;
}
