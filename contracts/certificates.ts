import { z } from 'zod';
import { CriteriaSchema, OrgNumberSchema } from './clinic-area.ts';
import { hasNoNul, TreatmentIdSchema } from './clinics.ts';
import { keysetPageSchema, pageLimit, TimeCursorParamSchema } from './cursors.ts';
import { PublicFactSchema } from './facts.ts';

/** `CK-2026-000123`: the year of issue and a running number. */
export const CERTIFICATE_NUMBER_PATTERN = /^CK-\d{4}-\d{6}$/;

/**
 * A certificate number as people type it (issue 28 point 7): `ck2026000123`, `ck 2026 000123` and
 * `CK-2026-000123` all read `CK-2026-000123`, and the start of one (`ck2026`) reads `CK-2026`, as the
 * search compares it. Any other text comes back trimmed and in upper case.
 */
export function normalizeCertificateNumber(text: string): string {
  const typed = text.trim().toUpperCase();
  const parts = /^CK(\d{0,4})(\d{0,6})$/.exec(typed.replace(/[\s-]/g, ''));
  return parts ? ['CK', parts[1], parts[2]].filter(Boolean).join('-') : typed;
}
/** `suspended`: out of the register until an admin reinstates it (issue 22); it keeps its number and dates. */
export const CERTIFICATE_STATUSES = ['active', 'suspended', 'expired', 'withdrawn'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The public history of a clinic's certification (issue 22), newest first on the verification page. */
export const CERTIFICATE_EVENT_KINDS = [
  'issued',
  'renewed',
  'scope_changed',
  'suspended',
  'reinstated',
  'withdrawn',
  'expired',
] as const;
export type CertificateEventKind = (typeof CERTIFICATE_EVENT_KINDS)[number];

export const CertificateNumberParamsSchema = z.object({ number: z.string() });

const day = z.iso.date();
const timestamp = z.iso.datetime({ offset: true });

/** A certificate's scope: the treatments whose legal facts were verified, in the catalogue's order. */
const ScopeSchema = z.array(TreatmentIdSchema);

/** GET /api/certificates/:number: what anyone may check about a certificate (the verification page). */
export const CertificateVerificationSchema = z.object({
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  validFrom: day,
  validTo: day,
  issuedAt: timestamp,
  withdrawnAt: timestamp.nullable(),
  /** The public reason of a withdrawal. */
  withdrawnReason: z.string().nullable(),
  /** While suspended (issue 22): since when, and the public reason. */
  suspendedAt: timestamp.nullable(),
  suspensionReason: z.string().nullable(),
  /** The organisation number tells a clinic from a lookalike of the same name (issue 27). */
  clinic: z.object({
    id: z.uuid(),
    fullName: z.string(),
    city: z.string().nullable(),
    orgNumber: z.string().nullable(),
  }),
  /**
   * The clinic is in the register today (server/services/listed.ts). False beside an `active` status
   * means the clinic chose not to be shown there (issue 28): the page says so instead of linking to it.
   */
  listed: z.boolean(),
  /** The scope; empty for a certificate issued before SCOPES_SINCE (contracts/certificate-scope.ts). */
  treatments: ScopeSchema,
  /** Every fact of the clinic an admin verified, each with the day it was checked (issue 22). */
  facts: z.array(PublicFactSchema),
  /** The six criteria the clinic confirmed and the body reviewed. */
  criteria: CriteriaSchema,
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

export const CERTIFICATE_SEARCH_PAGE_SIZE = 20;
export const CERTIFICATE_SEARCH_MAX_LENGTH = 200;

/** GET /api/certificates?search=: by certificate number or clinic name, on the verification page. */
export const CertificateSearchQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .min(2, 'validation:certificateSearchTooShort')
    .max(CERTIFICATE_SEARCH_MAX_LENGTH, 'validation:searchTooLong')
    .refine(hasNoNul, 'validation:textInvalid'),
  page: z.coerce
    .number({ error: 'validation:invalidRequest' })
    .int('validation:invalidRequest')
    .min(1, 'validation:invalidRequest')
    .max(1000, 'validation:invalidRequest')
    .default(1),
});

export const CertificateSearchHitSchema = CertificateVerificationSchema.pick({
  number: true,
  status: true,
  validFrom: true,
  validTo: true,
  withdrawnAt: true,
  clinic: true,
});
export type CertificateSearchHit = z.infer<typeof CertificateSearchHitSchema>;
export const CertificateSearchResultSchema = z.object({
  items: z.array(CertificateSearchHitSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CertificateSearchResult = z.infer<typeof CertificateSearchResultSchema>;

export const CERTIFICATE_HISTORY_PAGE_SIZE = 10;

/** GET /api/certificates/:number/history: newest first, paged by `cursor` (contracts/cursors.ts). */
export const CertificateHistoryQuerySchema = z.object({
  cursor: TimeCursorParamSchema.optional(),
  limit: pageLimit(CERTIFICATE_HISTORY_PAGE_SIZE),
});

/**
 * One change in the public history of the clinic that holds a certificate, of any of its certificates
 * (issue 22). Never who decided it.
 */
export const CertificateHistoryEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CERTIFICATE_EVENT_KINDS),
  certificateNumber: z.string(),
  occurredAt: timestamp,
  /** The public reason of a suspension or a withdrawal; null for the other kinds. */
  reason: z.string().nullable(),
  /** The scope after an issue, a renewal or a change of scope; null for the other kinds. */
  treatments: ScopeSchema.nullable(),
});
export type CertificateHistoryEvent = z.infer<typeof CertificateHistoryEventSchema>;
export const CertificateHistoryPageSchema = keysetPageSchema(CertificateHistoryEventSchema);
export type CertificateHistoryPage = z.infer<typeof CertificateHistoryPageSchema>;

/**
 * GET /api/badge/:clinicId: what the embeddable badge shows, while the clinic is public and its
 * certificate of today is in force (`active`) or suspended (`suspended`: the badge says so, never the
 * green badge). Any other clinic has no badge (BADGE_REFUSALS).
 */
export const BadgeSchema = z.object({
  clinicId: z.uuid(),
  fullName: z.string(),
  /** The year the badge names: that of the certificate of today. */
  year: z.number().int(),
  certificateNumber: z.string(),
  status: z.enum(['active', 'suspended']),
  /** Since when it is suspended; null while active. */
  suspendedAt: timestamp.nullable(),
  /** The certificate's scope. */
  treatments: ScopeSchema,
});
export type Badge = z.infer<typeof BadgeSchema>;
export const BadgeParamsSchema = z.object({ clinicId: z.string() });
/**
 * Why a badge is not shown: no such clinic, a clinic without a certificate of today, or one that chose
 * not to be shown in the register (issue 28).
 */
export const BADGE_REFUSALS = ['clinic_not_found', 'not_certified', 'not_public'] as const;
export type BadgeRefusal = (typeof BADGE_REFUSALS)[number];

// The open verification API (issue 22 point 7): /api/public/certificates, read-only, for any origin.
// Its shapes are its own, kept stable for other sites and apps whatever the pages need next: a
// treatment comes with its names in both languages, and each certificate with its page.

export const PUBLIC_SEARCH_PAGE_SIZE = 20;
/** Of an organisation number as people write it: `556677-8899`, `5566778899`, `16556677-8899`. */
const ORG_NUMBER_QUERY_MAX_LENGTH = 20;

const PublicTreatmentSchema = z.object({
  id: TreatmentIdSchema,
  name: z.object({ sv: z.string(), en: z.string() }),
});

/** A certificate as the open API lists it in a search. */
export const PublicCertificateSummarySchema = z.object({
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  validFrom: day,
  validTo: day,
  clinic: z.object({ name: z.string(), city: z.string().nullable(), orgNumber: z.string().nullable() }),
  treatments: z.array(PublicTreatmentSchema),
  /** The verification page, for people. */
  url: z.url(),
});
export type PublicCertificateSummary = z.infer<typeof PublicCertificateSummarySchema>;

/** GET /api/public/certificates/{number}: what the verification page shows, in the API's stable shape. */
export const PublicCertificateSchema = PublicCertificateSummarySchema.extend({
  issuedAt: timestamp,
  suspendedAt: timestamp.nullable(),
  suspensionReason: z.string().nullable(),
  withdrawnAt: timestamp.nullable(),
  withdrawnReason: z.string().nullable(),
  facts: z.array(PublicFactSchema),
});
export type PublicCertificate = z.infer<typeof PublicCertificateSchema>;

/**
 * GET /api/public/certificates?orgNumber= or ?name=: one of the two (the organisation number exactly,
 * the name as the register matches it), newest certificate first, paged by `cursor`.
 */
export const PublicCertificateSearchQuerySchema = z
  .object({
    orgNumber: z
      .string()
      .max(ORG_NUMBER_QUERY_MAX_LENGTH, 'validation:orgNumberInvalid')
      .pipe(OrgNumberSchema)
      .optional(),
    name: z
      .string()
      .trim()
      .min(2, 'validation:nameSearchTooShort')
      .max(CERTIFICATE_SEARCH_MAX_LENGTH, 'validation:searchTooLong')
      .refine(hasNoNul, 'validation:textInvalid')
      .optional(),
    cursor: TimeCursorParamSchema.optional(),
    limit: pageLimit(PUBLIC_SEARCH_PAGE_SIZE),
  })
  .refine((query) => (query.orgNumber === undefined) !== (query.name === undefined), {
    message: 'validation:publicSearchOneOf',
    path: ['orgNumber'],
  });
export type PublicCertificateSearch = z.output<typeof PublicCertificateSearchQuerySchema>;
export const PublicCertificateSearchResultSchema = keysetPageSchema(PublicCertificateSummarySchema);
export type PublicCertificateSearchResult = z.infer<typeof PublicCertificateSearchResultSchema>;
