// `npm run backup -- [--out <folder>]`: one archive of the database (PGlite in DATA_DIR, or DATABASE_URL),
// the file store and DATA_DIR's generated secret, as a folder named by the UTC time
// (docs/decisions/015-backups.md). PGlite needs the app stopped; PostgreSQL does not.
import { parseArgs } from 'node:util';
import { BackupError } from '../server/backup/archive.ts';
import { createBackup, formatBackupSummary } from '../server/backup/backup.ts';
import { loadEnv } from '../server/env.ts';

const USAGE = `Usage: npm run backup -- [--out <folder>]

  --out   folder the archive is written in (default: ./backups); the archive is a folder
          ck-backup-<UTC time> inside it, with a manifest.json

Backs up what the app uses, from the same settings: DATABASE_URL (with pg_dump, while the app runs),
or the embedded database in DATA_DIR (stop the app first), and the file store (DATA_DIR/storage or S3_BUCKET).`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    const result = await createBackup({
      env: loadEnv(),
      outDir: values.out ?? 'backups',
      log: (line) => console.log(line),
    });
    console.log(formatBackupSummary(result));
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`Backup failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
