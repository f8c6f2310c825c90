import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { encodeCursor, type KeysetCursor } from '../../contracts/cursors.ts';

// The database side of keyset pagination (contracts/cursors.ts): every list paged by a cursor (the
// register, followed clinics, reports, a conversation's messages, the live stream's catch-up) reads
// its page, its condition after a cursor and its next cursor here, so they cannot drift apart.

/**
 * The order of a keyset list: a sort key, then the row's id as the tie-breaker, both in one direction.
 * A `time` key is a timestamptz, compared with the cursor's time read as one; a `text` key is compared
 * byte-wise (COLLATE "C"), as the register's sort keys are built to order and are indexed.
 */
export interface Keyset {
  sortKey: SQLWrapper;
  kind: 'time' | 'text';
  id: SQLWrapper;
  direction: 'asc' | 'desc';
}

const sortKeyOf = ({ sortKey, kind }: Keyset): SQL => (kind === 'text' ? sql`${sortKey} COLLATE "C"` : sql`${sortKey}`);

/** The rows that come after `cursor` in the keyset's order; undefined (every row) without one. */
export function afterCursor(keyset: Keyset, cursor: KeysetCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [sortKey, id] = cursor;
  const value = keyset.kind === 'text' ? sql`${sortKey} COLLATE "C"` : sql`${sortKey}::timestamptz`;
  const after = sql.raw(keyset.direction === 'asc' ? '>' : '<');
  return sql`(${sortKeyOf(keyset)}, ${keyset.id}) ${after} (${value}, ${id}::uuid)`;
}

/** ORDER BY of the keyset: what `afterCursor` continues. */
export function keysetOrder(keyset: Keyset): SQL {
  const direction = sql.raw(keyset.direction === 'asc' ? 'ASC' : 'DESC');
  return sql`${sortKeyOf(keyset)} ${direction}, ${keyset.id} ${direction}`;
}

/**
 * A time column as a cursor carries it: to the microsecond, as PostgreSQL holds it (a JavaScript Date
 * keeps milliseconds), so the next page starts exactly after the row and skips none of the same millisecond.
 */
export const cursorTime = (column: SQLWrapper) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page out of the `limit + 1` rows a keyset query reads (the one more tells a next page exists):
 * the page's rows and the cursor after its last row, null on the last page.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (row: Row) => KeysetCursor,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null };
}
