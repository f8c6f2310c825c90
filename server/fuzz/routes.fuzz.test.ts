import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import { bearer, createAuthClient, newAccount, signUpWith, TEST_ADMIN_EMAIL } from '../testing/auth-client.ts';
import { certifyClinic, describeEachEngine, listTables, type TestApp } from '../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../testing/uploads.ts';
import {
  fittingText,
  fuzzText,
  fuzzValue,
  hostileHeaderValue,
  hostileKey,
  hostileString,
  hostileValue,
  type JsonSchema,
  jsonText,
  type KnownValues,
  stringsIn,
} from './openapi-arbitraries.ts';

// Issue 12 point 2: every operation of the OpenAPI document gets generated requests (fast-check,
// seeded, bounded in time) with hostile path parameters, queries, headers and JSON bodies, sent as
// anonymous, customer, clinic and admin. No answer may be a 5xx or show a stack trace, SQL or an
// internal error name, and an answer of 400 or more may change no row.
//
// FUZZ_RUNS (requests per operation), FUZZ_SEED, FUZZ_ROUTE_MS (time per operation at most) and
// FUZZ_BUDGET_MS (time for all operations, per engine) make longer runs:
// FUZZ_RUNS=500 FUZZ_ROUTE_MS=60000 FUZZ_BUDGET_MS=1800000 npx vitest run --project integration server/fuzz

const positive = (value: string | undefined, fallback: number) =>
  value && Number(value) > 0 ? Number(value) : fallback;
const RUNS = positive(process.env.FUZZ_RUNS, 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const ROUTE_TIME_LIMIT_MS = positive(process.env.FUZZ_ROUTE_MS, 3_000);
const BUDGET_MS = positive(process.env.FUZZ_BUDGET_MS, 45_000);
/** Replays one failure as printed: FUZZ_ONLY='PUT /api/admin/site' FUZZ_PATH='280:0:…' (same FUZZ_SEED). */
const ONLY = process.env.FUZZ_ONLY;
const REPLAY_PATH = process.env.FUZZ_PATH;

/** The live stream never ends by itself: its answer is read at its head, and only its parameters and headers are fuzzed. */
const STREAM = 'GET /api/messages/stream';
/** Uploads are multipart (server/testing/uploads.ts covers their bodies); their parameters and headers are fuzzed. */
const MULTIPART = new Set(['POST /api/clinic/documents', 'POST /api/clinic/cover']);
/**
 * Tables a refused request may change by design: the rate limits count refused attempts too (a wrong
 * password is what a sign-in limit is for).
 */
const CHANGED_BY_REFUSALS = new Set(['rate_limits']);

/** Words of the server's own, never of a client's: a stack, a file path, SQL, a database error, an internal class. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /(?:\n|\\n)\s+at \S/],
  ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \((?:file:\/\/|node:|\/)/],
  ['a source path', /\/work\/|\/home\/|\/root\/|node_modules|file:\/\/|node:internal|\.(?:ts|js|mjs|cjs):\d+:\d+/],
  ['SQL text', /\b(?:select|insert into|update|delete from)\s+(?:"|\*|\(|distinct\b)|\bfrom\s+"[a-z_]+"/i],
  [
    'a database error',
    /syntax error|violates|invalid input syntax|duplicate key value|current transaction is aborted|Failed query|relation "|column "|stack depth limit|out of range for type|PGlite|DrizzleQueryError/i,
  ],
  [
    'an internal error name',
    /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|ZodError|DatabaseError|PostgresError|AggregateError|FST_[A-Z_]+)\b/,
  ],
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Role = 'customer' | 'clinic' | 'admin';
type Principal = 'anonymous' | Role;

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  key: string;
  method: Method;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Partial<
      Record<
        Lowercase<Method>,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
      >
    >
  >;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const upper = method.toUpperCase() as Method;
      const route = path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
      operations.push({
        key: `${upper} ${route}`,
        method: upper,
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

interface Account {
  role: Role;
  id: string;
  email: string;
  password: string;
  token: string;
}

interface World {
  accounts: Record<Role, Account>;
  known: KnownValues;
}

/** The data the operations' ids can point at: three signed-in roles, a certified clinic with a document, a follow, a report and a conversation. */
async function buildWorld(app: FastifyInstance, db: Database): Promise<World> {
  const signUp = async (role: Role): Promise<Account> => {
    const account =
      role === 'admin'
        ? newAccount({ email: TEST_ADMIN_EMAIL, fullName: 'Chefen' })
        : newAccount({ role, fullName: role === 'clinic' ? 'Fuzzkliniken' : 'Karin Kund' });
    const session = await signUpWith(createAuthClient(app), account);
    return { role, id: session.user.id, email: account.email, password: account.password, token: session.access_token };
  };
  const accounts = { customer: await signUp('customer'), clinic: await signUp('clinic'), admin: await signUp('admin') };
  const { customer, clinic } = accounts;
  const prepare = async (token: string, options: InjectOptions) => {
    const response = await app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
    if (response.statusCode >= 400)
      throw new Error(
        `${options.method ?? 'GET'} ${options.url as string} gave ${response.statusCode}: ${response.body}`,
      );
    return response;
  };
  const certificateNumber = await certifyClinic(db, clinic.id);
  const [{ slug } = { slug: null }] = await db
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(eq(profiles.id, clinic.id));
  const documentId = (
    await prepare(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    })
  ).json<{ id: string }>().id;
  await prepare(customer.token, { method: 'PUT', url: `/api/me/follows/${clinic.id}` });
  const reportId = (
    await prepare(customer.token, {
      method: 'POST',
      url: '/api/me/reports',
      payload: { clinicName: 'Fuzzkliniken', content: 'Otydlig prislista.' },
    })
  ).json<{ id: string }>().id;
  const conversationId = (
    await prepare(customer.token, {
      method: 'POST',
      url: '/api/messages',
      payload: { to: { kind: 'user', id: clinic.id }, content: 'Har ni tid?' },
    })
  ).json<{ conversationId: string }>().conversationId;
  const ids = [customer.id, clinic.id, accounts.admin.id, documentId, reportId, conversationId];
  const exportLink = (await prepare(customer.token, { method: 'POST', url: '/api/me/data-export' })).json<{
    url: string;
  }>().url;
  const ticket = new URLSearchParams(exportLink.slice(exportLink.indexOf('?'))).get('ticket') ?? '';
  return {
    accounts,
    known: {
      ids,
      slugs: slug ? [slug] : [],
      certificateNumbers: [certificateNumber],
      emails: Object.values(accounts).map((account) => account.email),
      tickets: [ticket, customer.token],
    },
  };
}

/** Row count and a digest of every row, per table: what a refused request must leave as it was. */
async function snapshot(db: Database, tables: string[]): Promise<Map<string, string>> {
  const parts = tables.map(
    (table) =>
      sql`SELECT ${table}::text AS name, count(*)::text || ':' || md5(coalesce(string_agg(r::text, ',' ORDER BY r::text), '')) AS digest FROM ${sql.identifier(table)} r`,
  );
  const rows = await queryRows<{ name: string; digest: string }>(db, sql.join(parts, sql` UNION ALL `));
  return new Map(rows.map((row) => [row.name, row.digest]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([table, digest]) => before.get(table) !== digest).map(([table]) => table);
}

/** One generated request, before the principal's token is put in. */
interface FuzzRequest {
  principal: Principal;
  authorization: { kind: 'principal' } | { kind: 'value'; value: string } | { kind: 'tampered'; at: number };
  pathValues: { value: string; encode: boolean }[];
  query: { name: string; value: string; encode: boolean }[];
  headers: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'text'; text: string }
    | { kind: 'bytes'; bytes: Uint8Array };
  contentType: string | null;
}

/** Values worth trying for parameters whose schema is a plain string. */
function hintsFor(name: string, known: KnownValues): string[] {
  switch (name) {
    case 'grant_type':
      return ['password', 'refresh_token', 'PASSWORD', 'id_token'];
    case 'scope':
      return ['global', 'local', 'others'];
    case 'clinicIds':
      return [
        known.ids.join(','),
        `${known.ids[1] ?? ''},${'x'.repeat(40)}`,
        Array.from({ length: 500 }, () => known.ids[0] ?? '').join(','),
      ];
    case 'slug':
      return known.slugs;
    case 'number':
      return [...known.certificateNumbers, ...known.certificateNumbers.map((number) => number.toLowerCase())];
    case 'orgNumber':
      return ['556677-8899', '5566778899', '16556677-8899', '556677-8898'];
    case 'name':
      return ['Fuzzkliniken', 'fuzz', 'K'];
    case 'ticket':
      return known.tickets;
    default:
      return known.ids;
  }
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  'NaN',
  '\u0000',
  '{"a":1}garbage',
  '',
  '   ',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '{"__proto__":1,"__proto__":2}',
  '\uFEFF{}',
];
const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/json; charset=utf-16le',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json, text/html',
  '',
];

/** Every principal, the one whose area the path is in more often: most requests should get past the role guard. */
function principalFor(operation: Operation): fc.Arbitrary<Principal> {
  const owner: Principal | undefined = operation.path.startsWith('/api/admin/')
    ? 'admin'
    : operation.path.startsWith('/api/clinic/')
      ? 'clinic'
      : /^\/api\/me\/(follows|reports)/.test(operation.path)
        ? 'customer'
        : undefined;
  const everyone = fc.constantFrom<Principal>('anonymous', 'customer', 'clinic', 'admin');
  return owner ? fc.oneof({ weight: 1, arbitrary: everyone }, { weight: 2, arbitrary: fc.constant(owner) }) : everyone;
}

function requestArbitrary(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(
    ([, name]) =>
      operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name) ?? {
        in: 'path' as const,
        name: name ?? '',
      },
  );
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const headerParameters = operation.parameters.filter((parameter) => parameter.in === 'header');
  const encoded = fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

  const pathValues = fc.tuple(
    ...pathParameters.map((parameter) =>
      fc.record({
        value: fuzzText(parameter.schema, known, parameter.name, hintsFor(parameter.name, known)),
        encode: encoded,
      }),
    ),
  );
  const queryEntries = (parameter: Parameter, value: fc.Arbitrary<string>, repeated: boolean) => {
    const entry = fc.record({ name: fc.constant(parameter.name), value, encode: encoded });
    // A parameter given twice (an array to the schema) now and then.
    const entries = repeated
      ? fc.oneof({ weight: 3, arbitrary: fc.tuple(entry) }, { weight: 1, arbitrary: fc.tuple(entry, entry) })
      : fc.tuple(entry);
    return fc.option(entries, { freq: 4 });
  };
  const fuzzedQuery = (parameter: Parameter) =>
    queryEntries(parameter, fuzzText(parameter.schema, known, parameter.name, hintsFor(parameter.name, known)), true);
  // Every parameter fuzzed at once, or one of them with the others as the schema wants them: a hostile
  // value behind good ones (a cursor behind a valid limit and status) is reached only so.
  const declaredQuery =
    queryParameters.length < 2
      ? fc.tuple(...queryParameters.map(fuzzedQuery))
      : fc.oneof(
          fc.tuple(...queryParameters.map(fuzzedQuery)),
          fc
            .integer({ min: 0, max: queryParameters.length - 1 })
            .chain((focus) =>
              fc.tuple(
                ...queryParameters.map((parameter, index) =>
                  index === focus
                    ? fuzzedQuery(parameter)
                    : queryEntries(parameter, fittingText(parameter.schema, known, parameter.name), false),
                ),
              ),
            ),
        );
  const extraQuery = fc.oneof(
    { weight: 4, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.record({ name: hostileKey, value: hostileString, encode: encoded }), {
        minLength: 1,
        maxLength: 2,
      }),
    },
  );
  const query = fc
    .tuple(declaredQuery, extraQuery)
    .map(([declared, extra]) => [...declared.flatMap((entries) => entries ?? []), ...extra]);

  const headerValue = fc.oneof(
    hostileHeaderValue,
    fc.constantFrom(
      'sv',
      'en-GB,en;q=0.9',
      'text/event-stream',
      'bytes=0-0',
      'bytes=-1',
      'bytes=99999999999999999999-',
      'https://evil.example',
    ),
  );
  const headers = fc.record(
    {
      'accept-language': headerValue,
      accept: headerValue,
      origin: headerValue,
      cookie: headerValue,
      range: headerValue,
      'if-none-match': headerValue,
      'if-modified-since': headerValue,
      'x-forwarded-for': headerValue,
      'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'PATCH'),
      apikey: headerValue,
      ...Object.fromEntries(
        headerParameters.map((parameter) => [
          parameter.name,
          fc.oneof(fuzzText(parameter.schema, known, parameter.name), hostileHeaderValue),
        ]),
      ),
    },
    { requiredKeys: [] },
  );

  const authorization = fc.oneof(
    { weight: 12, arbitrary: fc.constant({ kind: 'principal' as const }) },
    { weight: 1, arbitrary: hostileHeaderValue.map((value) => ({ kind: 'value' as const, value: `Bearer ${value}` })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'Bearer',
          'Basic Zm9vOmJhcg==',
          'Bearer a.b.c',
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.',
          `Bearer ${'a'.repeat(20_000)}`,
          'bearer  x',
          'Bearer ..',
        )
        .map((value) => ({ kind: 'value' as const, value })),
    },
    { weight: 1, arbitrary: fc.nat().map((at) => ({ kind: 'tampered' as const, at })) },
  );

  const key = `${operation.method} ${operation.path}`.replace(/(.)\/$/, '$1').replace(/\{(\w+)\}/g, ':$1');
  const noBody = fc.constant({ body: { kind: 'none' as const }, contentType: null });
  let body: fc.Arbitrary<Pick<FuzzRequest, 'body' | 'contentType'>>;
  if (key === STREAM || MULTIPART.has(key) || operation.method === 'GET') {
    body = noBody;
  } else if (operation.body) {
    const jsonType = fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    );
    body = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({
          body: fuzzValue(operation.body, known).map((value) => ({ kind: 'json' as const, value })),
          contentType: jsonType,
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          body: hostileValue.map((value) => ({ kind: 'json' as const, value })),
          contentType: jsonType,
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          body: fc
            .oneof(fc.constantFrom(...MALFORMED_JSON), fc.string())
            .map((text) => ({ kind: 'text' as const, text })),
          contentType: jsonType,
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          body: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ kind: 'bytes' as const, bytes })),
          contentType: jsonType,
        }),
      },
      // Over the body limit of 1 MiB.
      {
        weight: 1,
        arbitrary: fc.integer({ min: 1_048_577, max: 1_100_000 }).map((size) => ({
          body: { kind: 'text' as const, text: `{"x":"${'a'.repeat(size)}"}` },
          contentType: 'application/json',
        })),
      },
      { weight: 1, arbitrary: noBody },
    );
  } else {
    body = fc.oneof(
      { weight: 3, arbitrary: noBody },
      {
        weight: 1,
        arbitrary: fc.record({
          body: hostileValue.map((value) => ({ kind: 'json' as const, value })),
          contentType: fc.constant('application/json'),
        }),
      },
    );
  }

  return fc
    .record({ principal: principalFor(operation), authorization, pathValues, query, headers, body })
    .map(({ body: { body: payload, contentType }, ...rest }) => ({ ...rest, body: payload, contentType }));
}

/** encodeURIComponent throws on a lone surrogate, which no URL can carry: it goes as U+FFFD, as a browser sends it. */
const encode = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** The injected request, and every string in it (the answer may echo them). */
function toInject(
  operation: Operation,
  request: FuzzRequest,
  world: World,
): { options: InjectOptions; sent: string[] } {
  let index = 0;
  const path = operation.path.replace(/\{\w+\}/g, () => {
    const parameter = request.pathValues[index++];
    return parameter ? (parameter.encode ? encode(parameter.value) : parameter.value) : '';
  });
  const query = request.query
    .map(({ name, value, encode: encoded }) => (encoded ? `${encode(name)}=${encode(value)}` : `${name}=${value}`))
    .join('&');
  const headers: Record<string, string> = { ...request.headers };
  const token = request.principal === 'anonymous' ? undefined : world.accounts[request.principal].token;
  const { authorization } = request;
  if (authorization.kind === 'value') headers.authorization = authorization.value;
  else if (token && authorization.kind === 'principal') headers.authorization = `Bearer ${token}`;
  else if (token && authorization.kind === 'tampered') {
    // One character of the token's signature or claims changed.
    const at = authorization.at % token.length;
    headers.authorization = `Bearer ${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
  }
  let payload: string | Buffer | undefined;
  if (request.body.kind === 'json') payload = jsonText(request.body.value);
  else if (request.body.kind === 'text') payload = request.body.text;
  else if (request.body.kind === 'bytes') payload = Buffer.from(request.body.bytes);
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  const sent = [
    ...request.pathValues.map(({ value }) => value),
    ...request.query.flatMap(({ name, value }) => [name, value]),
    ...Object.values(request.headers),
    ...(request.body.kind === 'json'
      ? stringsIn(request.body.value)
      : request.body.kind === 'text'
        ? [request.body.text]
        : []),
  ];
  const url = `${path}${query ? `?${query}` : ''}`;
  return { options: { method: operation.method, url, headers, ...(payload === undefined ? {} : { payload }) }, sent };
}

/** The answer with every echo of what the client sent taken out: what is left is the server's own. */
function serverWords(body: string, sent: Iterable<string>): string {
  let text = body;
  const forms = new Set<string>();
  for (const value of sent) {
    if (value.length < 2) continue;
    for (const form of [value, value.trim(), value.toLowerCase(), value.trim().toLowerCase()]) {
      forms.add(form);
      forms.add(JSON.stringify(form).slice(1, -1));
    }
  }
  for (const form of [...forms].filter((form) => form.length >= 2).sort((a, b) => b.length - a.length)) {
    if (text.includes(form)) text = text.split(form).join(' ');
  }
  return text;
}

const isText = (contentType: string | string[] | number | undefined) =>
  !contentType || /json|text|xml|html/i.test(String(contentType));
const clip = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** How long an open stream is read after its `ready` event: the catch-up after Last-Event-ID runs then. */
const STREAM_SETTLE_MS = 50;

async function readAnswer(response: LightMyRequestResponse, streamed: boolean): Promise<string> {
  if (!streamed) return response.body;
  const stream = response.stream();
  if (response.statusCode < 300) {
    // The head of the stream, up to `ready` and the catch-up behind it (a Last-Event-ID the database
    // refused killed the stream there: issue 27 point 4).
    let head = '';
    const settled = new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, 2_000);
      stream.on('data', (chunk: Buffer) => {
        head += chunk.toString('utf8');
        if (head.includes('event: ready')) {
          clearTimeout(timeout);
          setTimeout(resolve, STREAM_SETTLE_MS);
        }
      });
      stream.on('end', () => {
        clearTimeout(timeout);
        resolve();
      });
    });
    await settled;
    // Destroying the injected response is the client going away: the stream closes on the server too,
    // and later messages are not written to it.
    stream.destroy();
    response.raw.res.destroy();
    return head;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The app's error log (level error only): what a 500 was about. */
const errorLog: string[] = [];
const logger = {
  level: 'error',
  stream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      errorLog.push(chunk.toString());
      done();
    },
  }),
};

describeEachEngine(
  'route fuzzing',
  {
    env: {
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      CONTACT_LIMIT_PER_IP: '1000000',
      MESSAGE_LIMIT_PER_USER: '1000000',
      // The open verification API's limit would answer most requests 429 before their input is read.
      PUBLIC_API_RATE_LIMIT: '1000000',
    },
    logger,
  },
  (t: TestApp) => {
    const tally = { requests: 0, refused: 0, operations: 0, startedAt: 0 };
    /** Answers per operation and status class, printed with FUZZ_VERBOSE=1 to see how deep the requests get. */
    const statuses = new Map<string, Record<string, number>>();
    afterAll(() => {
      const seconds = ((Date.now() - tally.startedAt) / 1000).toFixed(1);
      if (process.env.FUZZ_VERBOSE)
        for (const [key, counts] of statuses) console.log(`${key}: ${JSON.stringify(counts)}`);
      console.log(
        `route fuzzing [${t.engine}]: ${tally.requests} requests (${tally.refused} refused with 4xx) over ${tally.operations} operations in ${seconds} s; FUZZ_RUNS=${RUNS} FUZZ_SEED=${SEED}`,
      );
    });

    it(
      'answers every operation of the OpenAPI document without a 5xx, a leak, or a change on refusal',
      { timeout: 600_000 },
      async () => {
        tally.startedAt = Date.now();
        const documentResponse = await t.app.inject({ url: '/api/docs/json' });
        expect(documentResponse.statusCode).toBe(200);
        const operations = operationsOf(documentResponse.json<OpenApiDocument>());
        const keys = operations.map((operation) => operation.key);
        // The exclusions must name operations the document has, or they silently stop applying.
        expect(keys).toEqual(expect.arrayContaining([STREAM, ...MULTIPART]));
        expect(operations.length).toBeGreaterThan(50);

        const tables = (await listTables(t.db)).filter((table) => !CHANGED_BY_REFUSALS.has(table));
        let world = await buildWorld(t.app, t.db);

        /** Each operation starts with the three accounts signed in as their roles, whatever the one before did to them. */
        const ensureAccounts = async () => {
          for (const account of Object.values(world.accounts)) {
            const user = await t.app.inject({ url: '/auth/v1/user', headers: bearer(account.token) });
            if (
              user.statusCode === 200 &&
              user.json<{ app_metadata: { role: string } }>().app_metadata.role === account.role
            )
              continue;
            const signIn = await t.app.inject({
              method: 'POST',
              url: '/auth/v1/token?grant_type=password',
              payload: { email: account.email, password: account.password },
            });
            const session =
              signIn.statusCode === 200
                ? signIn.json<{ access_token: string; user: { app_metadata: { role: string } } }>()
                : undefined;
            if (session?.user.app_metadata.role === account.role) {
              account.token = session.access_token;
              continue;
            }
            // A password, an email or a role was changed by a request that was allowed to: start again.
            await t.reset();
            world = await buildWorld(t.app, t.db);
            return;
          }
        };

        const failures: string[] = [];
        const deadline = Date.now() + BUDGET_MS;
        /** What earlier requests sent that looks like a leak: a later answer may show it back once stored (a report, a name). */
        const storedLookalikes = new Set<string>();
        const chosen = ONLY ? operations.filter((operation) => operation.key === ONLY) : operations;
        for (const [index, operation] of chosen.entries()) {
          await ensureAccounts();
          tally.operations += 1;
          let before = await snapshot(t.db, tables);
          const streamed = operation.key === STREAM;
          // fast-check abandons a run at the time limit but the request goes on: wait for it before the
          // next operation's snapshot, or its writes show up as a change made by a later refusal.
          let lastRun: Promise<unknown> = Promise.resolve();
          const property = fc.asyncProperty(requestArbitrary(operation, world.known), (request) => {
            const run = checkRequest(request);
            lastRun = run.catch(() => undefined);
            return run;
          });
          async function checkRequest(request: FuzzRequest): Promise<void> {
            const { options, sent } = toInject(operation, request, world);
            errorLog.length = 0;
            tally.requests += 1;
            const response = await t.app.inject(streamed ? { ...options, payloadAsStream: true } : options);
            const body = await readAnswer(response, streamed);
            const counts = statuses.get(operation.key) ?? {};
            counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
            statuses.set(operation.key, counts);
            const problems: string[] = [];
            if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
            // A failure after the answer began (a stream's catch-up) shows only in the log.
            else if (errorLog.length > 0) problems.push(`answered ${response.statusCode} but logged an error`);
            for (const value of sent) if (LEAKS.some(([, pattern]) => pattern.test(value))) storedLookalikes.add(value);
            if (isText(response.headers['content-type'])) {
              const own = serverWords(body, [...sent, ...storedLookalikes]);
              for (const [what, pattern] of LEAKS) {
                const match = pattern.exec(own);
                if (match)
                  problems.push(
                    `shows ${what}: …${clip(own.slice(Math.max(0, match.index - 60), match.index + 100), 200)}…`,
                  );
              }
            }
            const after = await snapshot(t.db, tables);
            if (response.statusCode >= 400) {
              tally.refused += 1;
              const changed = changedTables(before, after);
              if (changed.length > 0)
                problems.push(`refused with ${response.statusCode} but changed ${changed.join(', ')}`);
            }
            before = after;
            if (problems.length > 0) {
              const log = errorLog.map((line) => (ONLY ? line : clip(line, 600))).join('\n');
              throw new Error(
                `${options.method} ${clip(options.url as string, 200)} as ${request.principal}: ${problems.join('; ')}\nanswer: ${clip(body)}${log ? `\nlog: ${log}` : ''}`,
              );
            }
          }
          const seed = SEED ^ [...operation.key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, 0);
          // A share of what is left of the budget, so that a slow machine cuts runs short rather than time out.
          const timeLimit = Math.max(
            200,
            Math.min(ROUTE_TIME_LIMIT_MS, (deadline - Date.now()) / (chosen.length - index)),
          );
          const result = await fc.check(property, {
            seed,
            numRuns: RUNS,
            interruptAfterTimeLimit: timeLimit,
            markInterruptAsFailure: false,
            ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}),
          });
          await lastRun;
          if (result.failed) {
            const reason =
              result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
            failures.push(
              `${operation.key} (seed ${result.seed}, path "${result.counterexamplePath ?? ''}"): ${reason}`,
            );
          }
        }
        expect(failures, failures.join('\n\n')).toEqual([]);
      },
    );
  },
);
