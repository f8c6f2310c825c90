import { z } from 'zod';

// Keyset pagination, the one way every list pages by position (issue 21 point 4): the register,
// followed clinics, reports, a conversation's messages and the live stream's event ids. A cursor is
// the position of the last row of a page, its sort key and its id (the tie-breaker), as base64url
// JSON of that pair: handed out in `nextCursor` (and as the live stream's event ids) and read back
// from the query. server/db/keyset.ts turns one into the SQL condition and the next cursor.
// Every cursor goes to PostgreSQL as typed values, so its schema accepts only what PostgreSQL reads
// the same way: JavaScript's Date.parse reads `2024-02-30` (as 1 March) and `+275760-09-13`, which
// PostgreSQL refuses with an error, and a loose id check let through ids that are no UUID (issue 27
// point 4: each was a 500).

/** The position of a page's last row: its sort key (a time, or a name's sort key) and its id. */
export type KeysetCursor = readonly [sortKey: string, id: string];

/** The schema of a cursor whose sort key `sortKey` accepts; the id is always a UUID. */
export const keysetCursorSchema = <K extends z.ZodType<string>>(sortKey: K) => z.tuple([sortKey, z.uuid()]);

/** The most rows a keyset list answers at once. */
const PAGE_LIMIT_MAX = 100;

/** The maximum length of a cursor in a query. */
export const CURSOR_MAX_LENGTH = 2000;

export function encodeCursor(cursor: KeysetCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The cursor `text` holds, if it is one that `schema` accepts; null for anything else. */
export function decodeCursor<T extends KeysetCursor>(schema: z.ZodType<T>, text: string): T | null {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A query parameter holding a cursor of `schema`: decoded, or refused with `validation:cursorInvalid`. */
export function cursorParam<T extends KeysetCursor>(schema: z.ZodType<T>) {
  return z
    .string()
    .max(CURSOR_MAX_LENGTH, 'validation:cursorInvalid')
    .transform((text, ctx) => {
      const cursor = decodeCursor(schema, text);
      if (cursor === null) {
        ctx.addIssue({ code: 'custom', message: 'validation:cursorInvalid' });
        return z.NEVER;
      }
      return cursor;
    });
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * A time as the server writes it into cursors (ISO 8601 with `Z` or an offset, to the millisecond or
 * the microsecond) with a date and clock time that exist, read back unchanged by both JavaScript and
 * PostgreSQL: years 0001 to 9999 (PostgreSQL has no year 0), no 30 February, no hour 24, no leap
 * second, offsets up to 14 hours.
 */
export function isCursorTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  )
    return false;
  if (year < 1 || offsetHours > 14 || offsetMinutes > 59) return false;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second);
  // Date rolls an impossible field over (30 February is 1 March): the fields round-trip only when they exist.
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/** The time and id of a row (newest first or oldest first): reports, follows, messages, the live stream's event ids. */
export const TimeCursorSchema = keysetCursorSchema(z.string().refine(isCursorTime));
export type TimeCursor = z.infer<typeof TimeCursorSchema>;

/** `?cursor=` (or `?before=`) of every list paged by time and id. */
export const TimeCursorParamSchema = cursorParam(TimeCursorSchema);

/** A page of a keyset list: its items and the cursor of the next page, null on the last. */
export const keysetPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/**
 * `?page=` of the lists paged by number, which show a total (the inbox, the admin tables): from 1,
 * 1 when left out.
 */
export const pageNumber = z.coerce
  .number({ error: 'validation:pageInvalid' })
  .int('validation:pageInvalid')
  .min(1, 'validation:pageInvalid')
  .max(100_000, 'validation:pageInvalid')
  .default(1);

/** `?limit=` of every keyset list: 1 to 100 rows, `fallback` when left out. */
export const pageLimit = (fallback: number) =>
  z.coerce
    .number({ error: 'validation:limitRange' })
    .int('validation:limitRange')
    .min(1, 'validation:limitRange')
    .max(PAGE_LIMIT_MAX, 'validation:limitRange')
    .default(fallback);
