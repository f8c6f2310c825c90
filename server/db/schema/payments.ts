import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES, type LocalizedText } from '../../../contracts/payments.ts';
import { profiles } from './profiles.ts';

export const paymentProviderEnum = pgEnum('payment_provider', ['invoice', 'stripe']);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

/**
 * The membership plans (issue 25 point 6): names, prices and VAT are data the admin changes, each
 * change in the audit log with the plan before and after. A payment copies what it charged.
 */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    priceOre: integer('price_ore').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('membership_plans_price_positive', sql`${t.priceOre} > 0`),
    check('membership_plans_vat_percent', sql`${t.vatPercent} BETWEEN 0 AND 100`),
  ],
);

/**
 * A membership payment: an invoice, or a Stripe Checkout. The buyer and the plan are copied in, so the
 * record stays what was charged when a plan changes or the clinic's account is deleted (bookkeeping
 * keeps it seven years: clinic_id becomes null, the copy stays).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity({ startWith: 1001 }).unique(),
    clinicId: uuid('clinic_id').references(() => profiles.id, { onDelete: 'set null' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    planName: jsonb('plan_name').$type<LocalizedText>().notNull(),
    membershipYear: integer('membership_year').notNull(),
    provider: paymentProviderEnum('provider').notNull(),
    status: paymentStatusEnum('status').notNull(),
    netOre: integer('net_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    totalOre: integer('total_ore').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerOrganisationNumber: text('buyer_organisation_number'),
    buyerEmail: text('buyer_email').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    stripeCheckoutSessionId: text('stripe_checkout_session_id').unique(),
    stripeCheckoutUrl: text('stripe_checkout_url'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // One open or paid payment per clinic and year: a second Checkout or invoice for a paid year is refused here too.
    uniqueIndex('payments_one_live_per_year_idx')
      .on(t.clinicId, t.membershipYear)
      .where(sql`${t.status} IN ('pending', 'invoiced', 'paid')`),
    index('payments_clinic_idx').on(t.clinicId, t.createdAt),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    check('payments_total', sql`${t.totalOre} = ${t.netOre} + ${t.vatOre}`),
  ],
);

/** Every Stripe event handled, by its id: a replayed event finds its id here and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An admin let a clinic send in for a year without a paid or invoiced membership (with the reason, audited too). */
export const membershipWaivers = pgTable(
  'membership_waivers',
  {
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    reason: text('reason').notNull(),
    adminId: uuid('admin_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.year] })],
);
