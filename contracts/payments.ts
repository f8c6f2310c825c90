import { z } from 'zod';
import { AuditEntrySchema, reason } from './admin.ts';
import { hasNoNul } from './clinics.ts';
import { luhnCheckDigit } from './luhn.ts';
import { keysetPageSchema, pageLimit, TimeCursorParamSchema } from './cursors.ts';

// Membership payments (issue 25, docs/decisions/039). Amounts are whole öre (1/100 SEK), so the VAT
// of a price is rounded once, here, and the invoice, the receipt and Stripe charge the same sum.

/** How the installation takes payment: invoice without a Stripe account, Stripe Checkout with one. */
export const PaymentProviderSchema = z.enum(['invoice', 'stripe']);
export type PaymentProviderKind = z.infer<typeof PaymentProviderSchema>;

/**
 * pending: a Stripe Checkout was opened and is not paid (yet); invoiced: an invoice was sent and is
 * not paid; paid; failed: Stripe refused it or the Checkout expired; cancelled: replaced by a newer
 * Checkout; refunded: paid, then refunded by an admin.
 */
export const PAYMENT_STATUSES = ['pending', 'invoiced', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** The payments that give a clinic its membership for their year: an unpaid invoice counts until paid. */
export const MEMBERSHIP_PAYMENT_STATUSES = ['invoiced', 'paid'] as const satisfies readonly PaymentStatus[];

export const LocalizedTextSchema = z.object({ sv: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const MembershipPlanSchema = z.object({
  id: z.uuid(),
  /** A stable name for code and tests (individual, company); what people read is `name`. */
  code: z.string(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  /** The yearly price without VAT. */
  priceOre: z.number().int(),
  vatPercent: z.number().int(),
  active: z.boolean(),
});
export type MembershipPlan = z.infer<typeof MembershipPlanSchema>;

export interface PriceBreakdown {
  netOre: number;
  vatOre: number;
  totalOre: number;
}

/** A price without VAT with its VAT (rounded to the öre) and the sum to pay. */
export function priceWithVat(netOre: number, vatPercent: number): PriceBreakdown {
  const vatOre = Math.round((netOre * vatPercent) / 100);
  return { netOre, vatOre, totalOre: netOre + vatOre };
}

const planName = z
  .string()
  .trim()
  .min(1, 'validation:planNameRequired')
  .max(200, 'validation:nameTooLong')
  .refine(hasNoNul, 'validation:textInvalid');
const planDescription = z
  .string()
  .trim()
  .max(2000, 'validation:descriptionTooLong')
  .refine(hasNoNul, 'validation:textInvalid');

/** PUT /api/admin/plans/:id: every field of a plan; the change is kept in its history. */
export const MembershipPlanUpdateSchema = z.strictObject({
  name: z.object({ sv: planName, en: planName }),
  description: z.object({ sv: planDescription, en: planDescription }),
  priceOre: z
    .number({ error: 'validation:priceInvalid' })
    .int('validation:priceInvalid')
    .min(100, 'validation:priceInvalid')
    .max(100_000_000, 'validation:priceInvalid'),
  vatPercent: z
    .number({ error: 'validation:vatInvalid' })
    .int('validation:vatInvalid')
    .min(0, 'validation:vatInvalid')
    .max(100, 'validation:vatInvalid'),
  active: z.boolean(),
});
export type MembershipPlanUpdate = z.infer<typeof MembershipPlanUpdateSchema>;

/** The seller on invoices and receipts (settings SELLER_*). */
export const SellerSchema = z.object({
  name: z.string(),
  organisationNumber: z.string(),
  vatNumber: z.string(),
  address: z.string(),
  bankgiro: z.string(),
  email: z.string(),
  /** The installation's own example values, not a real company's (a demo or development installation). */
  isExample: z.boolean(),
});
export type Seller = z.infer<typeof SellerSchema>;

export const PaymentSchema = z.object({
  id: z.uuid(),
  /** The invoice or receipt number, in order. */
  number: z.number().int(),
  /** The reference to pay an invoice with (OCR: the number with a check digit). */
  reference: z.string(),
  clinicId: z.uuid().nullable(),
  buyer: z.object({ name: z.string(), organisationNumber: z.string().nullable(), email: z.string() }),
  planName: LocalizedTextSchema,
  membershipYear: z.number().int(),
  provider: PaymentProviderSchema,
  status: PaymentStatusSchema,
  netOre: z.number().int(),
  vatOre: z.number().int(),
  totalOre: z.number().int(),
  vatPercent: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** An invoice's last day to pay (YYYY-MM-DD); null for Stripe. */
  dueDate: z.iso.date().nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  refundedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** A payment with the seller, as its invoice or receipt prints it. */
export const PaymentDocumentSchema = z.object({ payment: PaymentSchema, seller: SellerSchema });
export type PaymentDocument = z.infer<typeof PaymentDocumentSchema>;

/**
 * none: nothing paid or ordered for the year; pending: a Checkout not yet paid; invoiced: ordered
 * and not yet paid (counts for sending an application in); paid: valid through 31 December;
 * waived: an admin let the clinic send in without paying, with a reason.
 */
export const MembershipStatusSchema = z.enum(['none', 'pending', 'invoiced', 'paid', 'waived']);
export type MembershipStatus = z.infer<typeof MembershipStatusSchema>;

export const MembershipYearSchema = z.object({
  year: z.number().int(),
  status: MembershipStatusSchema,
  planName: LocalizedTextSchema.nullable(),
  /** 31 December of the year once paid (YYYY-MM-DD); null before. */
  validThrough: z.iso.date().nullable(),
  /** An admin's reason for a waived year, which the clinic reads; null for any other status. */
  waiverReason: z.string().nullable(),
});
export type MembershipYear = z.infer<typeof MembershipYearSchema>;

/** GET /api/clinic/membership: what the payments page and the overview show. */
export const ClinicMembershipSchema = z.object({
  provider: PaymentProviderSchema,
  plans: z.array(MembershipPlanSchema),
  /** The year the clinic's next application or renewal is for: the one to pay. */
  due: MembershipYearSchema,
  /** This year's membership when the due year is next year (a renewal). */
  current: MembershipYearSchema.nullable(),
  payments: z.array(PaymentSchema),
  invoiceDueDays: z.number().int(),
});
export type ClinicMembership = z.infer<typeof ClinicMembershipSchema>;

/** POST /api/clinic/membership/orders: pay the due year with a plan. */
export const MembershipOrderSchema = z.strictObject({ planId: z.uuid({ error: 'validation:planUnknown' }) });
export type MembershipOrder = z.infer<typeof MembershipOrderSchema>;

export const MembershipOrderResultSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('invoice'), payment: PaymentSchema }),
  /** The browser goes on to Stripe's Checkout page. */
  z.object({ provider: z.literal('stripe'), checkoutUrl: z.string() }),
]);
export type MembershipOrderResult = z.infer<typeof MembershipOrderResultSchema>;

/** GET /api/admin/payments: newest first, a page at a time, optionally one status. */
export const AdminPaymentsQuerySchema = z.object({
  status: PaymentStatusSchema.optional(),
  cursor: TimeCursorParamSchema.optional(),
  limit: pageLimit(25),
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentSchema = PaymentSchema.extend({ clinicName: z.string().nullable() });
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsPageSchema = keysetPageSchema(AdminPaymentSchema);
export type AdminPaymentsPage = z.infer<typeof AdminPaymentsPageSchema>;

/** POST /api/admin/clinics/:id/membership-waiver: send in without payment for a year, with the reason. */
export const MembershipWaiverSchema = z.strictObject({
  year: z.number().int().min(2000).max(2100),
  reason,
});
export type MembershipWaiver = z.infer<typeof MembershipWaiverSchema>;

const sekFormat = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', minimumFractionDigits: 2 });
const wholeSekFormat = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 });

/** `2 487,50 kr` from 248750 öre: what invoices, receipts and emails print (sv-SE, SPEC section 9). */
export const formatOre = (ore: number) => sekFormat.format(ore / 100);

/** `1 990 kr` for a whole price (a plan card), with the öre when there are some. */
export const formatPriceOre = (ore: number) => (ore % 100 === 0 ? wholeSekFormat : sekFormat).format(ore / 100);

/** The reference an invoice is paid with: its number and a Luhn check digit, as an OCR number (`10019`). */
export const paymentReference = (number: number) => `${number}${luhnCheckDigit(String(number))}`;

/** The clinic's payments page; Stripe Checkout returns to the two pages under it (success, cancelled). */
export const CLINIC_PAYMENTS_PATH = '/clinic-dashboard/payments';
export const CHECKOUT_SUCCESS_PATH = `${CLINIC_PAYMENTS_PATH}/success`;
export const CHECKOUT_CANCELLED_PATH = `${CLINIC_PAYMENTS_PATH}/cancelled`;
/** An invoice or receipt, printable: `${CLINIC_PAYMENTS_PATH}/{payment id}`. */
export const paymentDocumentPath = (paymentId: string) => `${CLINIC_PAYMENTS_PATH}/${paymentId}`;

export const PaymentIdParamsSchema = z.object({ id: z.uuid({ error: 'validation:notFound' }) });
export const PlanIdParamsSchema = z.object({ id: z.uuid({ error: 'validation:planUnknown' }) });

/** GET /api/admin/plans: every plan with its history of changes, newest first. */
export const AdminPlanSchema = MembershipPlanSchema.extend({ history: z.array(AuditEntrySchema) });
export type AdminPlan = z.infer<typeof AdminPlanSchema>;
