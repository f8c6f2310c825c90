import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { ClinicOwnProfile } from '../../../contracts/clinic-area.ts';
import { COVER_EXTENSIONS, COVER_MAX_BYTES, DOCUMENT_NAME_MAX_LENGTH } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-failure.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { FILE_KINDS, extensionOf, receiveFile, type UploadLimits } from '../uploads.ts';
import { getClinicOwnProfile } from './clinic-profile.ts';

export const COVERS_BUCKET = 'clinic-covers';

/** Where cover images are uploaded: POST /api/clinic/cover. */
export const COVER_UPLOAD: UploadLimits = {
  maxBytes: COVER_MAX_BYTES,
  tooLarge: 'coverTooLarge',
  typeNotAllowed: 'coverTypeNotAllowed',
};

function coverVersion(path: string): string {
  return path.split('/').pop()?.slice(0, 36) ?? '';
}

/**
 * The address of a cover. A new image gets a new address, so browsers may keep each one for long; and
 * the address holds the image's own random version, so it cannot be guessed from the clinic's id: a
 * clinic that is not in the register shows its cover only to whom it was given (the clinic, the admins).
 */
export function coverImageUrl(clinicId: string, path: string): string {
  return `/api/clinics/${clinicId}/cover?v=${coverVersion(path)}`;
}

async function currentCoverPath(db: Database, clinicId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ path: profiles.coverImagePath })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
  return row ? row.path : undefined;
}

async function ownProfile(db: Database, clinicId: string): Promise<ClinicOwnProfile> {
  const profile = await getClinicOwnProfile(db, clinicId);
  if (!profile) throw notFound();
  return profile;
}

/** POST /api/clinic/cover: a new cover image (jpg, png or webp up to 5 MB) replaces the old one. */
export async function uploadClinicCover(
  db: Database,
  store: FileStore,
  clinicId: string,
  file: { stream: Readable; fileName: string },
): Promise<ClinicOwnProfile> {
  const previous = await currentCoverPath(db, clinicId);
  if (previous === undefined) throw notFound();
  const received = await receiveFile({
    store,
    bucket: COVERS_BUCKET,
    stream: file.stream,
    fileName: file.fileName,
    extensions: COVER_EXTENSIONS,
    limits: COVER_UPLOAD,
    maxNameLength: DOCUMENT_NAME_MAX_LENGTH,
    folder: clinicId,
  });
  try {
    await db
      .update(profiles)
      .set({
        coverImagePath: received.path,
        coverImageUrl: coverImageUrl(clinicId, received.path),
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, clinicId));
  } catch (error) {
    await store.delete(COVERS_BUCKET, received.path);
    throw error;
  }
  if (previous) await store.delete(COVERS_BUCKET, previous);
  return ownProfile(db, clinicId);
}

/** DELETE /api/clinic/cover: back to the default image. */
export async function removeClinicCover(db: Database, store: FileStore, clinicId: string): Promise<ClinicOwnProfile> {
  const previous = await currentCoverPath(db, clinicId);
  if (previous === undefined) throw notFound();
  if (previous) {
    await db
      .update(profiles)
      .set({ coverImagePath: null, coverImageUrl: null, updatedAt: new Date() })
      .where(eq(profiles.id, clinicId));
    await store.delete(COVERS_BUCKET, previous);
  }
  return ownProfile(db, clinicId);
}

/** The cover image of a clinic for GET /api/clinics/:id/cover, when `version` is that of its current image. */
export async function openClinicCover(
  db: Database,
  store: FileStore,
  clinicId: string,
  version: string,
): Promise<{ body: Readable; size: number; contentType: string } | null> {
  const path = await currentCoverPath(db, clinicId);
  if (!path || coverVersion(path) !== version) return null;
  const file = await store.get(COVERS_BUCKET, path);
  const kind = FILE_KINDS[extensionOf(path)];
  return file && kind ? { ...file, contentType: kind.contentType } : null;
}
