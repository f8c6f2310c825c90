import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/** A file in the `clinic-documents` store at `{clinic id}/{uuid}-{file name}`; row and file live and die together. */
export const clinicDocuments = pgTable(
  'clinic_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storagePath: text('storage_path').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Uploaded after the application was sent in: part of the open change request until an admin decides it. */
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    /** The clinic asked to remove this reviewed document; it stays until an admin approves the change. */
    removalRequestedAt: timestamp('removal_requested_at', { withTimezone: true }),
  },
  (t) => [index('clinic_documents_clinic_idx').on(t.clinicId)],
);
