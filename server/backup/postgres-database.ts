import { spawn } from 'node:child_process';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BackupError, digestFile } from './archive.ts';
import { type RunSql, quoteIdentifier, takeCensus } from './database-census.ts';
import type { DatabaseBackup, RestoredDatabase } from './database.ts';

export const POSTGRES_DUMP_FILE = 'database/postgres.dump';

/** The connection string as it may be printed: the password replaced by `***`. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

/**
 * The URL for libpq without its password, which goes in PGPASSWORD instead: an argument would show
 * in every process listing on the machine.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
    password,
  };
}

async function runClientTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env, password } = libpqConnection(url);
  const child = spawn(tool, [`--dbname=${dbname}`, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not on the PATH. Install PostgreSQL's client tools of the server's major version or newer ` +
          '(Debian, Ubuntu: apt-get install postgresql-client), or put their folder (/usr/lib/postgresql/<version>/bin) first on the PATH.',
      );
    }
    throw error;
  });
  if (code !== 0) {
    const said = password ? stderr.replaceAll(password, '***') : stderr;
    throw new BackupError(`${tool} failed (exit code ${code}):\n${said.trim()}`);
  }
}

async function connect(url: string): Promise<{ client: pg.Client; run: RunSql }> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new BackupError(`Cannot connect to ${describeDatabaseUrl(url)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return { client, run: async (text) => (await client.query<Record<string, unknown>>(text)).rows };
}

/**
 * pg_dump of DATABASE_URL while the app keeps running. The census is taken in a repeatable-read
 * transaction whose snapshot pg_dump then uses (`--snapshot`), so the counts in the manifest are
 * those of the dump even while rows change.
 */
export async function backupPostgres(url: string, archive: string): Promise<DatabaseBackup> {
  const { client, run } = await connect(url);
  try {
    await run('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [exported] = await run('SELECT pg_export_snapshot() AS snapshot');
    const census = await takeCensus(run);
    const file = path.join(archive, ...POSTGRES_DUMP_FILE.split('/'));
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await runClientTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${String(exported?.snapshot)}`, `--file=${file}`],
      url,
    );
    await run('COMMIT');
    await chmod(file, 0o600);
    const digest = await digestFile(file);
    if (!digest) throw new BackupError(`pg_dump wrote no ${file}`);
    return { ...census, file: POSTGRES_DUMP_FILE, bytes: digest.size, sha256: digest.sha256 };
  } finally {
    await client.end();
  }
}

async function userTables(run: RunSql): Promise<{ schema: string; name: string }[]> {
  const rows = await run(
    `SELECT schemaname AS schema, tablename AS name FROM pg_catalog.pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_%'`,
  );
  return rows.map((row) => ({ schema: String(row.schema), name: String(row.name) }));
}

export interface PostgresTarget {
  /** What the database already holds, or null when it has no table. */
  contents: string | null;
  /** Sessions of other clients on the same database: an app still running, most likely. */
  otherSessions: number;
}

export async function inspectPostgresTarget(url: string): Promise<PostgresTarget> {
  const { client, run } = await connect(url);
  try {
    const tables = await userTables(run);
    const [sessions] = await run(
      'SELECT count(*)::int AS n FROM pg_catalog.pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return {
      contents: tables.length > 0 ? `${describeDatabaseUrl(url)} has ${tables.length} tables` : null,
      otherSessions: Number(sessions?.n ?? 0),
    };
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into DATABASE_URL in one transaction, owners and grants left to the restoring user.
 * Without comments: the app sets none, and pg_dump's `COMMENT ON EXTENSION` fails for a user that
 * does not own an extension an administrator installed beforehand.
 * With `replace` the schemas that hold tables (the app's `public`, drizzle's `drizzle`) are dropped
 * first, so nothing of the old database survives beside the restored one.
 */
export async function restorePostgres(url: string, archive: string, replace: boolean): Promise<RestoredDatabase> {
  const { client, run } = await connect(url);
  try {
    if (replace) {
      const schemas = new Set(['public', 'drizzle', ...(await userTables(run)).map((table) => table.schema)]);
      await run('BEGIN');
      for (const schema of schemas) await run(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
      await run('CREATE SCHEMA public');
      await run('COMMIT');
    }
    const file = path.join(archive, ...POSTGRES_DUMP_FILE.split('/'));
    await runClientTool(
      'pg_restore',
      ['--no-owner', '--no-acl', '--no-comments', '--exit-on-error', '--single-transaction', file],
      url,
    );
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    description: describeDatabaseUrl(url),
    census: () => takeCensus(run),
    close: () => client.end(),
  };
}
