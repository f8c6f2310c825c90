import { inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { clinicDocuments, profiles } from '../db/schema/index.ts';
import type { FileStore } from '../lib/storage/file-store.ts';
import { DOCUMENTS_BUCKET } from './clinic-area/clinic-documents.ts';
import { COVERS_BUCKET } from './clinic-area/clinic-cover.ts';

/** A file younger than this may belong to an upload still under way in another app process. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export interface ReconcileReport {
  /** Files without a row, removed. */
  removedFiles: string[];
  /** Documents whose file was missing, removed from the list. */
  removedDocuments: string[];
  /** Clinics whose cover file was missing, back on the default image. */
  clearedCovers: string[];
  /** Temporary files of uploads a crash cut off, removed. */
  removedPartialUploads: number;
}

/**
 * Rows and files must agree (ARCHITECTURE "Data"). Uploads write the file before the row and
 * deletions remove the row before the file, so a crash can only leave a file without a row; a
 * row without its file (a file removed by hand, a restored backup) is healed too, so no one is
 * offered a download that cannot work. What a crash cut off mid-upload is removed too. Runs at start.
 */
export async function reconcileFileStore(
  db: Database,
  store: FileStore,
  now = new Date(),
  graceMs = ORPHAN_GRACE_MS,
): Promise<ReconcileReport> {
  const cutoff = now.getTime() - graceMs;
  const report: ReconcileReport = {
    removedFiles: [],
    removedDocuments: [],
    clearedCovers: [],
    removedPartialUploads: await store.removeAbandonedUploads(new Date(cutoff)),
  };

  const documents = await db
    .select({ id: clinicDocuments.id, path: clinicDocuments.storagePath })
    .from(clinicDocuments);
  const covers = await db
    .select({ id: profiles.id, path: profiles.coverImagePath })
    .from(profiles)
    .where(isNotNull(profiles.coverImagePath));

  for (const [bucket, rows] of [
    [DOCUMENTS_BUCKET, documents],
    [COVERS_BUCKET, covers],
  ] as const) {
    const known = new Set(rows.map((row) => row.path));
    const stored = new Set<string>();
    for await (const file of store.list(bucket)) {
      stored.add(file.path);
      if (!known.has(file.path) && file.lastModified.getTime() < cutoff) {
        await store.delete(bucket, file.path);
        report.removedFiles.push(`${bucket}/${file.path}`);
      }
    }
    const missing = rows.filter((row) => row.path && !stored.has(row.path)).map((row) => row.id);
    if (missing.length === 0) continue;
    if (bucket === DOCUMENTS_BUCKET) {
      await db.delete(clinicDocuments).where(inArray(clinicDocuments.id, missing));
      report.removedDocuments.push(...missing);
    } else {
      await db.update(profiles).set({ coverImagePath: null, coverImageUrl: null }).where(inArray(profiles.id, missing));
      report.clearedCovers.push(...missing);
    }
  }
  return report;
}
