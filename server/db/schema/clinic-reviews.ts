import { sql } from 'drizzle-orm';
import { check, date, index, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_HIDE_REASONS } from '../../../contracts/constants.ts';
import { profiles } from './profiles.ts';

// Reviews from verified visits (issue 23, docs/decisions/032). Not the admin's review of an application
// (reviews.ts): these are customers' reviews of a clinic, each from one invitation the clinic sent after
// a visit. The clinic's published count and star sum live on profiles (review_count, review_rating_sum),
// kept by a trigger in the review's own transaction (migration 0020), so the register reads them with
// its cards.

export const reviewHideReasonEnum = pgEnum('review_hide_reason', REVIEW_HIDE_REASONS);
export const reviewReportResolutionEnum = pgEnum('review_report_resolution', ['kept', 'hidden']);

/** A clinic's invitation to review one visit: the emailed link's token is stored only as its SHA-256. */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The invited address, in lower case: only an account with it may claim the invitation. */
    email: text('email').notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The customer account that followed the link signed in with the invited address. */
    claimedBy: uuid('claimed_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** When its one review was written; an invitation is used once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_invitations_token_idx').on(t.tokenHash),
    // The clinic's list, newest first, and its count of today's invitations.
    index('review_invitations_clinic_idx').on(t.clinicId, t.createdAt, t.id),
    // A customer's open invitations.
    index('review_invitations_claimed_idx')
      .on(t.claimedBy, t.createdAt, t.id)
      .where(sql`${t.usedAt} IS NULL`),
    // At most one unused invitation per clinic and address (whether or not it has expired is a time).
    index('review_invitations_open_idx')
      .on(t.clinicId, t.email)
      .where(sql`${t.usedAt} IS NULL`),
  ],
);

export const clinicReviews = pgTable(
  'clinic_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => reviewInvitations.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the review stays, shown as by "Tidigare kund". */
    authorId: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the author last changed it. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    replyText: text('reply_text'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
    /** Set when an admin hides it; its reason is public. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: reviewHideReasonEnum('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One review per invitation.
    uniqueIndex('clinic_reviews_invitation_idx').on(t.invitationId),
    // The clinic's page and the clinic's own list, newest first (keyset pagination).
    index('clinic_reviews_clinic_idx').on(t.clinicId, t.createdAt, t.id),
    index('clinic_reviews_author_idx').on(t.authorId, t.createdAt, t.id),
    // The admin's lists of every review and of the hidden ones, newest first.
    index('clinic_reviews_created_idx').on(t.createdAt, t.id),
    index('clinic_reviews_hidden_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.hiddenAt} IS NOT NULL`),
    check('clinic_reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('clinic_reviews_text_length', sql`char_length(${t.text}) BETWEEN 20 AND 2000`),
    check('clinic_reviews_hidden_reason', sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
  ],
);

/** A signed-in person's report of a review; an admin's decision resolves every open report of it. */
export const clinicReviewReports = pgTable(
  'clinic_review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => clinicReviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: reviewReportResolutionEnum('resolution'),
    resolvedBy: uuid('resolved_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('clinic_review_reports_review_idx').on(t.reviewId, t.createdAt),
    // One open report per person and review.
    uniqueIndex('clinic_review_reports_one_open_idx')
      .on(t.reviewId, t.reporterId)
      .where(sql`${t.resolvedAt} IS NULL`),
    // The admin's queue: reviews with open reports.
    index('clinic_review_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);
