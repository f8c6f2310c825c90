import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Files whose rows are gone and that the file store must still remove (issue 26): written in the
 * transaction that deletes the rows (an account deletion, the retention job), removed by the job once
 * the store confirms, so a failed store call is retried on the next run instead of leaving a file behind.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A store of server/lib/storage/file-store.ts BUCKETS. */
    bucket: text('bucket').notNull(),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** The store's last refusal, for the log and the admin; never a secret. */
    lastError: text('last_error'),
  },
  (t) => [unique('file_deletions_bucket_path_key').on(t.bucket, t.path)],
);

/**
 * The one download of a person's data that is running (issue 26 point 1): a second export of the same
 * account while one streams is refused, and a row older than the export time limit is taken as abandoned.
 */
export const dataExports = pgTable('data_exports', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
