// `npm run restore -- <archive> [--force]` and `npm run restore -- <archive> --check`: restores an archive of
// `npm run backup` into the database and file store of the settings, then checks every table and file
// against its manifest (docs/decisions/015-backups.md). Stop the app first.
import { parseArgs } from 'node:util';
import { BackupError, formatBytes } from '../server/backup/archive.ts';
import { totalRows } from '../server/backup/database-census.ts';
import { checkBackup, formatRestoreSummary, restoreBackup } from '../server/backup/restore.ts';
import { loadEnv } from '../server/env.ts';

const USAGE = `Usage: npm run restore -- <archive> [--force | --check]

  <archive>  a folder written by npm run backup (ck-backup-<UTC time>)
  --force    delete what the target database, file store and DATA_DIR secret hold before restoring;
             without it a target that holds data is refused
  --check    only check the archive against its manifest; changes nothing

Restores into what the app uses, from the same settings: DATABASE_URL, or the embedded database in
DATA_DIR, and the file store (DATA_DIR/storage or S3_BUCKET). Stop the app first.`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { force: { type: 'boolean' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [archive] = positionals;
  if (!archive || positionals.length > 1 || (values.force && values.check)) {
    console.error(USAGE);
    return 2;
  }
  try {
    if (values.check) {
      const { createdAt, database, files } = await checkBackup(archive);
      console.log(
        `${archive} is whole: made ${createdAt}, ${database.engine} database (${Object.keys(database.tables).length} tables, ${totalRows(database.tables)} rows), ${files.count} files (${formatBytes(files.bytes)}), each as its manifest says.`,
      );
      return 0;
    }
    const result = await restoreBackup({
      env: loadEnv(),
      archive,
      force: values.force,
      log: (line) => console.log(line),
    });
    console.log(formatRestoreSummary(result));
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`Restore failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
