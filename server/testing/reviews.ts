import { randomUUID } from 'node:crypto';
import { REVIEW_INVITATION_VALID_DAYS, type ReviewHideReason } from '../../contracts/constants.ts';
import type { Database } from '../db/client.ts';
import { clinicReviewReports, clinicReviews, reviewInvitations } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { newOpaqueToken, sha256 } from '../services/auth/tokens.ts';

// The rows of reviews from verified visits (issue 23) written directly, as the clinic's, the customer's
// and the report routes leave them, for the tests that need invitations, reviews and reports rather than
// the way to them.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestInvitation {
  clinicId: string;
  /** The invited address, stored as given (the clinic's route stores it in lower case). */
  email: string;
  /** When the clinic sent it; now by default. It is valid REVIEW_INVITATION_VALID_DAYS from then unless `expiresAt` says otherwise. */
  createdAt?: Date;
  expiresAt?: Date;
  /** By default the day before `createdAt`, in Sweden. */
  visitDate?: string;
  claimedBy?: string | null;
  usedAt?: Date | null;
}

/**
 * A review invitation as the clinic's route leaves it (a row holding the SHA-256 of its token), with the
 * raw token that its emailed link `/omdome/{token}` carries.
 */
export async function insertInvitation(
  db: Database,
  invitation: TestInvitation,
): Promise<{ id: string; token: string; visitDate: string }> {
  const token = newOpaqueToken();
  const createdAt = invitation.createdAt ?? new Date();
  const [row] = await db
    .insert(reviewInvitations)
    .values({
      clinicId: invitation.clinicId,
      email: invitation.email,
      visitDate: invitation.visitDate ?? dateInSweden(new Date(createdAt.getTime() - DAY_MS)),
      tokenHash: sha256(token),
      createdAt,
      expiresAt: invitation.expiresAt ?? new Date(createdAt.getTime() + REVIEW_INVITATION_VALID_DAYS * DAY_MS),
      claimedBy: invitation.claimedBy ?? null,
      usedAt: invitation.usedAt ?? null,
    })
    .returning({ id: reviewInvitations.id, visitDate: reviewInvitations.visitDate });
  if (!row) throw new Error('The invitation was not written');
  return { ...row, token };
}

export interface TestReview {
  clinicId: string;
  /** The customer who wrote it; null as after the account was deleted ("Tidigare kund"). */
  authorId: string | null;
  rating?: number;
  text?: string;
  /** By default the day before `createdAt`, in Sweden, as the invitation's. */
  visitDate?: string;
  /** When it was written, now by default: the lists' order. */
  createdAt?: Date;
  editedAt?: Date | null;
  /** The clinic's reply, published when the review was written unless `createdAt` says otherwise. */
  reply?: { text: string; createdAt?: Date; updatedAt?: Date };
  /** Hidden by an admin (`by`, none by default) for this public reason, when it was written unless `at` says otherwise. */
  hidden?: { reason: ReviewHideReason; by?: string | null; at?: Date };
}

/**
 * A written review as the customer's route leaves it: the clinic's invitation for the visit, claimed and
 * used by the author, and the review of it. The trigger of migration 0020 counts it on the clinic's
 * profile. Returns its id.
 */
export async function insertReview(db: Database, review: TestReview): Promise<string> {
  const createdAt = review.createdAt ?? new Date();
  const invitation = await insertInvitation(db, {
    clinicId: review.clinicId,
    email: `${randomUUID()}@test.example`,
    createdAt,
    visitDate: review.visitDate,
    claimedBy: review.authorId,
    usedAt: createdAt,
  });
  const replyCreatedAt = review.reply ? (review.reply.createdAt ?? createdAt) : null;
  const [row] = await db
    .insert(clinicReviews)
    .values({
      invitationId: invitation.id,
      clinicId: review.clinicId,
      authorId: review.authorId,
      rating: review.rating ?? 5,
      text: review.text ?? 'Lugn och noggrann behandling, tydlig information före och efter.',
      visitDate: invitation.visitDate,
      createdAt,
      editedAt: review.editedAt ?? null,
      replyText: review.reply?.text ?? null,
      replyCreatedAt,
      replyUpdatedAt: review.reply?.updatedAt ?? replyCreatedAt,
      hiddenAt: review.hidden ? (review.hidden.at ?? createdAt) : null,
      hiddenReason: review.hidden?.reason ?? null,
      hiddenBy: review.hidden?.by ?? null,
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
