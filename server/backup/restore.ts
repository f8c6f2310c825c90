import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';
import { createFileStore } from '../lib/storage/create-file-store.ts';
import { JWT_SECRET_FILE } from '../services/auth/jwt-secret.ts';
import {
  BackupError,
  type BackupManifest,
  digestFile,
  digestOf,
  formatBytes,
  MANIFEST_FILE,
  readManifest,
  SECRETS_FOLDER,
} from './archive.ts';
import { compareCensus, totalRows } from './database-census.ts';
import {
  checkArchivedFiles,
  compareStoreWithManifest,
  countStoredFiles,
  emptyStore,
  restoreFilesToStore,
} from './file-store-backup.ts';
import { describePgliteTarget, restorePglite } from './pglite-database.ts';
import { inspectPostgresTarget, restorePostgres } from './postgres-database.ts';

const MAX_LISTED_PROBLEMS = 20;

function listProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => `  ${problem}`);
  if (problems.length > MAX_LISTED_PROBLEMS) shown.push(`  … and ${problems.length - MAX_LISTED_PROBLEMS} more`);
  return shown.join('\n');
}

/** Everything in the archive against its manifest: the database file, every stored file and secret, and nothing more. */
async function archiveProblems(archive: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  const database = await digestFile(path.join(archive, ...manifest.database.file.split('/')));
  if (!database) problems.push(`${manifest.database.file}: missing`);
  else if (database.sha256 !== manifest.database.sha256 || database.size !== manifest.database.bytes) {
    problems.push(
      `${manifest.database.file}: content differs from the manifest (sha256 ${database.sha256}, expected ${manifest.database.sha256})`,
    );
  }
  problems.push(...(await checkArchivedFiles(archive, manifest.files.entries)));
  const { count, bytes, entries } = manifest.files;
  if (count !== entries.length || bytes !== entries.reduce((sum, entry) => sum + entry.size, 0)) {
    problems.push(`${MANIFEST_FILE}: files.count or files.bytes do not add up to its entries`);
  }
  for (const secret of manifest.secrets) {
    const digest = await digestFile(path.join(archive, SECRETS_FOLDER, secret.name));
    if (digest?.sha256 !== secret.sha256)
      problems.push(`${SECRETS_FOLDER}/${secret.name}: ${digest ? 'content differs from the manifest' : 'missing'}`);
  }
  return problems;
}

/** Reads the manifest and checks every file of the archive against it; answers the manifest, or throws listing each problem. */
export async function checkBackup(archive: string): Promise<BackupManifest> {
  const manifest = await readManifest(archive);
  const problems = await archiveProblems(archive, manifest);
  if (problems.length > 0) {
    throw new BackupError(
      `The archive ${archive} failed verification: ${problems.length} problem(s)\n${listProblems(problems)}`,
    );
  }
  return manifest;
}

/** `created_at` of the newest migration this code has (drizzle compares them to decide what to apply). */
async function newestKnownMigration(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(import.meta.dirname, '../db/migrations/meta/_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

export interface RestoreOptions {
  /** The app's settings: where to restore to, as the app would open it. */
  env: Env;
  archive: string;
  /** Delete what the target holds first; without it a target that is not empty is refused. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  archive: string;
  manifest: BackupManifest;
  /** Where the database went (never with a password). */
  database: string;
  /** What --force deleted, empty when the target was empty. */
  replaced: string[];
  durationMs: number;
}

/**
 * Restores an archive into the database and file store of `env`: checks the archive first (nothing is
 * touched when it fails), refuses a target that holds data unless `force`, then restores the database,
 * the files and the secret, and checks every table and file against the manifest.
 */
export async function restoreBackup({
  env,
  archive: given,
  force = false,
  log = () => undefined,
}: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const archive = path.resolve(given);
  log(`Checking ${archive}`);
  const manifest = await readManifest(archive);
  const problems = await archiveProblems(archive, manifest);
  if (problems.length > 0) {
    throw new BackupError(
      `The archive ${archive} failed verification, so nothing was restored: ${problems.length} problem(s)\n${listProblems(problems)}`,
    );
  }

  const engine = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.engine !== engine) {
    throw new BackupError(
      manifest.database.engine === 'pglite'
        ? 'This archive holds an embedded (PGlite) database: restore it with DATABASE_URL unset, into DATA_DIR.'
        : 'This archive holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    );
  }
  if ((manifest.database.lastMigrationAt ?? 0) > (await newestKnownMigration())) {
    throw new BackupError(
      `This archive was made by a newer version of the app (${manifest.appVersion}), with migrations this one lacks: restore it with that version.`,
    );
  }

  const store = createFileStore(env);
  const secretFile = path.resolve(env.DATA_DIR, JWT_SECRET_FILE);
  const occupied: string[] = [];
  if (env.DATABASE_URL) {
    const target = await inspectPostgresTarget(env.DATABASE_URL);
    if (target.contents) occupied.push(target.contents);
    if (target.otherSessions > 0) {
      log(
        `Warning: ${target.otherSessions} other session(s) are connected to the database; stop the app while restoring.`,
      );
    }
  } else {
    const contents = describePgliteTarget(env.DATA_DIR);
    if (contents) occupied.push(contents);
  }
  const storedFiles = await countStoredFiles(store);
  if (storedFiles > 0) occupied.push(`the ${store.kind} file store holds ${storedFiles} files`);
  const archivedSecret = manifest.secrets.find((secret) => secret.name === JWT_SECRET_FILE);
  const currentSecret = await digestFile(secretFile);
  if (archivedSecret && currentSecret && currentSecret.sha256 !== archivedSecret.sha256)
    occupied.push(`${secretFile} holds another secret`);
  if (occupied.length > 0 && !force) {
    throw new BackupError(
      `The target is not empty, so nothing was restored: ${occupied.join('; ')}.\nRestore into an empty one, or pass --force to delete all of that first.`,
    );
  }

  log(`Restoring the database (${manifest.database.engine}, ${totalRows(manifest.database.tables)} rows)`);
  const database =
    engine === 'postgres' && env.DATABASE_URL
      ? await restorePostgres(env.DATABASE_URL, archive, force)
      : await restorePglite(env.DATA_DIR, archive, force);
  try {
    if (force && storedFiles > 0) await emptyStore(store);
    log(`Restoring ${manifest.files.count} files (${formatBytes(manifest.files.bytes)}) into the ${store.kind} store`);
    await restoreFilesToStore(store, archive, manifest.files.entries);
    if (archivedSecret) {
      await mkdir(path.dirname(secretFile), { recursive: true });
      await writeFile(secretFile, await readFile(path.join(archive, SECRETS_FOLDER, JWT_SECRET_FILE)), { mode: 0o600 });
    }

    log('Checking the restored tables and files against the manifest');
    const census = await database.census();
    const restoredProblems = [
      ...compareCensus(manifest.database.tables, census.tables),
      ...(await compareStoreWithManifest(store, manifest.files.entries)),
    ];
    if (archivedSecret) {
      const restored = await digestOf(createReadStream(secretFile));
      if (restored.sha256 !== archivedSecret.sha256) restoredProblems.push(`${secretFile}: differs from the backup`);
    }
    if (restoredProblems.length > 0) {
      throw new BackupError(
        `The restored data does not match the backup: ${restoredProblems.length} problem(s)\n${listProblems(restoredProblems)}`,
      );
    }
    return {
      archive,
      manifest,
      database: database.description,
      replaced: force ? occupied : [],
      durationMs: performance.now() - started,
    };
  } finally {
    await database.close();
  }
}

export function formatRestoreSummary({ archive, manifest, database, replaced, durationMs }: RestoreResult): string {
  const { tables } = manifest.database;
  return [
    `Restored ${archive} (made ${manifest.createdAt} by version ${manifest.appVersion}) in ${(durationMs / 1000).toFixed(1)} s`,
    ...(replaced.length > 0 ? [`  deleted   first (--force): ${replaced.join('; ')}`] : []),
    `  database  ${database}: ${Object.keys(tables).length} tables, ${totalRows(tables)} rows, each table's count and checksum as in the backup`,
    `  files     ${manifest.files.count} files, ${formatBytes(manifest.files.bytes)}, each read back with its sha256`,
    `  secrets   ${manifest.secrets.length > 0 ? `${manifest.secrets.map((secret) => secret.name).join(', ')} (the generated signing secret: sessions stay valid)` : 'none in the archive'}`,
  ].join('\n');
}
