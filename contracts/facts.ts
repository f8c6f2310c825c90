import { z } from 'zod';
import { hasNoNul, TreatmentIdSchema } from './clinics.ts';
import {
  inCatalogueOrder,
  LEGAL_REQUIREMENTS,
  type LegalRequirement,
  requirementsOf,
  TREATMENT_IDS,
  type TreatmentId,
} from './treatments.ts';

// The facts behind a certificate (issue 22), each stated by the clinic and checked on its own by an
// admin: verified, or rejected with a reason. A legal requirement a treatment triggers
// (contracts/treatments.ts) is met by a verified fact of the same kind; the organisation number is
// checked for every clinic. The org-number fact follows the profile's number (a trigger of migration
// 0017 writes it, and a new number makes it unchecked again); the clinic states the others.

export const FACT_KINDS = ['org_number', ...LEGAL_REQUIREMENTS] as const;
export type FactKind = (typeof FACT_KINDS)[number];
/** The kinds a clinic states itself; `org_number` comes from its application's organisation number. */
export const STATED_FACT_KINDS = LEGAL_REQUIREMENTS;
export type StatedFactKind = LegalRequirement;

export const FACT_STATUSES = ['unchecked', 'verified', 'rejected'] as const;
export type FactStatus = (typeof FACT_STATUSES)[number];

/** Who may inject (lag (2021:363)): licensed physicians, dentists and nurses. */
export const PROFESSIONS = ['physician', 'dentist', 'nurse'] as const;
export type Profession = (typeof PROFESSIONS)[number];

export const FACT_TEXT_MAX_LENGTH = 120;
export const FACT_NUMBER_MAX_LENGTH = 60;
export const LICENCE_NUMBER_MAX_LENGTH = 40;
export const FACT_REASON_MAX_LENGTH = 1000;

const requiredText = (max: number, requiredKey: string, tooLongKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(max, tooLongKey)
    .refine(hasNoNul, 'validation:textInvalid');

const day = z.iso.date({ error: 'validation:dateInvalid' });
/** A document of the clinic's own that backs the statement; the server checks it is the clinic's. */
const documentId = z.uuid({ error: 'validation:documentInvalid' }).nullable().default(null);

/** The clinic's statements, one schema per kind (POST /api/clinic/facts, PUT /api/clinic/facts/:id). */
export const LiabilityInsuranceInputSchema = z.strictObject({
  kind: z.literal('liability_insurance'),
  insurer: requiredText(FACT_TEXT_MAX_LENGTH, 'validation:insurerRequired', 'validation:factTextTooLong'),
  policyNumber: requiredText(FACT_NUMBER_MAX_LENGTH, 'validation:policyNumberRequired', 'validation:factNumberTooLong'),
  /** Must not be in the past (the server checks it against its Swedish date). */
  validUntil: day,
  documentId,
});
export const IvoRegistrationInputSchema = z.strictObject({
  kind: z.literal('ivo_registration'),
  registrationNumber: requiredText(
    FACT_NUMBER_MAX_LENGTH,
    'validation:registrationNumberRequired',
    'validation:factNumberTooLong',
  ),
  documentId,
});
export const MunicipalNotificationInputSchema = z.strictObject({
  kind: z.literal('municipal_notification'),
  municipality: requiredText(FACT_TEXT_MAX_LENGTH, 'validation:municipalityRequired', 'validation:factTextTooLong'),
  /** The day the notification was made; not in the future. */
  notifiedOn: day,
  documentId,
});
export const LicensedPractitionerInputSchema = z.strictObject({
  kind: z.literal('licensed_practitioner'),
  name: requiredText(FACT_TEXT_MAX_LENGTH, 'validation:practitionerNameRequired', 'validation:factTextTooLong'),
  profession: z.enum(PROFESSIONS, { error: 'validation:professionInvalid' }),
  /** As the clinic states it; the admin checks it against Socialstyrelsen's register of licensed staff. */
  licenceNumber: requiredText(
    LICENCE_NUMBER_MAX_LENGTH,
    'validation:licenceNumberRequired',
    'validation:licenceNumberTooLong',
  ),
});

export const FactInputSchema = z.discriminatedUnion(
  'kind',
  [
    LiabilityInsuranceInputSchema,
    IvoRegistrationInputSchema,
    MunicipalNotificationInputSchema,
    LicensedPractitionerInputSchema,
  ],
  { error: 'validation:factKindInvalid' },
);
export type FactInput = z.input<typeof FactInputSchema>;
export type FactStatement = z.output<typeof FactInputSchema>;

/** The org-number fact: the number the application states, with the legal form it encodes. */
const OrgNumberStatementSchema = z.object({ kind: z.literal('org_number'), orgNumber: z.string() });

const timestamp = z.iso.datetime({ offset: true });

/** How an admin checked a fact; all null while it is unchecked. */
const ReviewSchema = z.object({
  id: z.uuid(),
  status: z.enum(FACT_STATUSES),
  /** The reason of a rejection, for the clinic to correct. */
  reason: z.string().nullable(),
  checkedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A fact as the clinic and the admin see it: the statement, its document and its check. */
export const ClinicFactSchema = z
  .discriminatedUnion('kind', [
    OrgNumberStatementSchema.extend({ legalForm: z.string() }),
    LiabilityInsuranceInputSchema.extend({ documentId: z.uuid().nullable() }),
    IvoRegistrationInputSchema.extend({ documentId: z.uuid().nullable() }),
    MunicipalNotificationInputSchema.extend({ documentId: z.uuid().nullable() }),
    LicensedPractitionerInputSchema,
  ])
  .and(ReviewSchema.extend({ checkedBy: z.string().nullable() }));
export type ClinicFact = z.infer<typeof ClinicFactSchema>;

/** PUT /api/admin/clinics/:id/facts/:factId: verified, or rejected with the reason the clinic reads. */
export const FactReviewSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('verified') }),
    z.strictObject({
      status: z.literal('rejected'),
      reason: requiredText(FACT_REASON_MAX_LENGTH, 'validation:factReasonRequired', 'validation:factReasonTooLong'),
    }),
  ],
  { error: 'validation:factStatusInvalid' },
);
export type FactReview = z.infer<typeof FactReviewSchema>;

/**
 * A fact as anyone may read it on the verification page and through the open API: only verified ones,
 * with the day of the check; no policy or licence numbers (the admin has checked them).
 */
export const PublicFactSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('org_number'), orgNumber: z.string(), legalForm: z.string(), checkedOn: day }),
  z.object({ kind: z.literal('liability_insurance'), insurer: z.string(), validUntil: day, checkedOn: day }),
  z.object({ kind: z.literal('ivo_registration'), registrationNumber: z.string(), checkedOn: day }),
  z.object({ kind: z.literal('municipal_notification'), municipality: z.string(), notifiedOn: day, checkedOn: day }),
  z.object({
    kind: z.literal('licensed_practitioner'),
    name: z.string(),
    profession: z.enum(PROFESSIONS),
    checkedOn: day,
  }),
]);
export type PublicFact = z.infer<typeof PublicFactSchema>;

/**
 * The legal form a Swedish organisation number encodes: a personal identity number (its month digits
 * 01–12) is a sole trader's; otherwise the first digit is the group Bolagsverket and Skatteverket give
 * (1 estates, 2 public bodies, 3 foreign companies, 5 limited companies, 6 simple partnerships,
 * 7 economic associations, 8 non-profit associations and foundations, 9 trading partnerships).
 */
export const LEGAL_FORMS = [
  'sole_trader',
  'estate',
  'public_body',
  'foreign_company',
  'limited_company',
  'simple_partnership',
  'economic_association',
  'non_profit',
  'trading_partnership',
  'unknown',
] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

const LEGAL_FORM_BY_GROUP: Record<string, LegalForm> = {
  '1': 'estate',
  '2': 'public_body',
  '3': 'foreign_company',
  '5': 'limited_company',
  '6': 'simple_partnership',
  '7': 'economic_association',
  '8': 'non_profit',
  '9': 'trading_partnership',
};

/** For a stored number `NNNNNN-NNNN`. */
export function legalFormOf(orgNumber: string): LegalForm {
  const month = Number(orgNumber.slice(2, 4));
  if (month >= 1 && month <= 12) return 'sole_trader';
  return LEGAL_FORM_BY_GROUP[orgNumber.charAt(0)] ?? 'unknown';
}

/** What counts of a fact when deciding which requirements are met. */
export type FactStanding = Pick<ClinicFact, 'kind' | 'status'> & { validUntil?: string | null };

/**
 * The facts the chosen treatments need that are not verified and in force on `today`: the org number
 * always, and one verified fact per requirement (a liability insurance valid on `today`). Empty when
 * the certificate may cover the treatments. Approval is refused (409) with this list.
 */
export function missingFacts(treatments: readonly TreatmentId[], facts: readonly FactStanding[], today: string) {
  const needed: FactKind[] = ['org_number', ...requirementsOf(treatments)];
  const met = (kind: FactKind) =>
    facts.some(
      (fact) =>
        fact.kind === kind &&
        fact.status === 'verified' &&
        (kind !== 'liability_insurance' || (fact.validUntil ?? '') >= today),
    );
  return needed.filter((kind) => !met(kind));
}

/** A set of treatments (the clinic's choice, a certificate's scope): each once, in the catalogue's order. */
export const TreatmentsSchema = z
  .array(TreatmentIdSchema, { error: 'validation:treatmentUnknown' })
  .max(TREATMENT_IDS.length, 'validation:treatmentUnknown')
  .transform((treatments) => inCatalogueOrder(treatments));
