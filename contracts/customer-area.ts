import { z } from 'zod';
import { hasNoNul } from './clinics.ts';
import {
  FOLLOW_LOOKUP_MAX,
  FOLLOWED_PAGE_SIZE,
  REPORT_CLINIC_NAME_MAX_LENGTH,
  REPORT_CONTENT_MAX_LENGTH,
  REPORT_PAGE_SIZE,
  REPORT_RESPONSE_MAX_LENGTH,
  REPORT_STATUSES,
} from './constants.ts';
import { keysetPageSchema, pageLimit, TimeCursorParamSchema } from './cursors.ts';
import { FollowedClinicSchema } from './left-register.ts';

// The customer's area (/api/me/follows, /api/me/reports) and the admin's side of reports.

/** A page position: the time of the last row and its id (keyset pagination, newest first). */
const CursorSchema = TimeCursorParamSchema.optional();

export const ClinicIdParamsSchema = z.object({ clinicId: z.uuid('validation:notFound') });
export const ReportIdParamsSchema = z.object({ id: z.uuid('validation:notFound') });

/**
 * GET /api/me/follows: the followed clinics in the register, and those that left it with why and since
 * when (issue 28 point 4), most recently followed first; `total` counts them all.
 */
export const FollowedQuerySchema = z.object({ limit: pageLimit(FOLLOWED_PAGE_SIZE), cursor: CursorSchema });
export type FollowedQuery = z.infer<typeof FollowedQuerySchema>;
export const FollowedPageSchema = keysetPageSchema(FollowedClinicSchema).extend({ total: z.number().int() });
export type FollowedPage = z.infer<typeof FollowedPageSchema>;

/** GET /api/me/follows/status?clinicIds=a,b,c: which of a page of cards the customer follows. */
export const FollowStatusQuerySchema = z.object({
  clinicIds: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.uuid('validation:invalidRequest')).max(FOLLOW_LOOKUP_MAX, 'validation:tooManyIds')),
});
export const FollowStatusSchema = z.object({ followed: z.array(z.uuid()) });
export type FollowStatus = z.infer<typeof FollowStatusSchema>;

export const ReportFormSchema = z.strictObject({
  clinicName: z
    .string()
    .trim()
    .min(1, 'validation:reportClinicRequired')
    .max(REPORT_CLINIC_NAME_MAX_LENGTH, 'validation:reportClinicTooLong')
    .refine(hasNoNul, 'validation:textInvalid'),
  content: z
    .string()
    .trim()
    .min(1, 'validation:reportContentRequired')
    .max(REPORT_CONTENT_MAX_LENGTH, 'validation:reportContentTooLong')
    .refine(hasNoNul, 'validation:textInvalid'),
});
export type ReportForm = z.infer<typeof ReportFormSchema>;

const timestamp = z.iso.datetime({ offset: true });

export const ReportSchema = z.object({
  id: z.uuid(),
  clinicName: z.string(),
  /** The registered clinic the name matched, if any. */
  clinicId: z.uuid().nullable(),
  content: z.string(),
  status: z.enum(REPORT_STATUSES),
  adminResponse: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportQuerySchema = z.object({ limit: pageLimit(REPORT_PAGE_SIZE), cursor: CursorSchema });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;
export const ReportPageSchema = keysetPageSchema(ReportSchema);
export type ReportPage = z.infer<typeof ReportPageSchema>;

/** GET /api/admin/reports */
export const AdminReportQuerySchema = ReportQuerySchema.extend({
  status: z.enum(REPORT_STATUSES, { error: 'validation:invalidRequest' }).optional(),
});
export type AdminReportQuery = z.infer<typeof AdminReportQuerySchema>;
export const AdminReportSchema = ReportSchema.extend({
  /** A deleted account's report stays without who wrote it: "Borttagen användare", no email (issue 26). */
  reporter: z.object({ id: z.uuid(), fullName: z.string(), email: z.string().nullable() }),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;
export const AdminReportPageSchema = keysetPageSchema(AdminReportSchema);
export type AdminReportPage = z.infer<typeof AdminReportPageSchema>;

/** PATCH /api/admin/reports/:id: the answer; saving always marks the report Hanterad (SPEC section 4). */
export const ReportResponseFormSchema = z.strictObject({
  adminResponse: z
    .string()
    .trim()
    .min(1, 'validation:reportResponseRequired')
    .max(REPORT_RESPONSE_MAX_LENGTH, 'validation:reportResponseTooLong')
    .refine(hasNoNul, 'validation:textInvalid'),
});
export type ReportResponseForm = z.infer<typeof ReportResponseFormSchema>;

/** At most this many on the bookings page: a customer follows a handful of clinics, not hundreds. */
export const BOOKING_PAGES_MAX = 50;

/**
 * GET /api/me/booking-pages (issue 28): the followed register clinics that take bookings on a page of
 * their own, most recently followed first; the bookings page links to each ("Boka").
 */
export const BookingPagesSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      slug: z.string(),
      fullName: z.string(),
      city: z.string().nullable(),
      bookingUrl: z.string(),
    }),
  ),
});
export type BookingPages = z.infer<typeof BookingPagesSchema>;
