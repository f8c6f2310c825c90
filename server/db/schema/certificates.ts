import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/** A certificate is active from issue to 31 December of its year, then expired; an admin may withdraw it. */
export const certificateStatusEnum = pgEnum('certificate_status', ['active', 'expired', 'withdrawn']);

/** The running part of certificate numbers (`CK-2026-000123`): never reused, unique under concurrent approvals. */
export const certificateNumberSequence = pgSequence('certificate_number_seq', { startWith: 1 });

/** One certificate per approval: what the public verification page and the badge show. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    status: certificateStatusEnum('status').notNull().default('active'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
  },
  (t) => [
    uniqueIndex('certificates_number_idx').on(t.number),
    index('certificates_clinic_idx').on(t.clinicId, t.validFrom),
    // At most one active certificate per clinic and year: this year's, and next year's once renewed.
    uniqueIndex('certificates_one_active_per_year_idx')
      .on(t.clinicId, t.validTo)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** The renewal reminders sent for a certificate, 60, 30 and 7 days before it expires: each at most once. */
export const certificateReminders = pgTable(
  'certificate_reminders',
  {
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.certificateId, t.daysBefore] })],
);
