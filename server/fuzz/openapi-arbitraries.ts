import fc from 'fast-check';

// Request generators for the route fuzzer (server/fuzz/routes.fuzz.test.ts, issue 12 point 2): from
// the JSON schemas of the OpenAPI document, values that mostly fit, with hostile ones mixed in at every
// level (wrong types, huge strings, unicode, NUL, __proto__, deep nesting, numbers out of range).

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that fastify-type-provider-zod writes. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** JSON text put into a body as it is: deep nesting, numbers JSON.stringify cannot write. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString() {
    return this.text.length > 80
      ? `RawJson(${this.text.slice(0, 40)}…${this.text.length} chars)`
      : `RawJson(${this.text})`;
  }
}

/** An object written key by key, so that `__proto__` reaches the body as a key and not as a prototype. */
export class JsonEntries {
  readonly entries: [string, unknown][];
  constructor(entries: [string, unknown][]) {
    this.entries = entries;
  }
}

export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonEntries)
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') return jsonText(new JsonEntries(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

/** Every string in a generated value (keys included), to tell the server's words from echoes of our own. */
export function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value instanceof RawJson) into.push(value.text);
  else if (value instanceof JsonEntries) {
    for (const [key, item] of value.entries) {
      into.push(key);
      stringsIn(item, into);
    }
  } else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value !== null && typeof value === 'object') stringsIn(new JsonEntries(Object.entries(value)), into);
  return into;
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'kund\u0000@test.example',
  '\u0000'.repeat(300),
  '__proto__',
  'constructor',
  'prototype',
  "' OR '1'='1",
  "'; DROP TABLE profiles; --",
  '"',
  '\\',
  '%',
  '%00',
  '%ZZ',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '\uD800',
  '\uDFFF\uD800',
  '\u202E',
  '\uFEFF',
  'İı ß ǅ Å',
  '🏳️‍🌈👩‍👩‍👧',
  'Z̷̡̛a̴l̶g̵o̶',
  '${7*7}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9007199254740993',
  '-9223372036854775809',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\r\n',
  '\t',
  'admin',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '-000001-01-01T00:00:00Z',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.',
];

const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  1e-7,
  1e21,
];

/** Long runs of one character, up to about half a megabyte of UTF-8 (the body limit is 1 MiB). */
export const hugeString = fc
  .tuple(fc.constantFrom('x', 'å', '😀', '\u0000', "'", '%', '\\', ' '), fc.integer({ min: 1_000, max: 120_000 }))
  .map(([char, count]) => char.repeat(count));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // Any code point, lone surrogates included.
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('-0.0e-0'),
    new RawJson('1.0000000000000000000000001'),
  ),
);

/** Nesting far deeper than any schema: arrays or objects, some thousands of levels. */
const deepNesting = fc
  .tuple(fc.integer({ min: 20, max: 5_000 }), fc.boolean())
  .map(
    ([depth, arrays]) =>
      new RawJson(
        arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      ),
  );

export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    '\u0000',
    'role',
    'isAdmin',
    'id',
    'user_id',
    'app_metadata',
    'toString',
    'hasOwnProperty',
    'a'.repeat(10_000),
  ),
  fc.string({ maxLength: 12 }),
);

/** `{"__proto__": {...}}` and `{"constructor": {"prototype": {...}}}`, as JSON text keeps them. */
const prototypePollution = fc.constantFrom(
  new JsonEntries([['__proto__', { role: 'admin', isAdmin: true }]]),
  new JsonEntries([['constructor', { prototype: { role: 'admin' } }]]),
  new JsonEntries([['__proto__', new JsonEntries([['__proto__', null]])]]),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: prototypePollution },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }),
  },
);

/** Ids that exist in the world of the test (users, clinics, documents, reports, conversations). */
export interface KnownValues {
  ids: string[];
  slugs: string[];
  certificateNumbers: string[];
  emails: string[];
  /** A data export's download ticket, and an access token where a ticket belongs (issue 26). */
  tickets: string[];
}

function bound(value: number | boolean | undefined, inclusive: number | undefined, step: number): number | undefined {
  if (typeof value === 'number') return value + step;
  return inclusive;
}

/** A value the schema accepts (as far as a generator can tell without running zod's refinements). */
export function validValue(
  schema: JsonSchema | undefined,
  known: KnownValues,
  depth = 0,
  name = '',
): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant(null);
  const alternatives = schema.anyOf ?? schema.oneOf;
  let arbitrary: fc.Arbitrary<unknown>;
  if (alternatives?.length)
    arbitrary = fc.oneof(...alternatives.map((alternative) => validValue(alternative, known, depth + 1)));
  else if (schema.allOf?.length)
    arbitrary = validValue(Object.assign({}, ...schema.allOf) as JsonSchema, known, depth + 1);
  else if ('const' in schema) arbitrary = fc.constant(schema.const);
  else if (schema.enum?.length) arbitrary = fc.constantFrom(...schema.enum);
  else {
    const types = [schema.type ?? []].flat();
    const type = types.find((candidate) => candidate !== 'null');
    switch (type) {
      case 'string':
        arbitrary = validString(schema, known, name);
        break;
      case 'integer':
      case 'number': {
        const min =
          bound(schema.exclusiveMinimum, schema.minimum, type === 'integer' ? 1 : Number.EPSILON) ?? -1_000_000;
        const max =
          bound(schema.exclusiveMaximum, schema.maximum, type === 'integer' ? -1 : -Number.EPSILON) ?? 1_000_000;
        arbitrary =
          type === 'integer'
            ? fc.integer({
                min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER),
                max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER),
              })
            : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        break;
      }
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'array': {
        const minLength = schema.minItems ?? 0;
        arbitrary = fc.array(validValue(schema.items, known, depth + 1), {
          minLength,
          maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3),
        });
        break;
      }
      case 'object':
        arbitrary = objectOf(schema, depth, (property, key) => validValue(property, known, depth + 1, key));
        break;
      default:
        arbitrary = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
    }
    if (types.includes('null')) arbitrary = fc.option(arbitrary, { nil: null, freq: 5 });
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 5 }) : arbitrary;
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Times as a page cursor or an SSE id may hold them: real ones (to the millisecond and to the
 * microsecond), and ones JavaScript's Date.parse reads but PostgreSQL refuses or reads otherwise
 * (issue 27 point 4): impossible days, hour 24, years out of PostgreSQL's range or without a year 0,
 * words.
 */
const cursorTime: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString()),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(([date, micros]) => `${date.toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 1970, max: 2100 }),
        fc.constantFrom('02-30', '02-31', '04-31', '06-31', '09-31', '11-31', '13-01', '00-10', '02-29'),
      )
      .map(([year, day]) => `${year}-${day}T12:00:00.000Z`),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '+294277-01-01T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:60:00Z',
      '2024-01-01T23:59:60Z',
      '2024-01-01T00:00:00+25:00',
      '2024-01-01',
      '2024-01-01 00:00:00',
      '1 January 2024',
      'Fri Feb 30 2024',
      'infinity',
      'epoch',
      'now',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), hostileString) },
);

/** Ids for a cursor: UUIDs (known ones too), and what looks like one to a loose check but is none. */
const cursorId = (known: KnownValues): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: known.ids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...known.ids)) : fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '-'.repeat(36),
        'a'.repeat(36),
        '0f8fad5b-d9cb-469f-a165-70867728950',
        '0f8fad5bd9cb469fa16570867728950e',
        'zf8fad5b-d9cb-469f-a165-70867728950e',
        '1 OR 1=1',
      ),
    },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), hostileString) },
  );

/**
 * A page cursor (or the live stream's Last-Event-ID): base64url JSON of [time, id] as the server
 * writes them, with a hostile time or id mixed in, now and then another shape.
 */
export const cursorText = (known: KnownValues): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.tuple(cursorTime, cursorId(known)).map((pair) => base64url(JSON.stringify(pair))) },
    // A real id behind a time PostgreSQL may refuse: the id's check alone lets it through.
    { weight: 4, arbitrary: fc.tuple(cursorTime, fc.uuid()).map((pair) => base64url(JSON.stringify(pair))) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constant([]),
          fc.tuple(cursorTime),
          fc.tuple(cursorTime, cursorId(known), fc.string()),
          fc.constant({ 0: '2024-01-01T00:00:00Z', 1: known.ids[0] ?? '' }),
        )
        .map((value) => base64url(JSON.stringify(value))),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map(base64url) },
  );

/** Names whose plain `string` schema hides what the service expects, so that some requests get past it. */
const CURSOR_NAME = /^(cursor|before|last-event-id)$/i;
const BY_NAME: [RegExp, (known: KnownValues) => fc.Arbitrary<string>][] = [
  [CURSOR_NAME, cursorText],
  [
    /email/i,
    (known) =>
      known.emails.length ? fc.oneof(fc.emailAddress(), fc.constantFrom(...known.emails)) : fc.emailAddress(),
  ],
  [/password/i, () => fc.string({ minLength: 8, maxLength: 30 })],
  [/^role$/, () => fc.constantFrom('customer', 'clinic', 'admin')],
  // POST /auth/v1/verify: the types it takes (a reset and an address change, issue 27) and two it does not.
  [/^type$/, () => fc.constantFrom('recovery', 'email_change', 'signup', 'magiclink')],
  [/^(website|url)$/i, () => fc.webUrl()],
  [/^orgNumber$/, () => fc.stringMatching(/^\d{6}-\d{4}$/)],
  // The register's place (issue 24): names the list of places has, so that distance searches run too.
  [/^(near|q)$/, () => fc.oneof(fc.constantFrom('Uppsala', 'malmo', 'Anderstorp, Västra Götalands län'), fc.string())],
];

function validString(schema: JsonSchema, known: KnownValues, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? min + 40, min + 40);
  switch (schema.format) {
    case 'uuid':
      return known.ids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...known.ids)) : fc.uuid();
    case 'email':
      return known.emails.length ? fc.oneof(fc.emailAddress(), fc.constantFrom(...known.emails)) : fc.emailAddress();
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  const named = BY_NAME.find(([pattern]) => pattern.test(name));
  if (named && !schema.pattern && !schema.enum) return named[1](known);
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= min && text.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern JavaScript cannot compile: plain strings then.
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
  );
}

/** An object of the schema's properties (required ones mostly present), with hostile extra keys now and then. */
function objectOf(
  schema: JsonSchema,
  depth: number,
  property: (schema: JsonSchema, key: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, property(value, key)]));
  const required = (schema.required ?? []).filter((key) => key in properties);
  const record = fc.oneof(
    { weight: 5, arbitrary: fc.record(fields, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  );
  if (depth > 0) return record;
  return fc
    .tuple(
      record,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, hostileValue), { minLength: 1, maxLength: 2 }) },
      ),
    )
    .map(([object, extras]) =>
      extras ? new JsonEntries([...Object.entries(object as Record<string, unknown>), ...extras]) : object,
    );
}

/** Mostly what the schema accepts, with a hostile value at any level. */
export function fuzzValue(
  schema: JsonSchema | undefined,
  known: KnownValues,
  depth = 0,
  name = '',
): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return hostileValue;
  const types = [schema.type ?? []].flat();
  const fitting =
    types.includes('object') && schema.properties
      ? objectOf(schema, depth, (property, key) => fuzzValue(property, known, depth + 1, key))
      : validValue(schema, known, depth, name);
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: hostileValue });
}

/** A query or path value as text: what fits the schema, or something hostile. */
/** A query or path value as text that the schema accepts (as far as a generator can tell). */
export function fittingText(schema: JsonSchema | undefined, known: KnownValues, name: string): fc.Arbitrary<string> {
  return validValue(schema, known, 0, name).map((value) =>
    typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value),
  );
}

export function fuzzText(
  schema: JsonSchema | undefined,
  known: KnownValues,
  name: string,
  extra: string[] = [],
): fc.Arbitrary<string> {
  const fitting = fittingText(schema, known, name);
  return fc.oneof(
    { weight: 4, arbitrary: fitting },
    // A cursor is where the database's own reading of a value is met (issue 27 point 4): tried more.
    ...(CURSOR_NAME.test(name) ? [{ weight: 8, arbitrary: cursorText(known) }] : []),
    ...(extra.length ? [{ weight: 2, arbitrary: fc.constantFrom(...extra) }] : []),
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileNumber.map((value) => String(value)) },
  );
}

/** Header values a client can put on the wire: visible Latin-1, no line breaks or NUL. */
export const hostileHeaderValue = fc
  .oneof(
    hostileString,
    fc.constantFrom('Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', 'en;q=abc', '*;q=-1', 'sv-SE,sv;q=0.9,xx-'.repeat(200)),
  )
  .map((value) => [...value].filter((char) => /^[\x20-\x7e\xa0-\xff]$/.test(char)).join(''));
