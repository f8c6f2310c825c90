import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { REVIEW_EDIT_DAYS, type Role } from '../../../contracts/constants.ts';
import type {
  CustomerInvitation,
  CustomerInvitationPageSchema,
  CustomerReview,
  CustomerReviewPageSchema,
  EditReviewForm,
  InvitationByToken,
  ReviewListQuery,
  WriteReviewForm,
} from '../../../contracts/reviews.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, cursorTime, type Keyset, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { clinicReviews, profiles, reviewInvitations } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import { sha256 } from '../auth/tokens.ts';
import { invitationStatus, isOpenInvitation } from './invitation-status.ts';
import {
  authorJoin,
  hiddenOf,
  REVIEWS_NEWEST_FIRST,
  reviewAuthors,
  reviewFieldColumns,
  type ReviewFieldRow,
  toReviewFields,
} from './review-fields.ts';

// The customer's side of reviews from verified visits (issue 23, decision 032): the emailed link names
// an invitation, the customer account with the invited address claims it, writes its one review, and
// may change that review within REVIEW_EDIT_DAYS. Nobody else writes or changes a customer's text.

const DAY_MS = 24 * 60 * 60 * 1000;

const invitationInvalid = () => new ApiFailure(404, 'invitation_invalid', 'invitationInvalid');
const invitationUsed = () => new ApiFailure(410, 'invitation_used', 'invitationUsed');
const invitationExpired = () => new ApiFailure(410, 'invitation_expired', 'invitationExpired');

/** The clinic a review or an invitation is of, as ClinicRefSchema shows it. */
const clinicRefColumns = {
  clinicId: profiles.id,
  clinicName: profiles.fullName,
  // Every clinic has one (a trigger makes it from the name, migration 0008); the type allows none.
  clinicSlug: sql<string>`coalesce(${profiles.slug}, '')`,
};
const toClinicRef = (row: { clinicId: string; clinicName: string; clinicSlug: string }) => ({
  id: row.clinicId,
  name: row.clinicName,
  slug: row.clinicSlug,
});

const invitationColumns = {
  id: reviewInvitations.id,
  email: reviewInvitations.email,
  visitDate: reviewInvitations.visitDate,
  expiresAt: reviewInvitations.expiresAt,
  usedAt: reviewInvitations.usedAt,
  claimedBy: reviewInvitations.claimedBy,
  cursorTime: cursorTime(reviewInvitations.createdAt),
  ...clinicRefColumns,
};

type InvitationRow = {
  id: string;
  email: string;
  visitDate: string;
  expiresAt: Date;
  usedAt: Date | null;
  claimedBy: string | null;
} & Parameters<typeof toClinicRef>[0];

/** Refuses an invitation that cannot be used any more: used, then expired (a used one stays "used"). */
function refuseUnlessOpen(row: Pick<InvitationRow, 'usedAt' | 'expiresAt'>, now: Date): void {
  const status = invitationStatus(row, now);
  if (status === 'used') throw invitationUsed();
  if (status === 'expired') throw invitationExpired();
}

const toCustomerInvitation = (row: InvitationRow): CustomerInvitation => ({
  id: row.id,
  clinic: toClinicRef(row),
  visitDate: row.visitDate,
  expiresAt: row.expiresAt.toISOString(),
});

function selectInvitations(db: Database) {
  return db
    .select(invitationColumns)
    .from(reviewInvitations)
    .innerJoin(profiles, eq(profiles.id, reviewInvitations.clinicId));
}

const invitationOfToken = (token: string): SQL => eq(reviewInvitations.tokenHash, sha256(token));

/** GET /api/review-invitations/:token: what the emailed link is for, whoever follows it; null for an unknown token. */
export async function findInvitationByToken(db: Database, token: string, now: Date): Promise<InvitationByToken | null> {
  const [row] = await selectInvitations(db).where(invitationOfToken(token));
  if (!row) return null;
  return {
    id: row.id,
    clinic: toClinicRef(row),
    email: row.email,
    visitDate: row.visitDate,
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row, now),
  };
}

/**
 * The signed-in account takes the invitation the link's token names: a customer account with the
 * invited address (the token proves the mailbox, the address ties it to the account), while it is
 * unused and unexpired. Claiming again is the same as once. The account that holds the invited address
 * now takes it, even from one that claimed it before and has since changed its address.
 */
export async function claimInvitation(
  db: Database,
  account: { id: string; role: Role },
  token: string,
  now: Date,
): Promise<CustomerInvitation> {
  if (account.role !== 'customer') throw new ApiFailure(403, 'invitation_customers_only', 'invitationCustomersOnly');
  return db.transaction(async (tx) => {
    const [row] = await selectInvitations(tx).where(invitationOfToken(token)).for('update', { of: reviewInvitations });
    if (!row) throw invitationInvalid();
    const [own] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, account.id));
    if (own?.email.toLowerCase() !== row.email.toLowerCase())
      throw new ApiFailure(403, 'invitation_other_address', 'invitationOtherAddress');
    refuseUnlessOpen(row, now);
    if (row.claimedBy !== account.id)
      await tx.update(reviewInvitations).set({ claimedBy: account.id }).where(eq(reviewInvitations.id, row.id));
    return toCustomerInvitation(row);
  });
}

const INVITATIONS_NEWEST_FIRST: Keyset = {
  sortKey: reviewInvitations.createdAt,
  kind: 'time',
  id: reviewInvitations.id,
  direction: 'desc',
};

/** The invitations the customer claimed and may still use, newest first (keyset pagination). */
export async function listOpenInvitations(
  db: Database,
  customerId: string,
  { limit, cursor }: ReviewListQuery,
  now: Date,
): Promise<z.infer<typeof CustomerInvitationPageSchema>> {
  const rows = await selectInvitations(db)
    .where(
      and(
        eq(reviewInvitations.claimedBy, customerId),
        isOpenInvitation(now),
        afterCursor(INVITATIONS_NEWEST_FIRST, cursor),
      ),
    )
    .orderBy(keysetOrder(INVITATIONS_NEWEST_FIRST))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.id]);
  return { items: page.rows.map(toCustomerInvitation), nextCursor: page.nextCursor };
}

/** Until when the author may change a review written at `createdAt`; null once that time has passed. */
function editableUntil(createdAt: Date, now: Date): Date | null {
  const until = new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
  return until.getTime() > now.getTime() ? until : null;
}

type CustomerReviewRow = ReviewFieldRow & Parameters<typeof toClinicRef>[0];

const toCustomerReview = (row: CustomerReviewRow, now: Date): CustomerReview => ({
  ...toReviewFields(row),
  clinic: toClinicRef(row),
  hidden: hiddenOf(row),
  editableUntil: editableUntil(row.createdAt, now)?.toISOString() ?? null,
});

/** The author's reviews matching `where`, newest first, with the clinic each is of. */
function selectOwnReviews(db: Database, authorId: string, where?: SQL) {
  return db
    .select({ ...reviewFieldColumns, ...clinicRefColumns })
    .from(clinicReviews)
    .innerJoin(profiles, eq(profiles.id, clinicReviews.clinicId))
    .leftJoin(reviewAuthors, authorJoin)
    .where(and(eq(clinicReviews.authorId, authorId), where))
    .orderBy(keysetOrder(REVIEWS_NEWEST_FIRST));
}

async function ownReview(db: Database, authorId: string, reviewId: string, now: Date): Promise<CustomerReview> {
  const [row] = await selectOwnReviews(db, authorId, eq(clinicReviews.id, reviewId));
  if (!row) throw notFound();
  return toCustomerReview(row, now);
}

/**
 * The customer's one review for an invitation it claimed (else 404): the invitation is marked used and
 * the review written in one transaction, and only while the invitation is unused, so two posts at once
 * give one review and one refusal. The visit date is the one the clinic gave.
 */
export async function writeReview(
  db: Database,
  customerId: string,
  { invitationId, rating, text }: WriteReviewForm,
  now: Date,
): Promise<CustomerReview> {
  const reviewId = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(reviewInvitations)
      .set({ usedAt: now })
      .where(
        and(eq(reviewInvitations.id, invitationId), eq(reviewInvitations.claimedBy, customerId), isOpenInvitation(now)),
      )
      .returning({ clinicId: reviewInvitations.clinicId, visitDate: reviewInvitations.visitDate });
    if (!taken) {
      // Why not: read after the update, which waited for a concurrent post to commit.
      const [invitation] = await tx
        .select({ usedAt: reviewInvitations.usedAt, expiresAt: reviewInvitations.expiresAt })
        .from(reviewInvitations)
        .where(and(eq(reviewInvitations.id, invitationId), eq(reviewInvitations.claimedBy, customerId)));
      if (!invitation) throw notFound();
      refuseUnlessOpen(invitation, now);
      throw new Error('An open invitation was not taken');
    }
    const [review] = await tx
      .insert(clinicReviews)
      .values({
        invitationId,
        clinicId: taken.clinicId,
        authorId: customerId,
        rating,
        text,
        visitDate: taken.visitDate,
        createdAt: now,
      })
      .returning({ id: clinicReviews.id });
    if (!review) throw new Error('The review was not written');
    return review.id;
  });
  return ownReview(db, customerId, reviewId, now);
}

/** The author changes its review's stars and text, within REVIEW_EDIT_DAYS of writing it; anyone else's is not found. */
export async function editReview(
  db: Database,
  authorId: string,
  reviewId: string,
  { rating, text }: EditReviewForm,
  now: Date,
): Promise<CustomerReview> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ createdAt: clinicReviews.createdAt })
      .from(clinicReviews)
      .where(and(eq(clinicReviews.id, reviewId), eq(clinicReviews.authorId, authorId)))
      .for('update');
    if (!review) throw notFound();
    if (!editableUntil(review.createdAt, now)) throw new ApiFailure(409, 'review_edit_closed', 'reviewEditClosed');
    await tx.update(clinicReviews).set({ rating, text, editedAt: now }).where(eq(clinicReviews.id, reviewId));
  });
  return ownReview(db, authorId, reviewId, now);
}

/** The reviews the customer wrote, newest first, with the clinic's reply, the hidden state and the time left to edit. */
export async function listOwnReviews(
  db: Database,
  authorId: string,
  { limit, cursor }: ReviewListQuery,
  now: Date,
): Promise<z.infer<typeof CustomerReviewPageSchema>> {
  const rows = await selectOwnReviews(db, authorId, afterCursor(REVIEWS_NEWEST_FIRST, cursor)).limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.id]);
  return { items: page.rows.map((row) => toCustomerReview(row, now)), nextCursor: page.nextCursor };
}
