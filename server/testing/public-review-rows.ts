import { randomUUID } from 'node:crypto';
import type { ReviewHideReason } from '../../contracts/constants.ts';
import type { Database } from '../db/client.ts';
import { clinicReviews, reviewInvitations } from '../db/schema/index.ts';
import { sha256 } from '../services/auth/tokens.ts';

export interface TestReview {
  clinicId: string;
  /** The customer who wrote it; null for one whose account was deleted ("Tidigare kund"). */
  authorId: string | null;
  rating?: number;
  text?: string;
  visitDate?: string;
  createdAt?: Date;
  editedAt?: Date | null;
  reply?: { text: string; createdAt: Date; updatedAt?: Date };
  /** Hidden by an admin for this public reason. */
  hidden?: ReviewHideReason;
}

/**
 * A written review as the customer's route leaves it: its used invitation (the clinic's, for the visit)
 * and the review of it. The trigger of migration 0020 counts it on the clinic's profile. Returns its id.
 */
export async function insertReview(db: Database, review: TestReview): Promise<string> {
  const createdAt = review.createdAt ?? new Date();
  const visitDate = review.visitDate ?? '2026-11-02';
  const [invitation] = await db
    .insert(reviewInvitations)
    .values({
      clinicId: review.clinicId,
      email: `${randomUUID()}@test.example`,
      visitDate,
      tokenHash: sha256(randomUUID()),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 30 * 24 * 60 * 60 * 1000),
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
      rating: review.rating ?? 5,
      text: review.text ?? 'Lugn och noggrann behandling, tydlig information före och efter.',
      visitDate,
      createdAt,
      editedAt: review.editedAt ?? null,
      replyText: review.reply?.text ?? null,
      replyCreatedAt: review.reply?.createdAt ?? null,
      replyUpdatedAt: review.reply ? (review.reply.updatedAt ?? review.reply.createdAt) : null,
      hiddenAt: review.hidden ? createdAt : null,
      hiddenReason: review.hidden ?? null,
    })
    .returning({ id: clinicReviews.id });
  if (!row) throw new Error('The review was not written');
  return row.id;
}
