import { and, asc, eq, inArray, isNotNull, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  certificates,
  clinicChangeRequests,
  clinicDocuments,
  clinicFacts,
  clinicSubmissions,
  fileDeletions,
  profiles,
} from '../../db/schema/index.ts';
import { removeOutboxMessagesBefore } from '../../lib/mailer.ts';
import { BUCKETS, type Bucket, type FileStore } from '../../lib/storage/file-store.ts';
import { DOCUMENTS_BUCKET } from '../clinic-area/clinic-documents.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows one run removes of each kind at most: a backlog clears over the next runs, in short transactions. */
export const RETENTION_BATCH = 500;

/** How long what has lost its purpose is kept, in days (server/env.ts RETENTION_*, docs/decisions/036). */
export interface RetentionPeriods {
  /** A document of a clinic that never sent an application in, from its upload. */
  unsentApplicationDocumentsDays: number;
  /** A deleted clinic's document that backs a certificate decision, from the account's deletion. */
  decisionDocumentsDays: number;
  /** A deleted clinic's other documents, from the account's deletion. */
  deletedAccountDocumentsDays: number;
  /** A message in DATA_DIR/outbox (no SMTP_URL), from its writing. */
  outboxDays: number;
}

export interface RetentionRun {
  unsentApplicationDocuments: number;
  deletedClinicDecisionDocuments: number;
  deletedClinicOtherDocuments: number;
  outboxMessages: number;
  /** Files the store confirmed removed (file_deletions rows done), from this run or an earlier one. */
  removedFiles: number;
  /** file_deletions rows the store refused this run: kept with attempts and last_error for the next run. */
  failedFileDeletions: string[];
}

export interface RetentionDeps {
  db: Database;
  fileStore: FileStore;
  /** DATA_DIR, whose outbox folder the mailer writes without SMTP_URL. */
  dataDir: string;
  periods: RetentionPeriods;
  log: FastifyBaseLogger;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Whether the correlated subquery `query` finds a row. */
const exists = (query: SQL) => sql`EXISTS (${query})`;
const notExists = (query: SQL) => sql`NOT EXISTS (${query})`;

/**
 * The clinic never sent an application in: no submission, decision or certificate of any kind. Withdrawal
 * clears `application_submitted_at` (decision 011), so the profile's columns alone would not tell.
 */
const neverSentIn = and(
  exists(
    sql`SELECT 1 FROM ${profiles} WHERE ${profiles.id} = ${clinicDocuments.clinicId}
      AND ${isNull(profiles.applicationSubmittedAt)} AND ${isNull(profiles.applicationDecidedAt)}
      AND ${isNull(profiles.renewalSubmittedAt)} AND ${isNull(profiles.certifiedAt)}`,
  ),
  notExists(sql`SELECT 1 FROM ${clinicSubmissions} WHERE ${clinicSubmissions.clinicId} = ${clinicDocuments.clinicId}`),
  notExists(sql`SELECT 1 FROM ${certificates} WHERE ${certificates.clinicId} = ${clinicDocuments.clinicId}`),
) as SQL;

/**
 * An admin decided on the clinic's certificate (`decidedAt` of `table`) after the document was uploaded and
 * before the account was deleted: what the deletion itself settles (an open application denied, a change
 * request refused, both stamped with `deleted_at`) was decided on nothing the clinic sent.
 */
const decidedWithDocument = (table: PgTable, clinicId: PgColumn, decidedAt: PgColumn) =>
  exists(
    sql`SELECT 1 FROM ${table} JOIN ${profiles} ON ${profiles.id} = ${clinicId}
      WHERE ${clinicId} = ${clinicDocuments.clinicId} AND ${decidedAt} >= ${clinicDocuments.createdAt}
      AND ${decidedAt} < ${profiles.deletedAt}`,
  );

/**
 * The document backs a certificate decision (decision 036): an admin checked a fact it is the evidence of,
 * or it was there when an admin decided on the clinic's certificate (an application or renewal approved or
 * denied, a change request decided, a certificate issued).
 */
const backsACertificateDecision = or(
  exists(
    sql`SELECT 1 FROM ${clinicFacts} WHERE ${clinicFacts.documentId} = ${clinicDocuments.id} AND ${isNotNull(clinicFacts.checkedAt)}`,
  ),
  decidedWithDocument(clinicSubmissions, clinicSubmissions.clinicId, clinicSubmissions.decidedAt),
  decidedWithDocument(clinicChangeRequests, clinicChangeRequests.clinicId, clinicChangeRequests.decidedAt),
  decidedWithDocument(certificates, certificates.clinicId, certificates.issuedAt),
) as SQL;

const deletedBefore = (cutoff: Date) =>
  exists(
    sql`SELECT 1 FROM ${profiles} WHERE ${profiles.id} = ${clinicDocuments.clinicId} AND ${lt(profiles.deletedAt, cutoff)}`,
  );

/**
 * Deletes up to RETENTION_BATCH documents matching `condition` and queues their files in file_deletions, in one
 * transaction (facts that named a document keep their check, with document_id null by the foreign key).
 * SKIP LOCKED: a second process at the same moment takes other rows or none, never waits or deletes twice.
 */
async function removeDocuments(db: Database, condition: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    const chosen = await tx
      .select({ id: clinicDocuments.id })
      .from(clinicDocuments)
      .where(condition)
      .orderBy(asc(clinicDocuments.createdAt))
      .limit(RETENTION_BATCH)
      .for('update', { skipLocked: true });
    if (chosen.length === 0) return 0;
    const removed = await tx
      .delete(clinicDocuments)
      .where(
        inArray(
          clinicDocuments.id,
          chosen.map((row) => row.id),
        ),
      )
      .returning({ path: clinicDocuments.storagePath });
    if (removed.length === 0) return 0;
    await tx
      .insert(fileDeletions)
      .values(removed.map((row) => ({ bucket: DOCUMENTS_BUCKET, path: row.path })))
      .onConflictDoNothing();
    return removed.length;
  });
}

const isBucket = (bucket: string): bucket is Bucket => (BUCKETS as readonly string[]).includes(bucket);

/** The store's reason, for the row: its message only (an S3 error's message carries no key). */
const refusal = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Asks the store to remove the files of file_deletions, up to RETENTION_BATCH, those tried least first: a
 * removed file's row goes, a refused one's row keeps the reason and one more attempt for the next run. Each
 * row is locked (SKIP LOCKED) while its file is removed, so two processes never work one row. Account
 * deletion may call it right after its transaction; the retention job retries whatever is left.
 */
export async function processFileDeletions(
  db: Database,
  store: FileStore,
): Promise<{ removed: number; failed: string[] }> {
  const queued = await db
    .select({ id: fileDeletions.id })
    .from(fileDeletions)
    .orderBy(asc(fileDeletions.attempts), asc(fileDeletions.createdAt))
    .limit(RETENTION_BATCH);
  let removed = 0;
  const failed: string[] = [];
  for (const { id } of queued) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(fileDeletions)
        .where(eq(fileDeletions.id, id))
        .for('update', { skipLocked: true });
      if (!row) return;
      try {
        if (!isBucket(row.bucket)) throw new Error(`Unknown bucket "${row.bucket}"`);
        // Removing a missing file is no error: a file the start-up reconcile removed is done too.
        await store.delete(row.bucket, row.path);
      } catch (error) {
        await tx
          .update(fileDeletions)
          .set({ attempts: sql`${fileDeletions.attempts} + 1`, lastError: refusal(error) })
          .where(eq(fileDeletions.id, id));
        failed.push(id);
        return;
      }
      await tx.delete(fileDeletions).where(eq(fileDeletions.id, id));
      removed += 1;
    });
  }
  return { removed, failed };
}

/**
 * One run of the retention job (issue 26 point 3, docs/decisions/036), in every app process: documents of
 * applications never sent in, documents of deleted clinics, old outbox messages, then the queued files. Each
 * step is safe beside the same run in another process. Logs counts (and row ids at most): a document's
 * path holds its file name, which may name a person.
 */
export async function runRetention(
  { db, fileStore, dataDir, periods, log }: RetentionDeps,
  now = new Date(),
): Promise<RetentionRun> {
  const deletedClinicDecisionDocuments = await removeDocuments(
    db,
    and(deletedBefore(daysBefore(now, periods.decisionDocumentsDays)), backsACertificateDecision) as SQL,
  );
  const deletedClinicOtherDocuments = await removeDocuments(
    db,
    and(deletedBefore(daysBefore(now, periods.deletedAccountDocumentsDays)), not(backsACertificateDecision)) as SQL,
  );
  const unsentApplicationDocuments = await removeDocuments(
    db,
    and(neverSentIn, lt(clinicDocuments.createdAt, daysBefore(now, periods.unsentApplicationDocumentsDays))) as SQL,
  );
  const outboxMessages = await removeOutboxMessagesBefore(dataDir, daysBefore(now, periods.outboxDays));
  const files = await processFileDeletions(db, fileStore);

  const run: RetentionRun = {
    unsentApplicationDocuments,
    deletedClinicDecisionDocuments,
    deletedClinicOtherDocuments,
    outboxMessages,
    removedFiles: files.removed,
    failedFileDeletions: files.failed,
  };
  const { failedFileDeletions, ...counts } = run;
  if (Object.values(counts).some((count) => count > 0)) log.info(counts, 'retention removed what it no longer needs');
  if (failedFileDeletions.length > 0)
    log.warn({ fileDeletions: failedFileDeletions }, 'the file store refused deletions; the next run tries again');
  return run;
}
