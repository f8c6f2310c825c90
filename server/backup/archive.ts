import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { assertStoragePath, BUCKETS } from '../lib/storage/file-store.ts';

/**
 * A backup archive is a folder (docs/decisions/015-backups.md):
 *
 *   manifest.json                 what is inside, with row counts and sha256 of every file
 *   database/pglite-data.tgz      PGlite's dumpDataDir(), or
 *   database/postgres.dump        pg_dump --format=custom
 *   files/{bucket}/{path}         every file of the file store, at its storage path
 *   secrets/jwt-secret            the signing secret generated into DATA_DIR, when there is one
 */
export const MANIFEST_FILE = 'manifest.json';
export const FILES_FOLDER = 'files';
export const SECRETS_FOLDER = 'secrets';
export const ARCHIVE_PREFIX = 'ck-backup-';

/** A refusal or a failed check, said so that the operator knows what to do; the CLI prints only the message. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

const StoragePathSchema = z.string().refine(
  (value) => {
    try {
      assertStoragePath(value);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a storage path' },
);

export const TableCensusSchema = z.object({
  rows: z.number().int().min(0),
  /** Sum of a 64-bit hash of every row's text: equal after a faithful restore, in any row order. */
  checksum: z.string().regex(/^-?\d+$/),
});
export type TableCensus = z.infer<typeof TableCensusSchema>;

export const ArchivedFileSchema = z.object({
  bucket: z.enum(BUCKETS),
  path: StoragePathSchema,
  size: z.number().int().min(0),
  sha256: Sha256Schema,
});
export type ArchivedFile = z.infer<typeof ArchivedFileSchema>;

export const BackupManifestSchema = z.object({
  format: z.literal('certifierad-klinik-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    /** Relative to the archive, '/'-separated. */
    file: z.enum(['database/pglite-data.tgz', 'database/postgres.dump']),
    bytes: z.number().int().min(0),
    sha256: Sha256Schema,
    /** `created_at` of the newest applied drizzle migration: a newer one than the code knows cannot be restored by it. */
    lastMigrationAt: z.number().int().nullable(),
    /** Every table outside the system schemas, as `schema.table`. */
    tables: z.record(z.string(), TableCensusSchema),
  }),
  files: z.object({
    store: z.enum(['local', 's3']),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    entries: z.array(ArchivedFileSchema),
  }),
  secrets: z.array(z.object({ name: z.literal('jwt-secret'), sha256: Sha256Schema })),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;
export type DatabaseEngine = BackupManifest['database']['engine'];

export function archivedFilePath(archive: string, file: Pick<ArchivedFile, 'bucket' | 'path'>): string {
  return path.join(archive, FILES_FOLDER, file.bucket, ...file.path.split('/'));
}

export async function writeManifest(archive: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(archive, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(archive: string): Promise<BackupManifest> {
  const file = path.join(archive, MANIFEST_FILE);
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new BackupError(
        `${archive} is not a backup archive: it has no ${MANIFEST_FILE}. An archive is the folder npm run backup wrote (unpack a tar of it first); an interrupted backup is left as *.partial.`,
      );
    }
    throw error;
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BackupError(`${file} is damaged: not JSON (${(error as Error).message}).`);
  }
  const parsed = BackupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new BackupError(`${file} is not a manifest this version can read:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** Passes bytes through while counting them and hashing them with sha256. */
export function digestStream(): Transform & { digest(): { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(transform, { digest: () => ({ size, sha256: hash.digest('hex') }) });
}

/** Writes `body` to a new file (never over an existing one), private to the owner; answers its size and sha256. */
export async function writeDigested(file: string, body: Readable): Promise<{ size: number; sha256: string }> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const digest = digestStream();
  await pipeline(body, digest, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  return digest.digest();
}

export async function digestOf(body: Readable): Promise<{ size: number; sha256: string }> {
  const digest = digestStream();
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(body, digest, discard);
  return digest.digest();
}

/** The size and sha256 of a file, or null when there is no such file. */
export async function digestFile(file: string): Promise<{ size: number; sha256: string } | null> {
  const stats = await stat(file).catch(() => null);
  if (!stats?.isFile()) return null;
  return digestOf(createReadStream(file));
}

/** Every regular file under `folder`, '/'-separated and relative to it; none when the folder is missing. */
export async function listFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** `20260516T101500Z`: sorts by time, and is a valid file name everywhere. */
export function archiveName(now: Date): string {
  return `${ARCHIVE_PREFIX}${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(/[-:]/g, '')}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  do {
    value /= 1000;
    unit += 1;
  } while (value >= 1000 && unit < units.length - 1);
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
