import { z } from 'zod';
import { luhnValid } from './luhn.ts';
import { EmailSchema } from './auth.ts';
import { hasNoNul, TreatmentIdSchema } from './clinics.ts';
import {
  APPLICATION_STATUSES,
  CRITERIA_IDS,
  DESCRIPTION_MAX_LENGTH,
  DISCOUNT_CODE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PROFILE_COMPLETENESS_FIELDS,
  SHORT_TEXT_MAX_LENGTH,
  WEBSITE_MAX_LENGTH,
} from './constants.ts';
import { ClinicFactSchema, FACT_KINDS, TreatmentsSchema } from './facts.ts';

// The clinic's own area (/api/clinic/...): its profile, application, documents and visibility.
// Texts are drafts: an empty field clears the value (null); what is filled must be valid.

const emptyAsNull = (text: string) => (text === '' ? null : text);

/** A text the clinic may leave empty; `''` and `null` both clear it. */
export function optionalText(max: number, tooLongKey: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongKey)
    .refine(hasNoNul, 'validation:textInvalid')
    .transform(emptyAsNull)
    .nullable();
}

/**
 * A Swedish organisation number (`556677-8899`), or a sole trader's personal identity number with
 * the century (`19811218-9876`); the last ten digits carry a Luhn check digit. Stored as `NNNNNN-NNNN`.
 */
export const OrgNumberSchema = z
  .string()
  .trim()
  .transform((text) => text.replace(/[\s-]/g, ''))
  .refine((digits) => /^(\d{2})?\d{10}$/.test(digits) && luhnValid(digits.slice(-10)), 'validation:orgNumberInvalid')
  .transform((digits) => `${digits.slice(-10, -4)}-${digits.slice(-4)}`);

/**
 * A web address with one of `protocols`; without a scheme it is taken as https (`www.klinik.se` becomes
 * `https://www.klinik.se`). A host with a dot, and no user name (`https://klinik.se@evil.example`).
 */
function webAddressSchema(protocols: readonly string[], invalidKey: string) {
  return z
    .string()
    .trim()
    .max(WEBSITE_MAX_LENGTH, 'validation:websiteTooLong')
    .transform((text) => (/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`))
    .refine((text) => {
      try {
        const url = new URL(text);
        return protocols.includes(url.protocol) && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) && !url.username;
      } catch {
        return false;
      }
    }, invalidKey);
}

/** A website address, http or https. */
export const WebsiteSchema = webAddressSchema(['https:', 'http:'], 'validation:websiteInvalid');

/**
 * An address the site sends visitors on to (issue 28): a clinic's booking page, the site's social
 * profiles. https only, so that nothing the site links to can be read or changed on the way.
 */
export const HttpsAddressSchema = webAddressSchema(['https:'], 'validation:httpsAddressInvalid');

export const PhoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, 'validation:phoneInvalid')
  .regex(/^\+?[\d\s()-]{6,}$/, 'validation:phoneInvalid');

/** A Swedish postal code, five digits with or without the space, kept as "753 20". */
export const PostalCodeSchema = z
  .string()
  .trim()
  .transform((text) => text.replace(/\s/g, ''))
  .refine((digits) => /^\d{5}$/.test(digits), 'validation:postalCodeInvalid')
  .transform((digits) => `${digits.slice(0, 3)} ${digits.slice(3)}`);

/** `''` or null clears the value; anything else must pass `schema`, whose messages are kept. */
export function optionalFormatted(schema: z.ZodType<string, string>) {
  return z
    .string()
    .transform((text, ctx) => {
      if (text.trim() === '') return null;
      const parsed = schema.safeParse(text);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    })
    .nullable();
}

const OptionalEmailSchema = optionalFormatted(EmailSchema);
const OptionalWebsiteSchema = optionalFormatted(WebsiteSchema);
export const OptionalHttpsAddressSchema = optionalFormatted(HttpsAddressSchema);

export const CriteriaSchema = z.strictObject(
  Object.fromEntries(CRITERIA_IDS.map((id) => [id, z.boolean()])) as Record<
    (typeof CRITERIA_IDS)[number],
    z.ZodBoolean
  >,
);
export type Criteria = z.infer<typeof CriteriaSchema>;

/** PATCH /api/clinic/settings: the public profile and the contact details; a key left out stays as it is. */
export const ClinicSettingsSchema = z
  .strictObject({
    fullName: z
      .string()
      .trim()
      .min(1, 'validation:clinicNameRequired')
      .max(NAME_MAX_LENGTH, 'validation:nameTooLong')
      .refine(hasNoNul, 'validation:textInvalid'),
    description: optionalText(DESCRIPTION_MAX_LENGTH, 'validation:descriptionTooLong'),
    city: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    companyName: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    website: OptionalWebsiteSchema,
    contactPerson: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    contactEmail: OptionalEmailSchema,
    phoneNumber: optionalFormatted(PhoneSchema),
    /** The clinic's own booking page, behind "Boka en behandling" on its public page (issue 28). */
    bookingUrl: OptionalHttpsAddressSchema,
  })
  .partial();
export type ClinicSettingsInput = z.input<typeof ClinicSettingsSchema>;
/** The settings as validated: trimmed, a blank field null. */
export type ClinicSettings = z.output<typeof ClinicSettingsSchema>;

/** PATCH /api/clinic/application: the application information, saved as a draft; a key left out stays as it is. */
export const ApplicationInfoSchema = z
  .strictObject({
    companyName: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    orgNumber: optionalFormatted(OrgNumberSchema),
    website: OptionalWebsiteSchema,
    address: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    /** The address's postal code (issue 24). */
    postalCode: optionalFormatted(PostalCodeSchema),
    /**
     * The city the certificate, its verification page and the register show (issue 28); saving it
     * positions the clinic at that town of the list of places (issue 24).
     */
    city: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    contactPerson: optionalText(SHORT_TEXT_MAX_LENGTH, 'validation:textTooLong'),
    contactEmail: OptionalEmailSchema,
    discountCode: optionalText(DISCOUNT_CODE_MAX_LENGTH, 'validation:discountCodeTooLong'),
    criteria: CriteriaSchema.partial(),
    /**
     * The treatments the clinic asks its certificate to cover (issue 22). Its request, not a reviewed
     * value: the admin sets the certificate's scope, so a change applies at once even once sent in.
     */
    treatments: TreatmentsSchema,
    /**
     * "Visa kliniken i det publika registret när den är certifierad" (issue 28): the clinic's choice,
     * asked with the application and on by default; the same choice as PUT /api/clinic/visibility.
     */
    isPublic: z.boolean({ error: 'validation:invalidRequest' }),
  })
  .partial();
export type ApplicationInfoInput = z.input<typeof ApplicationInfoSchema>;
/** The application information as validated: trimmed, a blank field null. */
export type ApplicationInfo = z.output<typeof ApplicationInfoSchema>;

/** POST /api/clinic/renewal: the six criteria, confirmed anew for next year. */
export const RenewalSubmissionSchema = z.strictObject({
  criteria: z.strictObject(
    Object.fromEntries(
      CRITERIA_IDS.map((id) => [id, z.literal(true, { error: 'validation:criteriaRequired' })]),
    ) as Record<(typeof CRITERIA_IDS)[number], z.ZodLiteral<true>>,
    { error: 'validation:criteriaRequired' },
  ),
});
export type RenewalSubmission = z.infer<typeof RenewalSubmissionSchema>;

/** PUT /api/clinic/visibility */
export const VisibilitySchema = z.strictObject({ isPublic: z.boolean({ error: 'validation:invalidRequest' }) });
export type VisibilityInput = z.infer<typeof VisibilitySchema>;

const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();

// What a certificate vouches for (issue 27): the values an admin reviewed. Once a clinic has sent its
// application in, and while it is certified, a change to them waits for an admin's decision; the
// register, the badge and the verification page show the reviewed values until then.

/** The reviewed values besides the criteria and the documents. */
export const REVIEWED_FIELDS = ['fullName', 'companyName', 'orgNumber'] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/** What a clinic asked to change, only the keys it changed. */
export const ReviewedChangesSchema = z.object({
  fullName: z.string().optional(),
  companyName: z.string().nullable().optional(),
  orgNumber: z.string().nullable().optional(),
  criteria: CriteriaSchema.partial().optional(),
});
export type ReviewedChanges = z.infer<typeof ReviewedChangesSchema>;

/** The clinic's open request to change its reviewed values. */
export const ChangeRequestSchema = z.object({
  id: z.uuid(),
  changes: ReviewedChangesSchema,
  /** Ids of the documents uploaded since the application was sent in. */
  addedDocumentIds: z.array(z.uuid()),
  /** Ids of the reviewed documents the clinic asked to remove. */
  removedDocumentIds: z.array(z.uuid()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/** The admin's refusal of the clinic's last change request, for the clinic to read. */
export const RefusedChangeSchema = z.object({ reason: z.string(), decidedAt: timestamp });

/** A certificate as its clinic sees it: the certification page prints it, the QR code leads to its verification. */
export const OwnCertificateSchema = z.object({
  /** `CK-2026-000123`; the verification page is `/verifiera/{number}`. */
  number: z.string(),
  validFrom: day,
  /** Always 31 December of the year it is valid for (SPEC section 9). */
  validTo: day,
  issuedAt: timestamp,
  /** The scope (issue 22): the treatments it covers, in the catalogue's order; none for one issued before scopes. */
  treatments: z.array(TreatmentIdSchema),
});
export type OwnCertificate = z.infer<typeof OwnCertificateSchema>;

/** A suspended certificate (issue 22): since when, and the reason the public reads. */
export const SuspensionSchema = z.object({ number: z.string(), since: timestamp, reason: z.string() });
export type Suspension = z.infer<typeof SuspensionSchema>;

/** The yearly renewal (issue 9): open from 1 November of the certificate's year until it is sent in and decided. */
export const RenewalSchema = z.object({
  /** The day renewal opens: 1 November of the current certificate's year. */
  opensOn: day,
  /** Today is on or after `opensOn`, the clinic has a certificate in force and none yet for next year. */
  isOpen: z.boolean(),
  /** When the renewal was sent in; null while not sent (or after the admin decided it). */
  submittedAt: timestamp.nullable(),
});
export type Renewal = z.infer<typeof RenewalSchema>;

/**
 * Where a clinic's certification stands (decision 024), computed once on the server from its status,
 * what it sent in and its certificates today; the pages render it and never derive it:
 * - `draft`: never sent in; `sent_in`: waits for the admin (an application, or a renewal sent before
 *   the certificate ran out); `denied`: Nekad after sending in;
 * - `certified`: a certificate in force, renewal not yet open (or next year's already issued);
 *   `renewal_open`: from 1 November of the certificate's year, not sent (again after a denied renewal);
 *   `renewal_sent`: the renewal waits for the admin, still certified;
 * - `suspended`: an admin (or the job, for a lapsed insurance) suspended the certificate in force
 *   (issue 22): out of the register until reinstated;
 * - `withdrawn`: an admin withdrew the certification (Nekad, not sent in again);
 * - `expired`: was certified, but no certificate is in force since the day after its last day.
 */
export const APPLICATION_PHASES = [
  'draft',
  'sent_in',
  'denied',
  'certified',
  'renewal_open',
  'renewal_sent',
  'suspended',
  'withdrawn',
  'expired',
] as const;
export const ApplicationPhaseSchema = z.enum(APPLICATION_PHASES);
export type ApplicationPhase = z.infer<typeof ApplicationPhaseSchema>;

/**
 * Where a clinic is, for the register's distance search (issue 24): its town's position from the list
 * of places (`town`), or where an admin put it (`admin`).
 */
export const ClinicPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  source: z.enum(['town', 'admin']),
});
export type ClinicPosition = z.infer<typeof ClinicPositionSchema>;

/** GET /api/clinic/profile: everything the clinic's own pages show. */
export const ClinicOwnProfileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  description: z.string().nullable(),
  city: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  orgNumber: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** Null while its city is not a place of the list and no admin has placed it. */
  position: ClinicPositionSchema.nullable(),
  contactPerson: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  /** The address of its public page, `/kliniker/{slug}`; null until it has a name. */
  slug: z.string().nullable(),
  discountCode: z.string().nullable(),
  criteria: CriteriaSchema,
  /** The treatments the clinic asks to be certified for, in the catalogue's order. */
  treatments: z.array(TreatmentIdSchema),
  /** The clinic's choice to be shown in the register while certified. */
  isPublic: z.boolean(),
  /** In the register today (server/services/listed.ts): public, with a certificate in force. */
  listed: z.boolean(),
  isCertified: z.boolean(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  phase: ApplicationPhaseSchema,
  /** When the application was last sent in; null while it is a draft. */
  submittedAt: timestamp.nullable(),
  /** When an admin last approved or denied it. */
  decidedAt: timestamp.nullable(),
  /** The admin's reason for a denial: what to correct before sending in again. */
  denialReason: z.string().nullable(),
  /** The certificate's issue date. */
  certifiedAt: timestamp.nullable(),
  documentCount: z.number().int(),
  /** The certificate in force today (active, today within its validity); null without one. */
  certificate: OwnCertificateSchema.nullable(),
  /** Next year's certificate once a renewal was approved: valid from 1 January. */
  nextCertificate: OwnCertificateSchema.nullable(),
  /** The suspension of the certificate that would be in force today; null when none is suspended. */
  suspension: SuspensionSchema.nullable(),
  /** Null without a certificate in force. */
  renewal: RenewalSchema.nullable(),
  /** The changes to the reviewed values that wait for an admin; null when none do. */
  changeRequest: ChangeRequestSchema.nullable(),
  /** The admin's refusal of the last change request, until the clinic asks for another. */
  refusedChange: RefusedChangeSchema.nullable(),
});
export type ClinicOwnProfile = z.infer<typeof ClinicOwnProfileSchema>;

const SnapshotDocumentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

/** An application or renewal exactly as it was sent in. */
export const ApplicationSnapshotSchema = ClinicOwnProfileSchema.pick({
  fullName: true,
  city: true,
  companyName: true,
  orgNumber: true,
  website: true,
  address: true,
  contactPerson: true,
  contactEmail: true,
  discountCode: true,
  criteria: true,
  // Snapshots sent in before issue 22 have no treatments: the server reads them as none.
  treatments: true,
}).extend({ documents: z.array(SnapshotDocumentSchema) });
export type ApplicationSnapshot = z.infer<typeof ApplicationSnapshotSchema>;

/** The last application or renewal sent in, and what differs from it today. */
export const SubmissionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['application', 'renewal']),
  submittedAt: timestamp,
  decision: z.enum(['approved', 'denied']).nullable(),
  decidedAt: timestamp.nullable(),
  snapshot: ApplicationSnapshotSchema,
  /** The values that differ now (by the clinic's pending changes or an admin's edit), and `documents` when they do. */
  changedSince: z.array(z.string()),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const ClinicDocumentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: timestamp,
  /** `added`: uploaded after sending in, waiting for an admin; `removal_requested`: stays until an admin approves its removal. */
  state: z.enum(['reviewed', 'added', 'removal_requested']),
});
export type ClinicDocument = z.infer<typeof ClinicDocumentSchema>;

export const ClinicDocumentListSchema = z.object({ items: z.array(ClinicDocumentSchema) });
export type ClinicDocumentList = z.infer<typeof ClinicDocumentListSchema>;

export const DocumentIdParamsSchema = z.object({ id: z.uuid('validation:notFound') });

const FactKindSchema = z.enum(FACT_KINDS);

/** GET /api/clinic/facts: the clinic's facts (issue 22) and which of them its chosen treatments need. */
export const ClinicFactListSchema = z.object({
  /** Oldest first; the org-number fact follows the application's organisation number. */
  items: z.array(ClinicFactSchema),
  /** The kinds the chosen treatments need: the organisation number and each requirement they trigger. */
  needed: z.array(FactKindSchema),
  /** Of those, the kinds without a verified fact in force today: what still stands before a certificate. */
  missing: z.array(FactKindSchema),
});
export type ClinicFactList = z.infer<typeof ClinicFactListSchema>;

export const FactIdParamsSchema = z.object({ id: z.uuid('validation:notFound') });

/** SPEC section 5: percent of the six profile fields that are filled, rounded (a fresh clinic has its name: 17 %). */
export function profileCompleteness(
  profile: Pick<ClinicOwnProfile, (typeof PROFILE_COMPLETENESS_FIELDS)[number]>,
): number {
  const filled = PROFILE_COMPLETENESS_FIELDS.filter((field) => Boolean(profile[field]?.trim())).length;
  return Math.round((filled / PROFILE_COMPLETENESS_FIELDS.length) * 100);
}

/**
 * What sending in an application needs, besides an unsent or denied application, in the order the
 * application's form asks for them. The city since issue 28: the certificate's page shows it.
 */
export const REQUIRED_APPLICATION_FIELDS = [
  'companyName',
  'orgNumber',
  'website',
  'address',
  'city',
  'contactPerson',
  'contactEmail',
] as const;
export type ApplicationRequirement =
  (typeof REQUIRED_APPLICATION_FIELDS)[number] | 'treatments' | 'criteria' | 'documents';

/** The requirements the application still misses; empty when it may be sent in. */
export function missingForSubmission(
  profile: Pick<
    ClinicOwnProfile,
    (typeof REQUIRED_APPLICATION_FIELDS)[number] | 'treatments' | 'criteria' | 'documentCount'
  >,
): ApplicationRequirement[] {
  const missing: ApplicationRequirement[] = REQUIRED_APPLICATION_FIELDS.filter((field) => !profile[field]?.trim());
  if (profile.treatments.length < 1) missing.push('treatments');
  if (!CRITERIA_IDS.every((id) => profile.criteria[id])) missing.push('criteria');
  if (profile.documentCount < 1) missing.push('documents');
  return missing;
}
