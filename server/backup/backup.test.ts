import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import {
  DEMO_ACCOUNTS,
  seedDemoAccounts,
  seedDemoActivity,
  seedDemoCertificates,
  seedDemoClinics,
  seedDemoDocuments,
  seedSiteContent,
  stableUuid,
} from '../services/demo/seed.ts';
import { type Env, loadEnv } from '../env.ts';
import { createFileStore } from '../lib/storage/create-file-store.ts';
import { createS3FileStore } from '../lib/storage/s3-file-store.ts';
import { startTestS3Server } from '../lib/storage/s3-test-server.ts';
import { resolveJwtSecret } from '../services/auth/jwt-secret.ts';
import { reconcileFileStore } from '../services/storage-reconcile.ts';
import { listTables, testEngines } from '../testing/test-app.ts';
import { BackupError, readManifest } from './archive.ts';
import { createBackup } from './backup.ts';
import { compareCensus, takeCensus } from './database-census.ts';
import { compareStoreWithManifest, copyStoreToArchive, emptyStore, restoreFilesToStore } from './file-store-backup.ts';
import { describeDatabaseUrl } from './postgres-database.ts';
import { checkBackup, restoreBackup } from './restore.ts';
import { coverImageUrl } from '../services/clinic-area/clinic-cover.ts';

/** Every row of every table, in a fixed order: what a restore must give back exactly. */
async function snapshotTables(db: Database): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of await listTables(db)) {
    snapshot[table] = await queryRows(db, sql`SELECT * FROM ${sql.identifier(table)} AS t ORDER BY t::text`);
  }
  snapshot['drizzle.__drizzle_migrations'] = await queryRows(
    db,
    sql`SELECT * FROM drizzle.__drizzle_migrations ORDER BY id`,
  );
  return snapshot;
}

/** Every file under DATA_DIR/storage with its bytes, the store's temporary folder left out. */
async function storedFiles(dataDir: string): Promise<Record<string, Buffer>> {
  const root = path.join(dataDir, 'storage');
  const files: Record<string, Buffer> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (entry.isFile() && !relative.startsWith('.tmp/')) files[relative] = await readFile(file);
  }
  return files;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
  });
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A tiny real PNG (1×1), as a cover upload would store. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf000000020001e221bc330000000049454e44ae426082',
  'hex',
);

for (const { engine, databaseUrl } of testEngines()) {
  describe(`npm run backup and npm run restore [${engine}]`, () => {
    let work: string;
    let env: Env;
    let dataDir: string;
    let databaseName: string | undefined;
    let tablesBefore: Record<string, unknown[]>;
    let filesBefore: Record<string, Buffer>;
    let secretBefore: string;
    let archive: string;

    /** Opens the target as the app would, and hands back every row. */
    const readBack = async () => {
      const handle = await openDatabase({ url: env.DATABASE_URL, dataDir });
      try {
        return {
          tables: await snapshotTables(handle.db),
          healed: await reconcileFileStore(handle.db, createFileStore(env), new Date(), 0),
        };
      } finally {
        await handle.close();
      }
    };

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'ck-backup-'));
      dataDir = path.join(work, 'data');
      let url: string | undefined;
      if (databaseUrl) {
        databaseName = `ck_backup_${process.pid}_${Date.now()}`;
        url = await createDatabase(databaseUrl, databaseName);
      }
      env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: url });

      const handle = await openDatabase({ url, dataDir });
      try {
        await handle.migrate();
        const store = createFileStore(env);
        await seedSiteContent(handle.db);
        await seedDemoClinics(handle.db);
        await seedDemoAccounts(handle.db);
        await seedDemoDocuments(handle.db, store);
        await seedDemoActivity(handle.db);
        await seedDemoCertificates(handle.db);
        // The demo has no cover image: one in the other bucket, with its row.
        const clinicId = stableUuid(DEMO_ACCOUNTS[0].email);
        const coverPath = `${clinicId}/${randomUUID()}-Omslag vår salong.png`;
        await store.put('clinic-covers', coverPath, Readable.from([PNG]), 'image/png');
        await handle.db
          .update(profiles)
          .set({ coverImagePath: coverPath, coverImageUrl: coverImageUrl(clinicId, coverPath) })
          .where(eq(profiles.id, clinicId));
        tablesBefore = await snapshotTables(handle.db);
      } finally {
        await handle.close();
      }
      secretBefore = resolveJwtSecret(env);
      filesBefore = await storedFiles(dataDir);
    });

    afterAll(async () => {
      if (databaseUrl && databaseName) await dropDatabase(databaseUrl, databaseName);
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('backs up, wipes, restores and finds every row and file', async () => {
      expect(Object.keys(filesBefore).length).toBeGreaterThan(10);
      expect(Object.keys(filesBefore).some((file) => file.startsWith('clinic-covers/'))).toBe(true);

      const backup = await createBackup({ env, outDir: path.join(work, 'backups') });
      archive = backup.archive;
      const manifest = await readManifest(archive);
      expect(manifest.database.engine).toBe(engine);
      expect(manifest.files.count).toBe(Object.keys(filesBefore).length);
      for (const table of Object.keys(tablesBefore)) {
        expect(manifest.database.tables[table.includes('.') ? table : `public.${table}`]?.rows).toBe(
          tablesBefore[table]?.length,
        );
      }
      expect(manifest.secrets.map((secret) => secret.name)).toEqual(['jwt-secret']);

      // Wipe: the data directory (database, files, secret) and, on PostgreSQL, the database itself.
      await rm(dataDir, { recursive: true, force: true });
      if (databaseUrl && databaseName) {
        await dropDatabase(databaseUrl, databaseName);
        await createDatabase(databaseUrl, databaseName);
      }

      const lines: string[] = [];
      const restored = await restoreBackup({ env, archive, log: (line) => lines.push(line) });
      expect(restored.replaced).toEqual([]);
      expect(lines.join('\n')).not.toContain('Warning');

      const after = await readBack();
      expect(after.tables).toEqual(tablesBefore);
      // Every row has its file and every file its row: the start-up check finds nothing to heal.
      expect(after.healed).toMatchObject({ removedFiles: [], removedDocuments: [], clearedCovers: [] });
      expect(await storedFiles(dataDir)).toEqual(filesBefore);
      expect(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(`${secretBefore}\n`);
    }, 60_000);

    it('refuses a target that holds data, and replaces it with --force', async () => {
      const rejection = await restoreBackup({ env, archive }).catch((error: unknown) => error);
      expect(rejection).toBeInstanceOf(BackupError);
      expect((rejection as Error).message).toMatch(
        /^The target is not empty, so nothing was restored: .*(holds a database|has \d+ tables); the local file store holds \d+ files/,
      );
      expect((rejection as Error).message).toContain('--force');

      // Something that is not in the backup, to be gone after --force.
      const extra = path.join(dataDir, 'storage', 'clinic-documents', randomUUID(), 'extra.pdf');
      await writeFile(path.join(work, 'extra.pdf'), randomBytes(10));
      await cp(path.join(work, 'extra.pdf'), extra);

      const restored = await restoreBackup({ env, archive, force: true });
      expect(restored.replaced.length).toBeGreaterThanOrEqual(2);
      expect(existsSync(extra)).toBe(false);
      expect((await readBack()).tables).toEqual(tablesBefore);
      expect(await storedFiles(dataDir)).toEqual(filesBefore);
    }, 60_000);

    it("finds a changed value or a missing row by each table's checksum and count", async () => {
      const { tables } = (await readManifest(archive)).database;
      // One connection: the census fixes the session's settings first.
      const handle = await openDatabase({ url: env.DATABASE_URL, dataDir, poolSize: 1 });
      try {
        const census = () => takeCensus((text) => queryRows(handle.db, sql.raw(text)));
        expect(compareCensus(tables, (await census()).tables)).toEqual([]);

        // The demo customer's city: a change that touches no other table (a listed clinic's city would also
        // add to the register's search words).
        await handle.db
          .update(profiles)
          .set({ city: 'Ödeshög' })
          .where(eq(profiles.id, stableUuid(DEMO_ACCOUNTS[1].email)));
        // A table no other row depends on: deleting a certificate would also delete its history.
        await handle.db.execute(sql`DELETE FROM reports WHERE id = (SELECT id FROM reports ORDER BY id LIMIT 1)`);
        const rows = tables['public.reports']?.rows ?? 0;
        expect(compareCensus(tables, (await census()).tables)).toEqual([
          `table public.profiles: ${tables['public.profiles']?.rows} rows as in the backup, but their content differs`,
          `table public.reports: ${rows - 1} rows, the backup has ${rows}`,
        ]);
      } finally {
        await handle.close();
      }
    });

    it('finds a removed or changed file of a tampered archive, and restores nothing from it', async () => {
      const manifest = await checkBackup(archive);
      const [removed, changed] = manifest.files.entries;
      if (!removed || !changed) throw new Error('the demo data has files');
      const tampered = path.join(work, 'tampered');
      await cp(archive, tampered, { recursive: true });
      await rm(path.join(tampered, 'files', removed.bucket, ...removed.path.split('/')));
      const changedFile = path.join(tampered, 'files', changed.bucket, ...changed.path.split('/'));
      const bytes = await readFile(changedFile);
      await writeFile(changedFile, Buffer.concat([bytes.subarray(0, -1), Buffer.from([(bytes.at(-1) ?? 0) ^ 1])]));
      await writeFile(path.join(tampered, 'files', 'clinic-covers', 'smuggled.png'), PNG);

      const checked = await checkBackup(tampered).catch((error: unknown) => error);
      expect(checked).toBeInstanceOf(BackupError);
      const message = (checked as Error).message;
      expect(message).toContain(`failed verification: 3 problem(s)`);
      expect(message).toContain(`files/${removed.bucket}/${removed.path}: missing`);
      expect(message).toContain(`files/${changed.bucket}/${changed.path}: content differs from the manifest`);
      expect(message).toContain('files/clinic-covers/smuggled.png: not in the manifest');

      // Checked before the target is touched, even with --force.
      await expect(restoreBackup({ env, archive: tampered, force: true })).rejects.toThrow(
        /failed verification, so nothing was restored/,
      );
      expect(await storedFiles(dataDir)).toEqual(filesBefore);

      const database = path.join(tampered, ...manifest.database.file.split('/'));
      await writeFile(database, Buffer.concat([await readFile(database), Buffer.from([0])]));
      await expect(checkBackup(tampered)).rejects.toThrow(
        `${manifest.database.file}: content differs from the manifest`,
      );
    });
  });
}

describe('backup of the files in an S3 bucket', () => {
  it('copies every object out, and puts each back with its bytes', async () => {
    const server = await startTestS3Server();
    const archive = await mkdtemp(path.join(tmpdir(), 'ck-backup-s3-'));
    try {
      const store = createS3FileStore(server.storeOptions);
      const files = [
        {
          bucket: 'clinic-documents' as const,
          path: `${randomUUID()}/${randomUUID()}-Försäkringsbrev 2026.pdf`,
          bytes: randomBytes(3000),
        },
        {
          bucket: 'clinic-documents' as const,
          path: `${randomUUID()}/${randomUUID()}-intyg.docx`,
          bytes: randomBytes(10),
        },
        { bucket: 'clinic-covers' as const, path: `${randomUUID()}/${randomUUID()}-omslag.png`, bytes: PNG },
      ];
      for (const file of files)
        await store.put(file.bucket, file.path, Readable.from([file.bytes]), 'application/octet-stream');

      const entries = await copyStoreToArchive(store, archive);
      expect(
        entries
          .map(({ bucket, path: filePath, size }) => ({ bucket, path: filePath, size }))
          .sort((a, b) => a.path.localeCompare(b.path)),
      ).toEqual(
        files
          .map(({ bucket, path: filePath, bytes }) => ({ bucket, path: filePath, size: bytes.length }))
          .sort((a, b) => a.path.localeCompare(b.path)),
      );
      await emptyStore(store);
      expect(await compareStoreWithManifest(store, entries)).toHaveLength(files.length);

      await restoreFilesToStore(store, archive, entries);
      expect(await compareStoreWithManifest(store, entries)).toEqual([]);
      for (const file of files) {
        const stored = await store.get(file.bucket, file.path);
        expect(stored?.size).toBe(file.bytes.length);
      }
    } finally {
      await server.close();
      await rm(archive, { recursive: true, force: true });
    }
  });
});

describe('describeDatabaseUrl', () => {
  it('never shows the password', () => {
    expect(describeDatabaseUrl('postgres://app:s3cr%40t@db.example:5432/ck?sslmode=require')).toBe(
      'postgres://app:***@db.example:5432/ck?sslmode=require',
    );
    expect(describeDatabaseUrl('not a url')).not.toContain('not a url');
  });
});
