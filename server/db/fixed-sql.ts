import { Column, Name, SQL, sql, StringChunk, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Renders SQL as `db.execute` does (the app's databases are made without a casing option). */
export const dialect = new PgDialect();

/** A statement's text with its values numbered $1, $2, … in order, as the driver takes it. */
export interface RenderedSql {
  sql: string;
  params: unknown[];
}

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

/** Each column's and table's text, as Drizzle renders it in a raw statement, once. */
const entityTexts = new WeakMap<Column | Table, string>();

function entityText(entity: Column | Table): string {
  let text = entityTexts.get(entity);
  if (text === undefined) {
    text = dialect.sqlToQuery(sql`${entity}`).sql;
    entityTexts.set(entity, text);
  }
  return text;
}

/** Whether `fragment.inlineParams()` was called: its values are written into the text (private in Drizzle's types). */
const inlinesValues = (fragment: SQL): boolean =>
  (fragment as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/**
 * Appends the chunks of a raw statement: text, nested fragments, identifiers, columns, tables and plain
 * values. False at any other chunk (an aliased field, a subquery, a value with an encoder, inlined values).
 */
function appendChunks(chunks: readonly unknown[], rendered: RenderedSql): boolean {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk === null || typeof chunk !== 'object') {
      rendered.params.push(chunk);
      rendered.sql += `$${rendered.params.length}`;
    } else if (chunk instanceof StringChunk) {
      rendered.sql += chunk.value.join('');
    } else if (chunk instanceof SQL) {
      if (inlinesValues(chunk) || !appendChunks(chunk.queryChunks, rendered)) return false;
    } else if (chunk instanceof Name) {
      rendered.sql += dialect.escapeName(chunk.value);
    } else if (chunk instanceof Column || chunk instanceof Table) {
      rendered.sql += entityText(chunk);
    } else {
      return false;
    }
  }
  return true;
}

/**
 * A raw statement rendered exactly as Drizzle renders it, at an eighth of the cost: Drizzle asks each
 * chunk of every fragment which of a dozen kinds it is, walking its prototypes, and 35 µs of a register
 * search's thread went to rendering its statement (issue 29, decision 044). A statement holding a
 * chunk of any kind besides those a raw statement is made of is rendered by Drizzle.
 */
export function renderSql(statement: SQL): RenderedSql {
  const rendered: RenderedSql = { sql: '', params: [] };
  return appendChunks([statement], rendered) ? rendered : dialect.sqlToQuery(statement);
}
