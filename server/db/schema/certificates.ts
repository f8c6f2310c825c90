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
import { CERTIFICATE_EVENT_KINDS, CERTIFICATE_STATUSES } from '../../../contracts/certificates.ts';
import type { TreatmentId } from '../../../contracts/treatments.ts';
import { profiles } from './profiles.ts';

/**
 * A certificate is active from issue to 31 December of its year, then expired; an admin may withdraw it,
 * or suspend it (and reinstate it) while a fact behind it is in doubt (issue 22).
 */
export const certificateStatusEnum = pgEnum('certificate_status', CERTIFICATE_STATUSES);

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
    /** The scope: the treatments whose legal facts were verified (contracts/treatments.ts), catalogue order. */
    treatments: text('treatments')
      .array()
      .$type<TreatmentId[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** While suspended: since when, and the public reason. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    uniqueIndex('certificates_number_idx').on(t.number),
    index('certificates_clinic_idx').on(t.clinicId, t.validFrom),
    // At most one active certificate per clinic and year: this year's, and next year's once renewed.
    uniqueIndex('certificates_one_active_per_year_idx')
      .on(t.clinicId, t.validTo)
      .where(sql`${t.status} = 'active'`),
    // The register's filter by treatment: which clinics' certificates cover it.
    index('certificates_treatments_idx').using('gin', t.treatments),
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

export const certificateEventKindEnum = pgEnum('certificate_event_kind', CERTIFICATE_EVENT_KINDS);

/**
 * The public history of a clinic's certification (issue 22): one row per issue, renewal, change of scope,
 * suspension, reinstatement, withdrawal and expiry, written in the transaction of the change itself.
 */
export const certificateEvents = pgTable(
  'certificate_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: certificateEventKindEnum('kind').notNull(),
    /** The public reason of a suspension or withdrawal. */
    reason: text('reason'),
    /** The scope after an issue, renewal or change of scope. */
    treatments: text('treatments').array().$type<TreatmentId[]>(),
    /** The admin who decided it; null for the scheduled job. Not public. */
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the clinic's followers were told (their inbox, and an email at most once a day); null while
     * they wait. Events followers are not told of are marked when written. A trigger (migration 0018)
     * notifies `ck_certificate_event` on insert, so the notifier needs no poll to wake.
     */
    followersToldAt: timestamp('followers_told_at', { withTimezone: true }),
  },
  (t) => [
    index('certificate_events_clinic_idx').on(t.clinicId, t.occurredAt, t.id),
    index('certificate_events_untold_idx')
      .on(t.occurredAt)
      .where(sql`${t.followersToldAt} IS NULL`),
  ],
);

/**
 * The emails that told a follower about a change of a clinic's certificate: at most one per follower,
 * clinic and Swedish day (the inbox message is always written).
 */
export const followerNotices = pgTable(
  'follower_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clinicId, t.day] })],
);
