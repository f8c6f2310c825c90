import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

export const followedClinics = pgTable(
  'followed_clinics',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clinicId] }),
    index('followed_clinics_clinic_idx').on(t.clinicId),
    // The followed page: a customer's follows, newest first (keyset pagination).
    index('followed_clinics_user_created_idx').on(t.userId, t.createdAt, t.clinicId),
  ],
);

export const reportStatusEnum = pgEnum('report_status', ['Ny', 'Hanterad']);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clinicName: text('clinic_name').notNull(),
    /** The registered clinic the name matched when the report was filed, so the admin can open it. */
    clinicId: uuid('clinic_id').references(() => profiles.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    status: reportStatusEnum('status').notNull().default('Ny'),
    adminResponse: text('admin_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_created_idx').on(t.createdAt, t.id),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt, t.id),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_created_idx').on(t.createdAt),
    index('messages_sender_idx').on(t.senderId),
    index('messages_recipient_idx').on(t.recipientId),
  ],
);
