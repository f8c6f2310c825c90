import type { Readable } from 'node:stream';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { ClinicDocument } from '../../../contracts/clinic-area.ts';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES, DOCUMENT_NAME_MAX_LENGTH } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { clinicDocuments, profiles } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { recordAudit } from '../admin/audit.ts';
import { discard, receiveFile, type UploadLimits } from '../uploads.ts';
import { isReviewLocked, touchChangeRequest, type Transaction } from './reviewed-values.ts';

export const DOCUMENTS_BUCKET = 'clinic-documents';

/** A clinic sends in a handful of documents; more than this is a mistake or abuse. */
export const DOCUMENTS_PER_CLINIC_MAX = 50;

/** Where documents are uploaded: POST /api/clinic/documents. */
export const DOCUMENT_UPLOAD: UploadLimits = {
  maxBytes: DOCUMENT_MAX_BYTES,
  tooLarge: 'documentTooLarge',
  typeNotAllowed: 'documentTypeNotAllowed',
};

type DocumentRow = typeof clinicDocuments.$inferSelect;

const toDocument = (row: DocumentRow): ClinicDocument => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  state: row.pendingSince ? 'added' : row.removalRequestedAt ? 'removal_requested' : 'reviewed',
});

/** The clinic's row, locked for the document change, and whether its documents are under review (issue 27). */
async function lockedClinic(tx: Transaction, clinicId: string) {
  const [row] = await tx
    .select({ applicationStatus: profiles.applicationStatus, applicationSubmittedAt: profiles.applicationSubmittedAt })
    .from(profiles)
    .where(eq(profiles.id, clinicId))
    .for('update');
  return { underReview: row !== undefined && isReviewLocked(row) };
}

/** Removes stored files whose rows are gone; a failure leaves a file without a row, removed at the next start. */
export async function deleteStoredDocuments(store: FileStore, paths: string[]): Promise<void> {
  for (const storagePath of paths) await store.delete(DOCUMENTS_BUCKET, storagePath);
}

/** The clinic's documents, oldest first (at most DOCUMENTS_PER_CLINIC_MAX, so one answer holds them all). */
export async function listClinicDocuments(db: Database, clinicId: string): Promise<ClinicDocument[]> {
  const rows = await db
    .select()
    .from(clinicDocuments)
    .where(eq(clinicDocuments.clinicId, clinicId))
    .orderBy(asc(clinicDocuments.createdAt), asc(clinicDocuments.id));
  return rows.map(toDocument);
}

/**
 * Stores an uploaded document: the file first, then its row; if the row cannot be written the file
 * is removed again. A crash between the two leaves a file without a row, which the start-up check
 * removes (server/services/storage-reconcile.ts).
 */
export async function uploadClinicDocument(
  db: Database,
  store: FileStore,
  clinicId: string,
  file: { stream: Readable; fileName: string },
): Promise<ClinicDocument> {
  const [existing] = await db
    .select({ total: count() })
    .from(clinicDocuments)
    .where(eq(clinicDocuments.clinicId, clinicId));
  if ((existing?.total ?? 0) >= DOCUMENTS_PER_CLINIC_MAX) {
    await discard(file.stream);
    throw new ApiFailure(409, 'document_limit', 'documentLimit');
  }
  const received = await receiveFile({
    store,
    bucket: DOCUMENTS_BUCKET,
    stream: file.stream,
    fileName: file.fileName,
    extensions: DOCUMENT_EXTENSIONS,
    limits: DOCUMENT_UPLOAD,
    maxNameLength: DOCUMENT_NAME_MAX_LENGTH,
    folder: clinicId,
  });
  try {
    return await db.transaction(async (tx) => {
      // Once sent in, a new document is part of the change request until an admin approves it.
      const { underReview } = await lockedClinic(tx, clinicId);
      const now = new Date();
      const [row] = await tx
        .insert(clinicDocuments)
        .values({
          clinicId,
          fileName: received.fileName,
          storagePath: received.path,
          contentType: received.contentType,
          sizeBytes: received.sizeBytes,
          createdAt: now,
          pendingSince: underReview ? now : null,
        })
        .returning();
      if (!row) throw new Error('The document row was not written');
      if (underReview) await touchChangeRequest(tx, clinicId, now);
      await recordAudit(tx, {
        actorId: clinicId,
        action: underReview ? 'document.added_for_review' : 'document.uploaded',
        targetId: clinicId,
        details: { fileName: row.fileName },
      });
      return toDocument(row);
    });
  } catch (error) {
    await store.delete(DOCUMENTS_BUCKET, received.path);
    throw error;
  }
}

/**
 * Deletes one of the clinic's own documents: the row first, then the file, so a failure in between
 * leaves only a file without a row (removed at the next start), never a listed document without
 * its file. Once sent in, a reviewed document is not deleted but marked for removal, which an admin
 * approves with the change request (issue 27). Another clinic's id is simply not found.
 */
export async function deleteClinicDocument(
  db: Database,
  store: FileStore,
  clinicId: string,
  documentId: string,
): Promise<boolean> {
  const deleted = await db.transaction(async (tx) => {
    const { underReview } = await lockedClinic(tx, clinicId);
    const mine = and(eq(clinicDocuments.id, documentId), eq(clinicDocuments.clinicId, clinicId));
    const now = new Date();
    if (underReview) {
      const [marked] = await tx
        .update(clinicDocuments)
        .set({ removalRequestedAt: now })
        .where(and(mine, isNull(clinicDocuments.pendingSince)))
        .returning({ fileName: clinicDocuments.fileName });
      if (marked) {
        await touchChangeRequest(tx, clinicId, now);
        await recordAudit(tx, {
          actorId: clinicId,
          action: 'document.removal_requested',
          targetId: clinicId,
          details: { fileName: marked.fileName },
        });
        return { found: true, storagePath: null };
      }
    }
    const [row] = await tx.delete(clinicDocuments).where(mine).returning();
    if (!row) return { found: false, storagePath: null };
    await recordAudit(tx, {
      actorId: clinicId,
      action: 'document.deleted',
      targetId: clinicId,
      details: { fileName: row.fileName },
    });
    return { found: true, storagePath: row.storagePath };
  });
  if (deleted.storagePath) await store.delete(DOCUMENTS_BUCKET, deleted.storagePath);
  return deleted.found;
}

export interface DocumentDownload {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
}

/**
 * A document's file for download. `clinicId` limits it to that clinic's own documents; an admin
 * passes null. Not found when the row or its file is missing.
 */
export async function openClinicDocument(
  db: Database,
  store: FileStore,
  documentId: string,
  clinicId: string | null,
): Promise<DocumentDownload | null> {
  const [row] = await db
    .select()
    .from(clinicDocuments)
    .where(
      clinicId
        ? and(eq(clinicDocuments.id, documentId), eq(clinicDocuments.clinicId, clinicId))
        : eq(clinicDocuments.id, documentId),
    );
  if (!row) return null;
  const file = await store.get(DOCUMENTS_BUCKET, row.storagePath);
  return file && { fileName: row.fileName, contentType: row.contentType, size: file.size, body: file.body };
}
