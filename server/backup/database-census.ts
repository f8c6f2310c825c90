import type { TableCensus } from './archive.ts';

/** Runs one statement on one connection (the backup's snapshot, or the restored database) and answers its rows. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

export interface DatabaseCensus {
  serverVersion: string;
  lastMigrationAt: number | null;
  tables: Record<string, TableCensus>;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The row count and a checksum of every table outside the system schemas (the app's in `public`,
 * drizzle's migrations in `drizzle`). The checksum sums a 64-bit hash of each row's text, so it needs
 * no sort and no memory, and the settings that shape that text are fixed first: the same rows give
 * the same sum on the backed-up and on the restored database.
 */
export async function takeCensus(run: RunSql): Promise<DatabaseCensus> {
  for (const setting of [
    "TimeZone = 'UTC'",
    "DateStyle = 'ISO, YMD'",
    "IntervalStyle = 'postgres'",
    'extra_float_digits = 1',
    "bytea_output = 'hex'",
  ]) {
    await run(`SET ${setting}`);
  }
  const [version] = await run('SHOW server_version');
  const tableRows = await run(
    `SELECT schemaname AS schema, tablename AS name FROM pg_catalog.pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_%'
     ORDER BY schemaname, tablename`,
  );
  const tables: Record<string, TableCensus> = {};
  let lastMigrationAt: number | null = null;
  for (const row of tableRows) {
    const [schema, name] = [String(row.schema), String(row.name)];
    const qualified = `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;
    const [census] = await run(
      `SELECT count(*)::text AS rows, coalesce(sum(hashtextextended(t::text, 0)), 0)::text AS checksum FROM ${qualified} AS t`,
    );
    tables[`${schema}.${name}`] = { rows: Number(census?.rows), checksum: String(census?.checksum) };
    if (schema === 'drizzle' && name === '__drizzle_migrations') {
      const [last] = await run(`SELECT max(created_at)::text AS at FROM ${qualified}`);
      lastMigrationAt = last?.at == null ? null : Number(last.at);
    }
  }
  return { serverVersion: String(version?.server_version ?? 'unknown'), lastMigrationAt, tables };
}

/** What differs between the census in the manifest and the one of the restored database; empty when they agree. */
export function compareCensus(expected: Record<string, TableCensus>, actual: Record<string, TableCensus>): string[] {
  const problems: string[] = [];
  for (const [table, want] of Object.entries(expected)) {
    const got = actual[table];
    if (!got) problems.push(`table ${table}: missing (the backup has ${want.rows} rows)`);
    else if (got.rows !== want.rows) problems.push(`table ${table}: ${got.rows} rows, the backup has ${want.rows}`);
    else if (got.checksum !== want.checksum)
      problems.push(`table ${table}: ${got.rows} rows as in the backup, but their content differs`);
  }
  for (const table of Object.keys(actual)) {
    if (!(table in expected)) problems.push(`table ${table}: not in the backup`);
  }
  return problems;
}

export function totalRows(tables: Record<string, TableCensus>): number {
  return Object.values(tables).reduce((sum, table) => sum + table.rows, 0);
}
