import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { type Database, queryRenderedRows } from './client.ts';
import { renderSql } from './fixed-sql.ts';

/**
 * How many statement texts get a name. A connection keeps each named statement, and the generic plan
 * PostgreSQL makes of it, as long as it lives: about 270 kB for a register page (decision 043), so at
 * most 17 MB per connection. Texts beyond these are sent unnamed, as every other statement is.
 */
export const NAMED_STATEMENTS_MAX = 64;

const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_STATEMENTS_MAX) {
    name = `ck_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Rows of a raw query whose plan its SQL fixes, whatever its parameters' values: a walk of an index in
 * its order, a merge of index scans by equality. It is sent as a named statement, so each connection
 * parses it once, and PostgreSQL, after planning its first five executions, keeps one generic plan when
 * that costs no more (plan_cache_mode auto): a register page then costs a third of the CPU (decision
 * 043). Never for a statement whose best plan depends on the values (a LIKE judged from the statistics):
 * one generic plan would serve every text. On PGlite the name is not used.
 */
export function queryRowsPlannedOnce<Row extends Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  const rendered = renderSql(query);
  return queryRenderedRows<Row>(db, rendered, statementName(rendered.sql));
}
