import { z } from 'zod';
import { pageNumber } from './cursors.ts';
import { MessageContentSchema, PartySchema } from './messages.ts';
import {
  ApplicationPhaseSchema,
  ClinicDocumentSchema,
  ClinicOwnProfileSchema,
  OptionalHttpsAddressSchema,
  OrgNumberSchema,
  optionalFormatted,
  optionalText,
  SubmissionSchema,
  WebsiteSchema,
} from './clinic-area.ts';
import { EmailSchema } from './auth.ts';
import { SocialLinksSchema } from './site.ts';
import { ClinicFactSchema, FACT_KINDS, FactReviewSchema, TreatmentsSchema } from './facts.ts';
import { hasNoNul, TreatmentIdSchema } from './clinics.ts';
import {
  APPLICATION_STATUSES,
  DENIAL_REASON_MAX_LENGTH,
  DISCOUNT_CODE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from './constants.ts';

// The certification body's console (/api/admin/...): role admin only.

const timestamp = z.iso.datetime({ offset: true });

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

const pageSize = z.coerce
  .number({ error: 'validation:limitRange' })
  .int('validation:limitRange')
  .min(1, 'validation:limitRange')
  .max(100, 'validation:limitRange')
  .default(ADMIN_PAGE_SIZE);
const searchText = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, 'validation:searchTooLong')
  .refine(hasNoNul, 'validation:textInvalid')
  .default('');

export const IdParamsSchema = z.object({ id: z.uuid('validation:notFound') });

/** GET /api/admin/stats: the overview's numbers, counted on the server in one request. */
export const AdminStatsSchema = z.object({
  clinics: z.number().int(),
  /** Clinics in the register now: listed (a certificate in force today, public), as the register shows them. */
  listedClinics: z.number().int(),
  customers: z.number().int(),
  /** Applications, renewals and changes sent in that wait for a decision (not drafts). */
  pendingApplications: z.number().int(),
  /** Unread messages in the team's inbox, as the menu's badge and the inbox count them. */
  unreadMessages: z.number().int(),
  /** A demo installation (SEED_DEMO): its test logins are public on /credentials, so the overview says so. */
  demo: z.boolean(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/**
 * GET /api/admin/applications: clinics in Väntar and Nekad, and certified clinics whose renewal or change
 * waits, newest first; those sent in, and with `drafts=true` the drafts not sent in too (issue 28).
 */
export const ApplicationListQuerySchema = z.object({
  drafts: z
    .enum(['true', 'false'], { error: 'validation:invalidRequest' })
    .transform((value) => value === 'true')
    .default(false),
  page: pageNumber,
  pageSize,
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuerySchema>;

export const ApplicationSummarySchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  phase: ApplicationPhaseSchema,
  /** When the application, or the renewal, was sent in. */
  submittedAt: timestamp.nullable(),
  createdAt: timestamp,
  documentCount: z.number().int(),
  /** A certified clinic's application for next year: approving it issues next year's certificate. */
  isRenewal: z.boolean(),
  /** The clinic asked to change its reviewed values (issue 27): an admin approves or refuses it in the review. */
  hasChangeRequest: z.boolean(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>;

export const ApplicationListSchema = z.object({
  items: z.array(ApplicationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ApplicationList = z.infer<typeof ApplicationListSchema>;

/** GET /api/admin/reports/count: the admin menu's badge, the reports no admin has answered (status Ny). */
export const AdminReportCountSchema = z.object({ waiting: z.number().int() });
export type AdminReportCount = z.infer<typeof AdminReportCountSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/clinics/:id: everything an admin reviews: the application, the documents and the history. */
export const ClinicReviewSchema = z.object({
  clinic: ClinicOwnProfileSchema,
  documents: z.array(ClinicDocumentSchema),
  history: z.array(AuditEntrySchema),
  /** The last application or renewal as it was sent in, and what differs from it now; null if it never sent one in. */
  submission: SubmissionSchema.nullable(),
});
export type ClinicReview = z.infer<typeof ClinicReviewSchema>;

/** An admin's reason that the clinic reads: a denial, a withdrawal, a waiver of the payment. */
export const reason = z
  .string({ error: 'validation:reasonRequired' })
  .trim()
  .min(1, 'validation:reasonRequired')
  .max(DENIAL_REASON_MAX_LENGTH, 'validation:reasonTooLong')
  .refine(hasNoNul, 'validation:textInvalid');

/** POST /api/admin/clinics/:id/deny and /withdraw: the reason the clinic reads. */
export const ReasonSchema = z.strictObject({ reason });
export type ReasonInput = z.infer<typeof ReasonSchema>;

export const SUSPENSION_REASON_MAX_LENGTH = 1000;

/** POST /api/admin/clinics/:id/suspend: the reason, shown publicly on the verification page and in its history. */
export const SuspensionInputSchema = z.strictObject({
  reason: z
    .string({ error: 'validation:suspensionReasonRequired' })
    .trim()
    .min(1, 'validation:suspensionReasonRequired')
    .max(SUSPENSION_REASON_MAX_LENGTH, 'validation:suspensionReasonTooLong')
    .refine(hasNoNul, 'validation:textInvalid'),
});
export type SuspensionInput = z.infer<typeof SuspensionInputSchema>;

/** The reason of a rejected fact as the admin's form asks for it: the rejection of FactReviewSchema without its status. */
export const FactRejectionSchema = FactReviewSchema.options[1].omit({ status: true });

/** PUT /api/admin/clinics/:id/facts/:factId */
export const FactParamsSchema = IdParamsSchema.extend({ factId: z.uuid('validation:notFound') });

const FactKindSchema = z.enum(FACT_KINDS);

/**
 * GET /api/admin/clinics/:id/facts (issue 22): every fact the clinic stated (and its org-number fact, with
 * the legal form), the treatments it chose, the facts those need, which of them are not verified yet
 * (approval is refused until none are), and the scope of its standing certificate.
 */
export const AdminFactsSchema = z.object({
  facts: z.array(ClinicFactSchema),
  /** The treatments the clinic asks its certificate to cover, in catalogue order. */
  treatments: z.array(TreatmentIdSchema),
  /** The kinds of fact the chosen treatments need: the org number always, then their legal requirements. */
  needed: z.array(FactKindSchema),
  /** Of `needed`, those without a verified fact in force today. */
  missing: z.array(FactKindSchema),
  /** The treatments the clinic's active or suspended certificate covers; null without one. */
  scope: z.array(TreatmentIdSchema).nullable(),
});
export type AdminFacts = z.infer<typeof AdminFactsSchema>;

/** PUT /api/admin/clinics/:id/scope: what the certificate covers; every fact those treatments need must be verified. */
export const ScopeInputSchema = z.strictObject({
  treatments: TreatmentsSchema.refine((treatments) => treatments.length > 0, 'validation:treatmentsRequired'),
});
export type ScopeInput = z.input<typeof ScopeInputSchema>;

export const ADMIN_CLINIC_SORTS = ['name', 'created', 'status'] as const;

/** GET /api/admin/clinics: search by name, city, organisation number or email; sorted; by page. */
export const AdminClinicQuerySchema = z.object({
  search: searchText,
  sort: z.enum(ADMIN_CLINIC_SORTS, { error: 'validation:invalidRequest' }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'validation:invalidRequest' }).default('asc'),
  page: pageNumber,
  pageSize,
});
export type AdminClinicQuery = z.infer<typeof AdminClinicQuerySchema>;

export const AdminClinicRowSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  orgNumber: z.string().nullable(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  phase: ApplicationPhaseSchema,
  isCertified: z.boolean(),
  isPublic: z.boolean(),
  createdAt: timestamp,
  /** When the account was erased (issue 26): the row stays, named for the body's record, marked Borttagen. */
  deletedAt: timestamp.nullable(),
});
export type AdminClinicRow = z.infer<typeof AdminClinicRowSchema>;
export const AdminClinicPageSchema = z.object({
  items: z.array(AdminClinicRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminClinicPage = z.infer<typeof AdminClinicPageSchema>;

/** PATCH /api/admin/clinics/:id: the clinic data an admin edits (SPEC section 7). */
export const AdminClinicEditSchema = z
  .strictObject({
    fullName: z
      .string()
      .trim()
      .min(1, 'validation:clinicNameRequired')
      .max(NAME_MAX_LENGTH, 'validation:nameTooLong')
      .refine(hasNoNul, 'validation:textInvalid'),
    companyName: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    orgNumber: optionalFormatted(OrgNumberSchema),
    website: optionalFormatted(WebsiteSchema),
    contactPerson: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    contactEmail: optionalFormatted(EmailSchema),
    discountCode: optionalText(DISCOUNT_CODE_MAX_LENGTH, 'validation:discountCodeTooLong'),
  })
  .partial();
export type AdminClinicEdit = z.input<typeof AdminClinicEditSchema>;
/** The edit as validated: trimmed, a blank field null. */
export type AdminClinicChanges = z.output<typeof AdminClinicEditSchema>;

export const AdminVisibilitySchema = z.strictObject({ isPublic: z.boolean({ error: 'validation:invalidRequest' }) });

/** Sweden within a rectangle of WGS 84 degrees: an admin's position outside it is a typo (latitude and longitude swapped). */
export const SWEDEN_BOUNDS = { south: 55.0, north: 69.1, west: 10.9, east: 24.2 } as const;
const degrees = (min: number, max: number) =>
  z
    .number({ error: 'validation:positionOutsideSweden' })
    .min(min, 'validation:positionOutsideSweden')
    .max(max, 'validation:positionOutsideSweden');

/** PUT /api/admin/clinics/:id/position: where the clinic is, as an admin corrects it (issue 24). */
export const AdminPositionSchema = z.strictObject({
  latitude: degrees(SWEDEN_BOUNDS.south, SWEDEN_BOUNDS.north),
  longitude: degrees(SWEDEN_BOUNDS.west, SWEDEN_BOUNDS.east),
});
export type AdminPosition = z.infer<typeof AdminPositionSchema>;

/** GET /api/admin/users: customers, searched by name or email. */
export const AdminUserQuerySchema = z.object({ search: searchText, page: pageNumber, pageSize });
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;
export const AdminUserRowSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  lastSignInAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;
export const AdminUserPageSchema = z.object({
  items: z.array(AdminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

/** PATCH /api/admin/users/:id: only the name; the email is the person's own. */
export const AdminUserEditSchema = z.strictObject({
  fullName: z
    .string()
    .trim()
    .min(1, 'validation:nameRequired')
    .max(NAME_MAX_LENGTH, 'validation:nameTooLong')
    .refine(hasNoNul, 'validation:textInvalid'),
});

const siteText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation:siteTextRequired')
    .max(max, 'validation:siteTextTooLong')
    .refine(hasNoNul, 'validation:textInvalid');
const inBothLanguages = (max: number) => z.strictObject({ sv: siteText(max), en: siteText(max) });

/**
 * PUT /api/admin/site: the site title, the landing page's hero texts in both languages and the
 * footer's social profiles (https; empty hides its button, left out keeps them as they are; issue 28).
 */
export const AdminSiteContentSchema = z.strictObject({
  siteTitle: siteText(100),
  heroTitle: inBothLanguages(200),
  heroSubtitle: inBothLanguages(500),
  socialLinks: z
    .strictObject({ facebook: OptionalHttpsAddressSchema, instagram: OptionalHttpsAddressSchema })
    .optional(),
});
export type AdminSiteContentInput = z.input<typeof AdminSiteContentSchema>;
export type AdminSiteContentChange = z.output<typeof AdminSiteContentSchema>;
/** GET /api/admin/site and the answer to PUT: all of it, as stored. */
export const AdminSiteContentAnswerSchema = AdminSiteContentSchema.extend({ socialLinks: SocialLinksSchema });
export type AdminSiteContent = z.infer<typeof AdminSiteContentAnswerSchema>;

/** POST /api/admin/messages: a message to a clinic or customer, into the team's conversation with it. */
export const AdminMessageSchema = z.strictObject({
  recipientId: z.uuid('validation:notFound'),
  content: MessageContentSchema,
});
export const StoredMessageSchema = z.object({
  id: z.uuid(),
  recipientId: z.uuid(),
  content: z.string(),
  createdAt: timestamp,
});

export const LATEST_MESSAGES_COUNT = 5;
/** GET /api/admin/messages/latest: SPEC section 2's five latest messages, with sender and recipient. */
export const LatestMessagesSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      sender: PartySchema,
      recipient: PartySchema,
      content: z.string(),
      isRead: z.boolean(),
      createdAt: timestamp,
    }),
  ),
});
export type LatestMessages = z.infer<typeof LatestMessagesSchema>;
