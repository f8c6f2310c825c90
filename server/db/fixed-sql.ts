import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Renders SQL as `db.execute` does (the app's databases are made without a casing option). */
export const dialect = new PgDialect();

/**
 * A fragment with no values, as the text it always renders to. Drizzle renders each column, identifier
 * and nested fragment of a statement anew every time the statement is sent: for a register search that
 * was the largest part of the app's own work on its thread (issue 29, bench/README.md "Sixth day"). A
 * fixed fragment is rendered once, when its module loads. Only for raw statements (`sql`), where a
 * column always renders with its table's name.
 */
export function fixedSql(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`A fixed fragment holds no values: ${text}`);
  return sql.raw(text);
}
