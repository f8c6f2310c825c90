import { randomUUID } from 'node:crypto';
import type { ReviewHideReason } from '../../contracts/constants.ts';
import type { Database } from '../db/client.ts';
import { clinicReviewReports, clinicReviews, reviewInvitations } from '../db/schema/index.ts';
import { sha256 } from '../services/auth/tokens.ts';

// The rows the admin's moderation works on, written directly as the invitation, review and report
// routes leave them (issue 23): its tests need reviews and reports, not the way to them.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewRow {
  clinicId: string;
  /** The customer who wrote it; null as after the account was deleted. */
  authorId: string | null;
  rating?: number;
  text?: string;
  /** When it was written: the lists' order. */
  createdAt?: Date;
  hidden?: { reason: ReviewHideReason; by: string | null };
  reply?: string;
}

/** A used invitation and its review; the review's id. */
export async function insertReview(db: Database, review: ReviewRow): Promise<string> {
  const createdAt = review.createdAt ?? new Date();
  const visitDate = new Date(createdAt.getTime() - 7 * DAY_MS).toISOString().slice(0, 10);
  const [invitation] = await db
    .insert(reviewInvitations)
    .values({
      clinicId: review.clinicId,
      email: `${randomUUID()}@test.example`,
      visitDate,
      tokenHash: sha256(randomUUID()),
      createdAt: new Date(createdAt.getTime() - DAY_MS),
      expiresAt: new Date(createdAt.getTime() + 29 * DAY_MS),
      claimedBy: review.authorId,
      usedAt: createdAt,
    })
    .returning({ id: reviewInvitations.id });
  if (!invitation) throw new Error('The invitation was not written');
  const [row] = await db
    .insert(clinicReviews)
    .values({
      invitationId: invitation.id,
      clinicId: review.clinicId,
      authorId: review.authorId,
      rating: review.rating ?? 4,
      text: review.text ?? 'Ett lugnt och noggrant besök, jag kommer tillbaka.',
      visitDate,
      createdAt,
      ...(review.reply ? { replyText: review.reply, replyCreatedAt: createdAt, replyUpdatedAt: createdAt } : {}),
      ...(review.hidden ? { hiddenAt: createdAt, hiddenReason: review.hidden.reason, hiddenBy: review.hidden.by } : {}),
    })
    .returning({ id: clinicReviews.id });
  if (!row) throw new Error('The review was not written');
  return row.id;
}

/** An open report of the review; the report's id. */
export async function insertReport(
  db: Database,
  report: { reviewId: string; reporterId: string | null; reason?: string; createdAt?: Date },
): Promise<string> {
  const [row] = await db
    .insert(clinicReviewReports)
    .values({
      reviewId: report.reviewId,
      reporterId: report.reporterId,
      reason: report.reason ?? 'Texten nämner en anställd vid namn.',
      createdAt: report.createdAt ?? new Date(),
    })
    .returning({ id: clinicReviewReports.id });
  if (!row) throw new Error('The report was not written');
  return row.id;
}
