// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type ClinicCursor, ClinicCursorSchema, ClinicSearchQuerySchema } from './clinics.ts';
import { CLINIC_PAGE_SIZE } from './constants.ts';
import { decodeCursor, encodeCursor } from './cursors.ts';

const decodeClinicCursor = (text: string) => decodeCursor(ClinicCursorSchema, text);

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('clinic cursor', () => {
  it.each<ClinicCursor>([
    ['{kerblads hudv{rd', ID],
    ['Åkerblads Hudvård', ID],
    ['Ängens Skönhetsklinik – Västerås', ID],
    ['Östermalms Hudinstitut ÅÄÖ åäö é ü 🙂', ID],
    ['', ID],
  ])('decodes what it encodes: %s', (sortKey, id) => {
    const text = encodeCursor([sortKey, id]);
    expect(decodeClinicCursor(text)).toEqual([sortKey, id]);
  });

  it('is URL-safe text: no +, / or = padding', () => {
    for (const sortKey of ['åäö', 'ÅÄÖ???>>>', '~~~ÿÿÿ', 'a', 'ab', 'abc']) {
      expect(encodeCursor([sortKey, ID])).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it.each([
    ['not base64', '!!!'],
    ['empty', ''],
    ['base64 of text that is not JSON', btoa('hello')],
    ['JSON that is not a tuple', btoa(JSON.stringify({ sortKey: 'a', id: ID }))],
    ['a tuple whose id is not a UUID', btoa(JSON.stringify(['a', 'not-a-uuid']))],
    ['a tuple with extra entries', btoa(JSON.stringify(['a', ID, 3]))],
    ['bytes that are not UTF-8', btoa('\xff\xfe["a"]')],
    ['a sort key holding NUL', encodeCursor(['a\u0000b', ID])],
  ])('decodes %s to null', (_label, text) => {
    expect(decodeClinicCursor(text)).toBeNull();
  });
});

describe('ClinicSearchQuerySchema', () => {
  it('fills in the defaults', () => {
    expect(ClinicSearchQuerySchema.parse({})).toEqual({ search: '', limit: CLINIC_PAGE_SIZE });
  });

  it('trims the search text and reads limit and cursor from query strings', () => {
    const cursor = encodeCursor(['åkerblads hudvård', ID]);
    expect(ClinicSearchQuerySchema.parse({ search: '  Göteborg ', limit: '5', cursor })).toEqual({
      search: 'Göteborg',
      limit: 5,
      cursor: ['åkerblads hudvård', ID],
    });
  });

  it.each([['0'], ['101'], ['2.5'], ['abc'], ['-1']])('rejects limit %s with the limitRange key', (limit) => {
    const result = ClinicSearchQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('validation:limitRange');
  });

  it('rejects a malformed cursor with the cursorInvalid key', () => {
    const result = ClinicSearchQuerySchema.safeParse({ cursor: 'garbage' });
    expect(result.error?.issues[0]?.message).toBe('validation:cursorInvalid');
  });

  it('allows 200 characters of search text, not 201', () => {
    expect(ClinicSearchQuerySchema.safeParse({ search: 'å'.repeat(200) }).success).toBe(true);
    const result = ClinicSearchQuerySchema.safeParse({ search: 'å'.repeat(201) });
    expect(result.error?.issues[0]?.message).toBe('validation:searchTooLong');
  });
});
