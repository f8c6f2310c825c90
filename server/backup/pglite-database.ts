import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { BackupError, writeDigested } from './archive.ts';
import { type DatabaseCensus, type RunSql, takeCensus } from './database-census.ts';
import type { DatabaseBackup, RestoredDatabase } from './database.ts';

export const PGLITE_DUMP_FILE = 'database/pglite-data.tgz';

/** Where the server keeps the embedded database (server/db/client.ts). */
export function pgdataOf(dataDir: string): string {
  return path.resolve(dataDir, 'pgdata');
}

async function openPglite(pgdata: string, loadDataDir?: Blob): Promise<{ client: PGlite; run: RunSql }> {
  const client = await PGlite.create(pgdata, { extensions: { pg_trgm, unaccent, cube, earthdistance }, loadDataDir });
  return { client, run: async (text) => (await client.query<Record<string, unknown>>(text)).rows };
}

/**
 * PGlite is PostgreSQL in one process with no lock of its own: a second process opening the same
 * folder corrupts it. While open it keeps `postmaster.pid` in the folder (and removes it on close),
 * which is the one sign of a running app there is.
 */
function assertClosed(pgdata: string): void {
  if (existsSync(path.join(pgdata, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${pgdata} is open: stop the app first (PGlite allows one process at a time). ` +
        'If no app is running (it was killed), start it and stop it once, so that it closes the database cleanly.',
    );
  }
}

const holdsDatabase = (pgdata: string) => existsSync(path.join(pgdata, 'PG_VERSION'));

/** A cold copy of the data directory, made by PGlite itself on a PGlite opened over it, with the census of what it holds. */
export async function backupPglite(dataDir: string, archive: string): Promise<DatabaseBackup> {
  const pgdata = pgdataOf(dataDir);
  if (!holdsDatabase(pgdata)) {
    throw new BackupError(
      `There is no embedded database in ${pgdata}: check DATA_DIR (or set DATABASE_URL to back up PostgreSQL).`,
    );
  }
  assertClosed(pgdata);
  const { client, run } = await openPglite(pgdata);
  try {
    const census = await takeCensus(run);
    // Everything in the data files rather than in the WAL, so the copy starts without recovery.
    await client.query('CHECKPOINT');
    const tarball = await client.dumpDataDir('gzip');
    const { size, sha256 } = await writeDigested(
      path.join(archive, ...PGLITE_DUMP_FILE.split('/')),
      Readable.from([Buffer.from(await tarball.arrayBuffer())]),
    );
    return { ...census, file: PGLITE_DUMP_FILE, bytes: size, sha256 };
  } finally {
    await client.close();
  }
}

/** What the target already holds, or null when it is empty. */
export function describePgliteTarget(dataDir: string): string | null {
  const pgdata = pgdataOf(dataDir);
  assertClosed(pgdata);
  return holdsDatabase(pgdata) ? `${pgdata} holds a database` : null;
}

/** Unpacks the archived data directory into DATA_DIR/pgdata (removed first when `replace`), and opens it for the checks. */
export async function restorePglite(dataDir: string, archive: string, replace: boolean): Promise<RestoredDatabase> {
  const pgdata = pgdataOf(dataDir);
  assertClosed(pgdata);
  if (replace) await rm(pgdata, { recursive: true, force: true });
  await mkdir(pgdata, { recursive: true });
  const { client, run } = await openPglite(
    pgdata,
    await openAsBlob(path.join(archive, ...PGLITE_DUMP_FILE.split('/'))),
  );
  return {
    description: `PGlite in ${pgdata}`,
    census: (): Promise<DatabaseCensus> => takeCensus(run),
    close: () => client.close(),
  };
}
