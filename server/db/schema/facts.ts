import { sql } from 'drizzle-orm';
import {
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
import { FACT_KINDS, FACT_STATUSES } from '../../../contracts/facts.ts';
import { clinicDocuments } from './documents.ts';
import { profiles } from './profiles.ts';

export const factKindEnum = pgEnum('fact_kind', FACT_KINDS);
export const factStatusEnum = pgEnum('fact_status', FACT_STATUSES);

/**
 * A fact behind a certificate (issue 22, contracts/facts.ts): the clinic's statement and an admin's check
 * of it. The org-number fact is written by a trigger on profiles (migration 0017): one per clinic,
 * unchecked again whenever the number changes. A changed statement is unchecked again too.
 */
export const clinicFacts = pgTable(
  'clinic_facts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: factKindEnum('kind').notNull(),
    /** The statement's fields of its kind, without `kind`, `documentId` and `validUntil`. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    documentId: uuid('document_id').references(() => clinicDocuments.id, { onDelete: 'set null' }),
    /** The last day a liability insurance is valid: reminders and the automatic suspension read it. */
    validUntil: date('valid_until', { mode: 'string' }),
    status: factStatusEnum('status').notNull().default('unchecked'),
    /** The reason of a rejection. */
    reason: text('reason'),
    checkedBy: uuid('checked_by').references(() => profiles.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clinic_facts_clinic_idx').on(t.clinicId, t.createdAt),
    // One org-number fact per clinic: the trigger's ON CONFLICT target.
    uniqueIndex('clinic_facts_org_number_idx')
      .on(t.clinicId)
      .where(sql`${t.kind} = 'org_number'`),
    index('clinic_facts_insurance_idx')
      .on(t.validUntil)
      .where(sql`${t.kind} = 'liability_insurance' AND ${t.status} = 'verified'`),
  ],
);

/** The reminders sent before a verified liability insurance runs out, 30 and 7 days before: each once. */
export const factReminders = pgTable(
  'fact_reminders',
  {
    factId: uuid('fact_id')
      .notNull()
      .references(() => clinicFacts.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.factId, t.daysBefore] })],
);
