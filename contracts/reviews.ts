import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { hasNoNul, type RatingSummary, RatingSummarySchema } from './clinics.ts';
import {
  MIN_REVIEWS_FOR_RATING,
  REVIEW_HIDE_REASONS,
  REVIEW_PAGE_SIZE,
  REVIEW_REPLY_MAX_LENGTH,
  REVIEW_REPORT_REASON_MAX_LENGTH,
  REVIEW_REPORT_REASON_MIN_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TEXT_MIN_LENGTH,
} from './constants.ts';
import { keysetPageSchema, pageLimit, TimeCursorParamSchema } from './cursors.ts';

// Reviews from verified visits (issue 23, docs/decisions/032): a clinic invites a customer after a visit,
// the customer follows the emailed link and writes one review, the clinic may reply, anyone signed in
// may report it, and an admin keeps or hides it with a public reason.

/** The rating shown for `count` published reviews whose stars add up to `sum`; null below MIN_REVIEWS_FOR_RATING. */
export function ratingSummary(count: number, sum: number): RatingSummary | null {
  if (count < MIN_REVIEWS_FOR_RATING) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}

/**
 * How a review's author is shown: first name and the initial of the surname ("Anna K."). Null for an
 * account that was deleted: the page shows "Tidigare kund" (web) in its place.
 */
export function reviewerName(fullName: string | null): string | null {
  if (fullName === null) return null;
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return null;
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]?.toLocaleUpperCase('sv-SE')}.` : first;
}

export const ReviewHideReasonSchema = z.enum(REVIEW_HIDE_REASONS, { error: 'validation:reviewHideReasonInvalid' });

/**
 * A text's length as a reader counts it and as PostgreSQL's char_length does (the review's CHECK): in
 * characters, not UTF-16 units, so ten emoji are ten characters, not twenty that pass a minimum of 20.
 */
export const characterCount = (value: string) => [...value].length;

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string()
    .trim()
    .refine((value) => characterCount(value) >= min, tooShort)
    .refine((value) => characterCount(value) <= max, tooLong)
    .refine(hasNoNul, 'validation:textInvalid');

export const ReviewStarsSchema = z
  .number({ error: 'validation:reviewRatingInvalid' })
  .int('validation:reviewRatingInvalid')
  .min(1, 'validation:reviewRatingInvalid')
  .max(5, 'validation:reviewRatingInvalid');
export const ReviewTextSchema = text(
  REVIEW_TEXT_MIN_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  'validation:reviewTextTooShort',
  'validation:reviewTextTooLong',
);

export const ReviewIdParamsSchema = z.object({ reviewId: z.uuid('validation:notFound') });
export const InvitationTokenParamsSchema = z.object({
  token: z.string().max(200, 'validation:invitationInvalid').refine(hasNoNul, 'validation:invitationInvalid'),
});

/** A page position of the review lists: the time of the last row and its id (newest first). */
export const ReviewListQuerySchema = z.object({
  limit: pageLimit(REVIEW_PAGE_SIZE),
  cursor: TimeCursorParamSchema.optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

const ClinicRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

export const ReviewReplySchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What an admin's decision to hide left public in the review's place. */
export const HiddenReviewSchema = z.object({ reason: ReviewHideReasonSchema, hiddenAt: z.string() });

const ReviewFieldsSchema = z.object({
  id: z.uuid(),
  /** `reviewerName` of the author; null when the account was deleted ("Tidigare kund"). */
  authorName: z.string().nullable(),
  rating: z.number().int(),
  text: z.string(),
  /** The visit the clinic confirmed by inviting; shown as its month ("Verifierat besök, november 2026"). */
  visitDate: z.iso.date(),
  createdAt: z.string(),
  /** When the author last changed it; null when never. */
  editedAt: z.string().nullable(),
  reply: ReviewReplySchema.nullable(),
});

// --- The public clinic page: GET /api/clinics/:clinicId/reviews ------------------------------------

/** A review on the clinic's page: published in full, or hidden, with only the public reason in its place. */
export const PublicReviewSchema = z.discriminatedUnion('status', [
  ReviewFieldsSchema.extend({ status: z.literal('published') }),
  z.object({
    status: z.literal('hidden'),
    id: z.uuid(),
    visitDate: z.iso.date(),
    createdAt: z.string(),
    hidden: HiddenReviewSchema,
  }),
]);
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const PublicReviewPageSchema = keysetPageSchema(PublicReviewSchema).extend({
  /** The clinic's rating; null below MIN_REVIEWS_FOR_RATING published reviews. */
  rating: RatingSummarySchema.nullable(),
  /** Published reviews, whether or not there are enough for a rating. */
  reviewCount: z.number().int(),
});
export type PublicReviewPage = z.infer<typeof PublicReviewPageSchema>;

// --- Reporting: POST /api/reviews/:reviewId/reports (anyone signed in) -------------------------------

export const ReviewReportFormSchema = z.strictObject({
  reason: text(
    REVIEW_REPORT_REASON_MIN_LENGTH,
    REVIEW_REPORT_REASON_MAX_LENGTH,
    'validation:reviewReportReasonTooShort',
    'validation:reviewReportReasonTooLong',
  ),
});
export type ReviewReportForm = z.infer<typeof ReviewReportFormSchema>;

// --- The clinic's area: /api/clinic/review-invitations, /api/clinic/reviews ----------------------------

/** POST /api/clinic/review-invitations: a customer to invite after a visit. */
export const ReviewInvitationFormSchema = z.strictObject({
  email: EmailSchema,
  visitDate: z.iso.date('validation:visitDateInvalid'),
});
export type ReviewInvitationForm = z.infer<typeof ReviewInvitationFormSchema>;

export const INVITATION_STATUSES = ['open', 'used', 'expired'] as const;
export const InvitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const ClinicInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  visitDate: z.iso.date(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: InvitationStatusSchema,
});
export type ClinicInvitation = z.infer<typeof ClinicInvitationSchema>;
export const ClinicInvitationPageSchema = keysetPageSchema(ClinicInvitationSchema).extend({
  /** Invitations the clinic may still send today (REVIEW_INVITATIONS_PER_DAY, a server setting). */
  remainingToday: z.number().int(),
  /** False while the clinic holds no certificate in force (reviewsNeedCertificate): the page says why instead of the form. */
  canInvite: z.boolean(),
});
export type ClinicInvitationPage = z.infer<typeof ClinicInvitationPageSchema>;

/** A review as its clinic sees it: the whole review, and whether an admin hid it and why. */
export const ClinicReviewSchema = ReviewFieldsSchema.extend({ hidden: HiddenReviewSchema.nullable() });
export type ClinicReview = z.infer<typeof ClinicReviewSchema>;
export const ClinicReviewPageSchema = keysetPageSchema(ClinicReviewSchema);
export type ClinicReviewPage = z.infer<typeof ClinicReviewPageSchema>;

/** PUT /api/clinic/reviews/:reviewId/reply: the clinic's one public answer, which it may edit. */
export const ReviewReplyFormSchema = z.strictObject({
  text: text(1, REVIEW_REPLY_MAX_LENGTH, 'validation:reviewReplyRequired', 'validation:reviewReplyTooLong'),
});
export type ReviewReplyForm = z.infer<typeof ReviewReplyFormSchema>;

// --- The customer: GET /api/review-invitations/:token, /api/me/review-invitations, /api/me/reviews ------

/** GET /api/review-invitations/:token (public): what the emailed link is for, before signing in. */
export const InvitationByTokenSchema = z.object({
  id: z.uuid(),
  clinic: ClinicRefSchema,
  /** The address invited: only an account with it may use the link. */
  email: z.string(),
  visitDate: z.iso.date(),
  expiresAt: z.string(),
  status: InvitationStatusSchema,
});
export type InvitationByToken = z.infer<typeof InvitationByTokenSchema>;

/** POST /api/me/review-invitations/claim: the signed-in customer takes the invitation the link names. */
export const ClaimInvitationFormSchema = z.strictObject({
  token: z.string().min(1, 'validation:invitationInvalid').max(200, 'validation:invitationInvalid'),
});

/** An invitation the customer opened and has not yet used. */
export const CustomerInvitationSchema = z.object({
  id: z.uuid(),
  clinic: ClinicRefSchema,
  visitDate: z.iso.date(),
  expiresAt: z.string(),
});
export type CustomerInvitation = z.infer<typeof CustomerInvitationSchema>;
export const CustomerInvitationPageSchema = keysetPageSchema(CustomerInvitationSchema);

/** POST /api/me/reviews: one review for one invitation the customer claimed. */
export const WriteReviewFormSchema = z.strictObject({
  invitationId: z.uuid('validation:invitationInvalid'),
  rating: ReviewStarsSchema,
  text: ReviewTextSchema,
});
export type WriteReviewForm = z.infer<typeof WriteReviewFormSchema>;

/** PATCH /api/me/reviews/:reviewId: the author's change, within REVIEW_EDIT_DAYS of writing. */
export const EditReviewFormSchema = z.strictObject({ rating: ReviewStarsSchema, text: ReviewTextSchema });
export type EditReviewForm = z.infer<typeof EditReviewFormSchema>;

export const CustomerReviewSchema = ReviewFieldsSchema.extend({
  clinic: ClinicRefSchema,
  hidden: HiddenReviewSchema.nullable(),
  /** Until when the author may still change it; null once that time has passed. */
  editableUntil: z.string().nullable(),
});
export type CustomerReview = z.infer<typeof CustomerReviewSchema>;
export const CustomerReviewPageSchema = keysetPageSchema(CustomerReviewSchema);

// --- The admin: /api/admin/reviews ---------------------------------------------------------------------

export const ADMIN_REVIEW_FILTERS = ['reported', 'hidden', 'all'] as const;
export const AdminReviewQuerySchema = ReviewListQuerySchema.extend({
  status: z.enum(ADMIN_REVIEW_FILTERS, { error: 'validation:invalidRequest' }).default('reported'),
});
export type AdminReviewQuery = z.infer<typeof AdminReviewQuerySchema>;

export const AdminReviewReportSchema = z.object({
  id: z.uuid(),
  reason: z.string(),
  createdAt: z.string(),
  /** Null when the reporter's account was deleted. */
  reporterName: z.string().nullable(),
});

export const AdminReviewSchema = ReviewFieldsSchema.extend({
  clinic: ClinicRefSchema,
  hidden: HiddenReviewSchema.nullable(),
  /** The reports no admin has decided on yet, oldest first. */
  openReports: z.array(AdminReviewReportSchema),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewPageSchema = keysetPageSchema(AdminReviewSchema);
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>;

/** POST /api/admin/reviews/:reviewId/decision: keep it published (or show it again), or hide it with a public reason. */
export const ReviewDecisionFormSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('keep') }),
    z.strictObject({ decision: z.literal('hide'), reason: ReviewHideReasonSchema }),
  ],
  { error: 'validation:reviewDecisionInvalid' },
);
export type ReviewDecisionForm = z.infer<typeof ReviewDecisionFormSchema>;

/** GET /api/admin/reviews/count: the admin menu's badge, the reviews with a report no admin has decided on. */
export const AdminReviewCountSchema = z.object({ waiting: z.number().int() });
export type AdminReviewCount = z.infer<typeof AdminReviewCountSchema>;
