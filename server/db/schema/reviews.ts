import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationSnapshot, ReviewedChanges } from '../../../contracts/clinic-area.ts';
import { profiles } from './profiles.ts';

// What a certificate vouches for (issue 27, docs/decisions/021): what a clinic sent in is frozen as a
// snapshot the admin decides on, and once sent in, a change to the reviewed values waits for the admin.

export const submissionKindEnum = pgEnum('submission_kind', ['application', 'renewal']);
export const reviewDecisionEnum = pgEnum('review_decision', ['approved', 'denied']);

/** One application or renewal as it was sent in; `decision` is set when an admin decides it. */
export const clinicSubmissions = pgTable(
  'clinic_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: submissionKindEnum('kind').notNull(),
    snapshot: jsonb('snapshot').$type<ApplicationSnapshot>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decision: reviewDecisionEnum('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('clinic_submissions_clinic_idx').on(t.clinicId, t.submittedAt),
    // At most one submission waits for a decision per clinic.
    uniqueIndex('clinic_submissions_one_open_idx')
      .on(t.clinicId)
      .where(sql`${t.decision} IS NULL`),
  ],
);

/**
 * The changes to its reviewed values a clinic asked for after sending in (name, company,
 * organisation number, criteria; the documents it added or wants removed are marked on
 * clinic_documents). At most one is open per clinic; each save merges into it.
 */
export const clinicChangeRequests = pgTable(
  'clinic_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    changes: jsonb('changes').$type<ReviewedChanges>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decision: reviewDecisionEnum('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The admin's reason for refusing it, which the clinic reads. */
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('clinic_change_requests_one_open_idx')
      .on(t.clinicId)
      .where(sql`${t.decision} IS NULL`),
    index('clinic_change_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.decision} IS NULL`),
  ],
);
