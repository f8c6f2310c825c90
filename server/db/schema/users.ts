import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Sign-in identity, kept apart from the public profile (ARCHITECTURE "Data"). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that cannot sign in with a password (demo register rows). */
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** SHA-256 of the single-use token of the last password-reset email; the token itself is only in the email. */
    recoveryTokenHash: text('recovery_token_hash'),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    /**
     * A change of address waiting for its confirmation (issue 27, as GoTrue's `email_change`): the new
     * address, the SHA-256 of the single-use token mailed to it, and when it was sent. `email` changes
     * only when the link is followed.
     */
    emailChange: text('email_change'),
    emailChangeTokenHash: text('email_change_token_hash'),
    emailChangeSentAt: timestamp('email_change_sent_at', { withTimezone: true }),
    /**
     * When the person deleted the account (issue 26): the row stays so that what others keep (the
     * certificate record, the other side of a conversation) still points somewhere, but its address is
     * replaced so the real one can sign up again, and it cannot sign in.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_recovery_token_hash_idx').on(t.recoveryTokenHash),
    uniqueIndex('users_email_change_token_hash_idx').on(t.emailChangeTokenHash),
  ],
);
