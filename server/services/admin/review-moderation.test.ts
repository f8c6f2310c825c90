import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, clinicReviewReports, clinicReviews, profiles } from '../../db/schema/index.ts';
import { insertReport, insertReview } from '../../testing/reviews.ts';
import { describeEachEngine, insertClinics } from '../../testing/test-app.ts';
import { decideReview } from './review-moderation.ts';

// Two admins deciding on the same review at once (a double click, two tabs): the review's row lock
// makes the second wait and then find the decision made, so the log holds what happened, once.

describeEachEngine('review moderation: decisions at the same time', {}, (t) => {
  async function reportedReview() {
    const [clinicId = '', authorId = '', reporterId = '', firstAdmin = '', secondAdmin = ''] = await insertClinics(
      t.db,
      [
        { fullName: 'Samtidiga Kliniken' },
        { fullName: 'Anna Karlsson', role: 'customer', isCertified: false },
        { fullName: 'Rut Rapport', role: 'customer', isCertified: false },
        { fullName: 'Admin Ett', role: 'admin', isCertified: false },
        { fullName: 'Admin Två', role: 'admin', isCertified: false },
      ],
    );
    const reviewId = await insertReview(t.db, { clinicId, authorId, rating: 1 });
    await insertReport(t.db, { reviewId, reporterId });
    return { clinicId, reviewId, admins: [firstAdmin, secondAdmin] as const };
  }
  const auditOf = (reviewId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.targetId, reviewId)).orderBy(asc(auditLog.id));

  it('records the same decision by two admins at once as one, its reports resolved by one of them', async () => {
    const { clinicId, reviewId, admins } = await reportedReview();
    const now = new Date();
    const answers = await Promise.all(
      admins.map((adminId) => decideReview(t.db, adminId, reviewId, { decision: 'hide', reason: 'offensive' }, now)),
    );
    expect(answers.map((review) => review.hidden?.reason)).toEqual(['offensive', 'offensive']);
    const entries = await auditOf(reviewId);
    expect(entries.map((entry) => entry.action)).toEqual(['review.hidden']);
    const [report] = await t.db.select().from(clinicReviewReports).where(eq(clinicReviewReports.reviewId, reviewId));
    expect(report).toMatchObject({ resolution: 'hidden', resolvedBy: entries[0]?.actorId });
    const [clinic] = await t.db
      .select({ count: profiles.reviewCount, sum: profiles.reviewRatingSum })
      .from(profiles)
      .where(eq(profiles.id, clinicId));
    expect(clinic).toEqual({ count: 0, sum: 0 });
  });

  it('leaves the review as the last decision in the log says when two admins decide differently at once', async () => {
    const { reviewId, admins } = await reportedReview();
    const now = new Date();
    await Promise.all([
      decideReview(t.db, admins[0], reviewId, { decision: 'hide', reason: 'guidelines' }, now),
      decideReview(t.db, admins[1], reviewId, { decision: 'keep' }, now),
    ]);
    const entries = await auditOf(reviewId);
    const [review] = await t.db
      .select({ hiddenReason: clinicReviews.hiddenReason })
      .from(clinicReviews)
      .where(eq(clinicReviews.id, reviewId));
    expect(entries.at(-1)?.details).toMatchObject({
      after: { status: review?.hiddenReason ? 'hidden' : 'published', reason: review?.hiddenReason ?? null },
    });
    // Each entry starts from the state the one before it left.
    for (const [index, entry] of entries.entries())
      if (index > 0) expect(entry.details.before).toEqual(entries[index - 1]?.details.after);
  });
});
