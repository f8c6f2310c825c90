import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';
import { createFileStore } from '../lib/storage/create-file-store.ts';
import { JWT_SECRET_FILE } from '../services/auth/jwt-secret.ts';
import {
  archiveName,
  BackupError,
  type BackupManifest,
  formatBytes,
  listFilesUnder,
  SECRETS_FOLDER,
  writeDigested,
  writeManifest,
} from './archive.ts';
import { totalRows } from './database-census.ts';
import { copyStoreToArchive } from './file-store-backup.ts';
import { backupPglite, pgdataOf } from './pglite-database.ts';
import { backupPostgres, describeDatabaseUrl } from './postgres-database.ts';

export interface BackupOptions {
  /** The app's settings: DATABASE_URL (else PGlite in DATA_DIR), the file store, DATA_DIR for the secret. */
  env: Env;
  /** Folder the archive is made in, as a folder named by the UTC time. */
  outDir: string;
  now?: Date;
  /** Progress, one line at a time. */
  log?: (line: string) => void;
}

export interface BackupResult {
  archive: string;
  manifest: BackupManifest;
  /** Size of the whole archive on disk. */
  bytes: number;
  durationMs: number;
}

export async function appVersion(): Promise<string> {
  const packageJson = JSON.parse(await readFile(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version?: string;
  };
  return packageJson.version ?? 'unknown';
}

async function archiveSize(archive: string): Promise<number> {
  let bytes = 0;
  for (const file of await listFilesUnder(archive)) bytes += (await stat(path.join(archive, ...file.split('/')))).size;
  return bytes;
}

/**
 * Writes one archive of the database, the file store and DATA_DIR's generated secret
 * (docs/decisions/015-backups.md). It is built as `{name}.partial` and renamed when complete, so a
 * folder with the final name is always a whole backup.
 */
export async function createBackup({
  env,
  outDir,
  now = new Date(),
  log = () => undefined,
}: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const archive = path.resolve(outDir, archiveName(now));
  const partial = `${archive}.partial`;
  if (existsSync(archive)) throw new BackupError(`${archive} exists already.`);
  await mkdir(path.dirname(archive), { recursive: true });
  await mkdir(partial, { mode: 0o700 }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupError(`${partial} exists: is another backup running?`);
    throw error;
  });
  try {
    const engine = env.DATABASE_URL ? 'postgres' : 'pglite';
    log(
      `Database: ${env.DATABASE_URL ? `PostgreSQL ${describeDatabaseUrl(env.DATABASE_URL)}` : `PGlite in ${pgdataOf(env.DATA_DIR)}`}`,
    );
    const database = env.DATABASE_URL
      ? await backupPostgres(env.DATABASE_URL, partial)
      : await backupPglite(env.DATA_DIR, partial);

    const store = createFileStore(env);
    log(
      `Files: ${store.kind === 'local' ? `local store in ${path.resolve(env.DATA_DIR, 'storage')}` : `S3 bucket ${env.S3_BUCKET}`}`,
    );
    const files = await copyStoreToArchive(store, partial);

    const secrets: BackupManifest['secrets'] = [];
    const secretFile = path.resolve(env.DATA_DIR, JWT_SECRET_FILE);
    if (existsSync(secretFile)) {
      const { sha256 } = await writeDigested(
        path.join(partial, SECRETS_FOLDER, JWT_SECRET_FILE),
        createReadStream(secretFile),
      );
      secrets.push({ name: JWT_SECRET_FILE, sha256 });
    }

    const manifest: BackupManifest = {
      format: 'certifierad-klinik-backup',
      formatVersion: 1,
      createdAt: now.toISOString(),
      appVersion: await appVersion(),
      database: { engine, ...database },
      files: {
        store: store.kind,
        count: files.length,
        bytes: files.reduce((sum, file) => sum + file.size, 0),
        entries: files,
      },
      secrets,
    };
    await writeManifest(partial, manifest);
    await rename(partial, archive);
    return { archive, manifest, bytes: await archiveSize(archive), durationMs: performance.now() - started };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export function formatBackupSummary({ archive, manifest, bytes, durationMs }: BackupResult): string {
  const { database, files, secrets } = manifest;
  return [
    `Backup written: ${archive} (${formatBytes(bytes)}, ${(durationMs / 1000).toFixed(1)} s)`,
    `  database  ${database.engine} ${database.serverVersion}: ${Object.keys(database.tables).length} tables, ${totalRows(database.tables)} rows (${database.file}, ${formatBytes(database.bytes)})`,
    `  files     ${files.store} store: ${files.count} files, ${formatBytes(files.bytes)}`,
    `  secrets   ${secrets.length > 0 ? secrets.map((secret) => secret.name).join(', ') : 'none in DATA_DIR'}`,
    'It holds password hashes and the signing secret: keep it as private as the database.',
  ].join('\n');
}
