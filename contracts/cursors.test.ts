// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isCursorTime, TimeCursorParamSchema, TimeCursorSchema } from './cursors.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('cursor times', () => {
  it.each([
    '2024-02-29T23:59:59.999Z',
    '2026-11-23T10:15:30.123456Z',
    '2026-11-23T10:15:30Z',
    '2026-11-23T10:15:30.5+01:00',
    '0001-01-01T00:00:00.000Z',
    '0050-06-15T12:00:00.000Z',
    '9999-12-31T23:59:59.999999Z',
    new Date().toISOString(),
  ])('accepts %s, a time JavaScript and PostgreSQL both read as written', (time) => {
    expect(isCursorTime(time)).toBe(true);
  });

  it.each([
    ['an impossible day', '2024-02-30T00:00:00.000Z'],
    ['29 February of a common year', '2023-02-29T00:00:00.000Z'],
    ['31 April', '2023-04-31T00:00:00.000Z'],
    ['month 13', '2023-13-01T00:00:00.000Z'],
    ['month 0', '2023-00-10T00:00:00.000Z'],
    ['hour 24', '2024-01-01T24:00:00Z'],
    ['minute 60', '2024-01-01T23:60:00Z'],
    ['a leap second', '2024-12-31T23:59:60Z'],
    ['an offset of 25 hours', '2024-01-01T00:00:00+25:00'],
    ['a six-digit year', '+275760-09-13T00:00:00.000Z'],
    ['a negative year', '-000001-01-01T00:00:00.000Z'],
    ['year 0', '0000-01-01T00:00:00.000Z'],
    ['no zone', '2024-01-01T00:00:00'],
    ['a date alone', '2024-01-01'],
    ['a space for T', '2024-01-01 00:00:00Z'],
    ['seven decimals', '2024-01-01T00:00:00.1234567Z'],
    ['words', '1 January 2024'],
    ['a PostgreSQL special value', 'infinity'],
    ['a trailing newline', '2024-01-01T00:00:00Z\n'],
  ])('refuses %s', (_label, time) => {
    expect(isCursorTime(time)).toBe(false);
  });
});

describe('time cursors', () => {
  it('decodes what it encodes, as URL-safe text', () => {
    const cursor = ['2026-11-23T10:15:30.123456Z', ID] as const;
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(TimeCursorSchema, text)).toEqual(cursor);
    expect(TimeCursorParamSchema.parse(text)).toEqual(cursor);
  });

  it.each([
    ['an impossible day', encodeCursor(['2024-02-30T00:00:00.000Z', ID])],
    ['an id of dashes', encodeCursor(['2024-01-01T00:00:00.000Z', '-'.repeat(36)])],
    ['an id without dashes', encodeCursor(['2024-01-01T00:00:00.000Z', ID.replaceAll('-', '')])],
    ['three parts', Buffer.from(JSON.stringify(['2024-01-01T00:00:00.000Z', ID, 'x'])).toString('base64url')],
    ['not base64', '***'],
    ['too long', 'A'.repeat(2001)],
  ])('refuses %s with the cursorInvalid key', (_label, text) => {
    const result = TimeCursorParamSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation:cursorInvalid']);
  });
});
