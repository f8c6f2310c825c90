import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * A conversation between two parties (issue 11). Side A is `user_id`, a person, or, when it is null, a
 * guest of the contact form (`guest_email`). Side B is `counterpart_id`, a person (a clinic written to
 * by a customer), or, when it is null, the certification body's team: every admin reads and answers it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'cascade' }),
    counterpartId: uuid('counterpart_id').references(() => profiles.id, { onDelete: 'cascade' }),
    guestEmail: text('guest_email'),
    guestName: text('guest_name'),
    /**
     * A contact message from an address that already had a guest thread, sent without that thread's
     * link (issue 27): it starts a thread of its own, which the team sees as from an unconfirmed sender.
     */
    guestUnconfirmed: boolean('guest_unconfirmed').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One conversation per pair of people, and one per person with the team.
    uniqueIndex('conversations_pair_idx')
      .on(t.userId, t.counterpartId)
      .where(sql`${t.counterpartId} IS NOT NULL`),
    uniqueIndex('conversations_team_idx')
      .on(t.userId)
      .where(sql`${t.counterpartId} IS NULL AND ${t.userId} IS NOT NULL`),
    // One conversation per guest address (stored in lower case) with the team: the contact form's.
    // Threads of unconfirmed senders (above) are apart from it, as many as there were such messages.
    uniqueIndex('conversations_guest_idx')
      .on(t.guestEmail)
      .where(sql`${t.userId} IS NULL AND NOT ${t.guestUnconfirmed}`),
    // The inboxes, newest conversation first: a person's on either side, and the team's.
    index('conversations_user_idx').on(t.userId, t.lastMessageAt),
    index('conversations_counterpart_idx').on(t.counterpartId, t.lastMessageAt),
    index('conversations_team_inbox_idx')
      .on(t.lastMessageAt)
      .where(sql`${t.counterpartId} IS NULL`),
  ],
);

/**
 * The links that let a guest continue a contact thread (issue 27): each email the team sends a guest
 * carries a random token, stored only as its SHA-256 here; posting the contact form with it adds to
 * that thread. Without one, nobody can write into a guest's thread by naming the guest's address.
 */
export const guestThreadTokens = pgTable(
  'guest_thread_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_thread_tokens_conversation_idx').on(t.conversationId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Who wrote it: a person of side A or B, an admin for the team; null for a guest. */
    senderId: uuid('sender_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Written by side A (`user_id` or the guest); otherwise by side B. */
    fromSideA: boolean('from_side_a').notNull(),
    content: text('content').notNull(),
    /** When the other side opened it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_created_idx').on(t.createdAt),
    // A thread, newest first (keyset pages), and its unread messages.
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_unread_idx')
      .on(t.conversationId, t.fromSideA)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * The email that told one side of a conversation about messages it left unread for 15 minutes
 * (issue 11): at most one per conversation, side and Swedish day. The row is written in the
 * transaction that sends the email, as certificate_reminders are.
 */
export const messageEmailNotices = pgTable(
  'message_email_notices',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The side told: true for side A (`user_id`), false for side B (the counterpart or the team). */
    toSideA: boolean('to_side_a').notNull(),
    day: date('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.toSideA, t.day] })],
);
