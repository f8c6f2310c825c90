import { z } from 'zod';
import { CriteriaSchema } from './clinic-area.ts';
import { hasNoNul } from './clinics.ts';

/** `CK-2026-000123`: the year of issue and a running number. */
export const CERTIFICATE_NUMBER_PATTERN = /^CK-\d{4}-\d{6}$/;
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

/** GET /api/certificates/:number: what anyone may check about a certificate (the verification page). */
export const CertificateVerificationSchema = z.object({
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  validFrom: day,
  validTo: day,
  issuedAt: z.iso.datetime({ offset: true }),
  withdrawnAt: z.iso.datetime({ offset: true }).nullable(),
  /** The organisation number tells a clinic from a lookalike of the same name (issue 27). */
  clinic: z.object({
    id: z.uuid(),
    fullName: z.string(),
    city: z.string().nullable(),
    orgNumber: z.string().nullable(),
  }),
  /** The scope: the six criteria the clinic confirmed and the body reviewed. */
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

/** GET /api/badge/:clinicId: what the embeddable badge shows, only while the clinic is actively certified and public. */
export const BadgeSchema = z.object({
  clinicId: z.uuid(),
  fullName: z.string(),
  /** The year the badge names: that of the active certificate. */
  year: z.number().int(),
  certificateNumber: z.string(),
});
export type Badge = z.infer<typeof BadgeSchema>;
export const BadgeParamsSchema = z.object({ clinicId: z.string() });
/** Why a badge is not shown: no such clinic, or a clinic without an active certificate (or hidden). */
export const BADGE_REFUSALS = ['clinic_not_found', 'not_certified'] as const;
