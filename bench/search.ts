/**
 * Load test of the public register search (GET /api/clinics) against the "original design" of one
 * response holding every certified clinic (filtered in the browser). See bench/README.md.
 */
import { cpus, loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/client.ts';
import { profiles } from '../server/db/schema/index.ts';
import { loadEnv } from '../server/env.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = positiveInt('BENCH_DURATION', 20);
const PG_CLINICS = positiveInt('BENCH_PG_CLINICS', 100_000);
const PGLITE_CLINICS = positiveInt('BENCH_PGLITE_CLINICS', 10_000);
const ENGINES = (process.env.BENCH_ENGINES || 'postgres,pglite').split(',').map((name) => name.trim());
for (const engine of ENGINES) {
  if (engine !== 'postgres' && engine !== 'pglite') {
    throw new Error(`BENCH_ENGINES takes postgres and/or pglite, got "${engine}"`);
  }
}

const SEARCH_CONNECTIONS = 50;
const ALL_CONNECTIONS = 10;
const ALL_DURATION_S = Math.min(10, DURATION_S);
const WARMUP_S = Math.min(3, DURATION_S);

/** What visitors type: nothing, one letter, a city (any case, with or without å ä ö), part of a name, a typo. */
const SEARCHES = [
  '',
  'a',
  'ö',
  'k',
  'göteborg',
  'GÖTEBORG',
  'malmo',
  'Malmö',
  'stockholm',
  'västerås',
  'umea',
  'hud',
  'klin',
  'björk',
  'lindq',
  'estet',
  'skönhet',
  'laser',
  'stokholm',
] as const;

interface RunSummary {
  engine: string;
  clinics: number;
  endpoint: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
}

function positiveInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return value;
}

// Name parts are fixed constants of this file, so quoting them inline is safe (and works on both engines,
// which bind array parameters differently).
function textArray(values: readonly string[]) {
  return sql.raw(`ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
}

const FIRST_NAMES = [
  'Anna', 'Linnéa', 'Klara', 'Åsa', 'Maja', 'Sofia', 'Ebba', 'Elin', 'Märta', 'Ingrid', 'Karin', 'Sara', 'Lena',
  'Björn', 'Saga', 'Tove', 'Hanna', 'Ida', 'Stina', 'Agnes', 'Frida', 'Hélène', 'Jonas', 'Malin', 'Nora', 'Ronja',
  'Signe', 'Sölve', 'Vera', 'Åke',
];
const SURNAMES = [
  'Lindqvist', 'Åkerblad', 'Sjöberg', 'Öberg', 'Ekström', 'Bergström', 'Håkansson', 'Nyström', 'Forsberg',
  'Lundgren', 'Söderberg', 'Holmqvist', 'Wallén', 'Engström', 'Sandberg', 'Löfgren', 'Ström', 'Dahlén', 'Hedlund',
  'Björklund', 'Jönsson', 'Andersson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson',
  'Gustafsson', 'Pettersson', 'Johansson', 'Mårtensson', 'Sundqvist', 'Åberg', 'Blomqvist', 'Wikström', 'Fredén',
  'Östlund', 'Berglöf',
];
const NATURE = [
  'Björkens', 'Ängens', 'Sjöns', 'Älvens', 'Fjällets', 'Skogens', 'Havets', 'Strandens', 'Lindens', 'Ekens', 'Åns',
  'Bäckens', 'Dalens', 'Norrskenets', 'Storsjöns', 'Vänerns', 'Kustens', 'Lövångens', 'Rosengårdens', 'Solängens',
];
const KINDS = [
  'Hudvård', 'Hudklinik', 'Skönhetsklinik', 'Estetik', 'Estetiska Klinik', 'Hudterapi', 'Hud & Laser', 'Skönhetsrum',
  'Hudmottagning', 'Hudinstitut', 'Ansiktsklinik', 'Hudstudio', 'Hud & Spa', 'Skinclinic', 'Hudvårdsateljé',
  'Laserklinik', 'Skönhetssalong', 'Hälsa & Hud',
];
// Larger cities are listed more than once so they hold more clinics, as they would.
const CITIES = [
  'Stockholm', 'Stockholm', 'Stockholm', 'Stockholm', 'Göteborg', 'Göteborg', 'Göteborg', 'Malmö', 'Malmö',
  'Uppsala', 'Västerås', 'Örebro', 'Linköping', 'Helsingborg', 'Jönköping', 'Norrköping', 'Lund', 'Umeå', 'Gävle',
  'Borås', 'Södertälje', 'Eskilstuna', 'Karlstad', 'Växjö', 'Halmstad', 'Sundsvall', 'Luleå', 'Trollhättan',
  'Östersund', 'Kalmar', 'Falun', 'Skövde', 'Kristianstad', 'Karlskrona', 'Skellefteå', 'Varberg', 'Örnsköldsvik',
  'Visby', 'Kiruna', 'Ängelholm', 'Åre', 'Ystad',
];

/**
 * Inserts `total` clinics in two set-based statements. Every choice comes from hashint4 of the row
 * number, so each run produces the same register: ~90% certified and public, ~5% without a city.
 */
export async function seedClinics(db: Database, total: number): Promise<void> {
  // hashint4 can return -2^31, whose abs() overflows; shifting into 0..2^32-1 avoids that.
  const pick = (salt: number, size: number) => sql.raw(`((hashint4(i + ${salt * 1_000_003})::bigint + 2147483648) % ${size})`);
  // A stable id per row number; the version and variant digits are set because the API validates UUIDs.
  const id = sql.raw(`overlay(overlay(md5('ck-bench-' || i) placing '5' from 13) placing 'a' from 17)::uuid`);
  await db.execute(sql`
    INSERT INTO users (id, email, email_confirmed_at)
    SELECT ${id}, 'klinik' || i || '@bench.example', now()
    FROM generate_series(1, ${total}::int) AS i`);
  await db.execute(sql`
    INSERT INTO profiles (id, role, full_name, email, company_name, city, website, cover_image_url,
                          is_certified, is_public, application_status, certified_at)
    SELECT ${id}, 'clinic', name, 'klinik' || i || '@bench.example', name || ' AB',
           city,
           CASE WHEN ${pick(5, 2)} = 0 THEN 'https://klinik' || i || '.example' END,
           CASE WHEN ${pick(6, 5)} < 3 THEN '/images/covers/cover-' || (1 + ${pick(7, 4)}) || '.svg' END,
           status < 94, status < 90 OR status BETWEEN 94 AND 97,
           (CASE WHEN status < 94 THEN 'Godkänd' WHEN status < 98 THEN 'Väntar' ELSE 'Nekad' END)::application_status,
           CASE WHEN status < 94 THEN now() - make_interval(days => ${pick(8, 1500)}::int) END
    FROM generate_series(1, ${total}::int) AS i
    CROSS JOIN LATERAL (
      SELECT CASE WHEN ${pick(11, 20)} = 0 THEN NULL ELSE (${textArray(CITIES)})[1 + ${pick(1, CITIES.length)}] END AS city,
             ${pick(2, 100)} AS status,
             (${textArray(KINDS)})[1 + ${pick(3, KINDS.length)}] AS kind
    ) AS base
    CROSS JOIN LATERAL (
      SELECT CASE ${pick(4, 4)}
               WHEN 0 THEN (${textArray(SURNAMES)})[1 + ${pick(9, SURNAMES.length)}] || 's ' || kind
               WHEN 1 THEN (${textArray(NATURE)})[1 + ${pick(9, NATURE.length)}] || ' ' || kind
               WHEN 2 THEN coalesce(city, 'Sveriges') || ' ' || kind
               ELSE (${textArray(FIRST_NAMES)})[1 + ${pick(9, FIRST_NAMES.length)}] || ' '
                    || (${textArray(SURNAMES)})[1 + ${pick(10, SURNAMES.length)}] || ' ' || kind
             END AS name
    ) AS named`);
  // VACUUM as well as ANALYZE: it empties the GIN pending lists and sets the visibility map, the
  // steady state autovacuum would reach in production.
  await db.execute(sql`VACUUM ANALYZE users`);
  await db.execute(sql`VACUUM ANALYZE profiles`);
}

function registerRows(db: Database) {
  return db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      city: profiles.city,
      website: profiles.website,
      coverImageUrl: profiles.coverImageUrl,
    })
    .from(profiles)
    .where(and(eq(profiles.role, 'clinic'), eq(profiles.isCertified, true), eq(profiles.isPublic, true)))
    .orderBy(sql`${profiles.nameSortKey} COLLATE "C"`, asc(profiles.id));
}

/** The real app with default settings but for `settings`, and the original design's endpoint. */
async function startApp(db: Database, settings: NodeJS.ProcessEnv = {}): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = await buildApp({ db, env: loadEnv(settings), logger: false });
  // The original design, registered here only: every certified, public clinic in one answer.
  app.get('/bench/all-certified', async () => ({ items: await registerRows(db) }));
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl };
}

function searchPath(search: string, cursor?: string): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `/api/clinics?${text}` : '/api/clinics';
}

interface Probe {
  path: string;
  items: number;
  latencyMs: number;
}

/** One request at a time per path: checks each answers 200 and shows what a lone visitor waits. */
async function probe(baseUrl: string, path: string): Promise<Probe & { nextCursor: string | null }> {
  const times: number[] = [];
  let body: { items: unknown[]; nextCursor: string | null } | undefined;
  for (let round = 0; round < 6; round++) {
    const started = performance.now();
    const response = await fetch(baseUrl + path);
    const text = await response.text();
    if (round > 0) times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    body = JSON.parse(text) as { items: unknown[]; nextCursor: string | null };
  }
  times.sort((a, b) => a - b);
  const latencyMs = times[Math.floor(times.length / 2)] ?? 0;
  return { path, items: body?.items.length ?? 0, nextCursor: body?.nextCursor ?? null, latencyMs };
}

async function load(baseUrl: string, paths: readonly string[], connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    // The load generator runs in its own thread, so it does not take event-loop time from the server under test.
    workers: 1,
    // Each connection walks through the paths in turn, so the mix stays the same at any moment.
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
}

function summarize(
  base: Pick<RunSummary, 'engine' | 'clinics' | 'endpoint' | 'connections'>,
  result: autocannon.Result,
): RunSummary {
  const completed = result.requests.total;
  return {
    ...base,
    seconds: result.duration,
    requests: completed,
    rps: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: completed > 0 ? result.throughput.total / completed : 0,
  };
}

function printRun(run: RunSummary): void {
  console.log(
    `  ${run.endpoint}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.requests} requests, ` +
      `non-2xx ${run.non2xx}, errors ${run.errors} (timeouts ${run.timeouts}), ~${formatBytes(run.bytesPerResponse)}/response`,
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${bytes.toFixed(0)} B`;
}

/**
 * Seeds, then loads the search mix and the all-certified answer. `drain` resolves once the database has
 * finished the queries of requests a load run left behind (autocannon drops its connections when time is
 * up, but the server still runs what it has queued), so one phase does not slow the next.
 */
async function benchEngine(
  engine: string,
  handle: DatabaseHandle,
  clinics: number,
  drain: () => Promise<void>,
): Promise<RunSummary[]> {
  let started = performance.now();
  await handle.migrate();
  await seedClinics(handle.db, clinics);
  const [{ visible } = { visible: 0 }] = await handle.db
    .select({ visible: count() })
    .from(profiles)
    .where(and(eq(profiles.role, 'clinic'), eq(profiles.isCertified, true), eq(profiles.isPublic, true)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`  seeded ${clinics} clinics (${visible} certified and public) in ${seconds} s`);

  // First without the page cache (docs/decisions/009), so every request reaches the database: single
  // requests, the search mix and the original design.
  const runs: RunSummary[] = [];
  const uncached = await startApp(handle.db, { REGISTER_CACHE_SECONDS: '0' });
  let paths: string[];
  try {
    const { baseUrl } = uncached;
    const probes: Probe[] = [];
    for (const search of SEARCHES) {
      const result = await probe(baseUrl, searchPath(search));
      probes.push(result);
      // The second page of the unfiltered register, to include keyset pagination in the mix.
      if (search === '' && result.nextCursor) probes.push(await probe(baseUrl, searchPath('', result.nextCursor)));
    }
    console.log('  single requests without the page cache (median of 5, no other load):');
    for (const { path, items, latencyMs } of probes) {
      console.log(`    ${latencyMs.toFixed(1).padStart(7)} ms  ${String(items).padStart(3)} items  ${decodeURIComponent(path)}`);
    }
    paths = probes.map(({ path }) => path);
    runs.push(await loadSearchMix(engine, clinics, 'GET /api/clinics (mix, no page cache)', baseUrl, paths, drain));

    started = performance.now();
    const response = await fetch(`${baseUrl}/bench/all-certified`);
    const bytes = (await response.arrayBuffer()).byteLength;
    const aloneMs = (performance.now() - started).toFixed(0);
    console.log(`  all-certified: one answer is ${formatBytes(bytes)} (${bytes} bytes), alone in ${aloneMs} ms`);
    const all = summarize(
      { engine, clinics, endpoint: 'GET /bench/all-certified', connections: ALL_CONNECTIONS },
      await load(baseUrl, ['/bench/all-certified'], ALL_CONNECTIONS, ALL_DURATION_S),
    );
    printRun(all);
    runs.push(all);
    await drain();
  } finally {
    await uncached.app.close();
  }

  // Then the product as it runs by default.
  const cached = await startApp(handle.db);
  try {
    runs.push(await loadSearchMix(engine, clinics, 'GET /api/clinics (mix)', cached.baseUrl, paths, drain));
  } finally {
    await cached.app.close();
  }
  return runs;
}

async function loadSearchMix(
  engine: string,
  clinics: number,
  endpoint: string,
  baseUrl: string,
  paths: readonly string[],
  drain: () => Promise<void>,
): Promise<RunSummary> {
  await load(baseUrl, paths, SEARCH_CONNECTIONS, WARMUP_S);
  await drain();
  const run = summarize({ engine, clinics, endpoint, connections: SEARCH_CONNECTIONS }, await load(baseUrl, paths, SEARCH_CONNECTIONS, DURATION_S));
  printRun(run);
  await drain();
  return run;
}

async function benchPostgres(): Promise<RunSummary[]> {
  const name = `ck_bench_${Date.now()}`;
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let handle: DatabaseHandle | undefined;
  /** Sessions of the app on the bench database; `busyOnly` counts those running a query. */
  const sessions = async (busyOnly: boolean) => {
    const { rows } = await admin.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = $1 AND backend_type = 'client backend' ${busyOnly ? "AND state <> 'idle'" : ''}`,
      [name],
    );
    return rows[0]?.count ?? 0;
  };
  const waitForSessions = async (busyOnly: boolean, timeoutMs: number) => {
    for (let waited = 0; waited < timeoutMs; waited += 100) {
      if ((await sessions(busyOnly)) === 0) return true;
      await delay(100);
    }
    return false;
  };
  const dropDatabase = async () => {
    await handle?.close().catch(() => undefined);
    handle = undefined;
    // The pool's connections close a moment after close() resolves; terminating one before that would
    // raise an error on a pool nobody listens to any more, so give them time and terminate only leftovers.
    await waitForSessions(false, 5_000);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      name,
    ]);
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    console.log(`  dropped database ${name}`);
  };
  // Ctrl-C would skip the finally below and leave a large database behind.
  const onSignal = () => {
    void dropDatabase().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    console.log(`PostgreSQL: database ${name} on ${databaseUrl.host}`);
    handle = await openDatabase({ url: databaseUrl.toString() });
    const drain = async () => {
      if (!(await waitForSessions(true, 120_000))) {
        throw new Error('the database was still busy 2 minutes after the load stopped');
      }
    };
    return await benchEngine('postgres', handle, PG_CLINICS, drain);
  } finally {
    process.off('SIGINT', onSignal);
    try {
      await dropDatabase();
    } finally {
      await admin.end();
    }
  }
}

async function benchPglite(): Promise<RunSummary[]> {
  console.log('PGlite: in memory');
  const handle = await openDatabase({});
  try {
    const db = handle.db;
    // PGlite runs one query at a time, in order: once this one answers, every earlier one has finished.
    const drain = async () => {
      await db.execute(sql`SELECT 1`);
    };
    return await benchEngine('pglite', handle, PGLITE_CLINICS, drain);
  } finally {
    await handle.close();
  }
}

function printSummary(runs: readonly RunSummary[]): void {
  const header = [
    ...['engine', 'clinics', 'endpoint', 'conns', 's', 'requests', 'req/s'],
    ...['p50 ms', 'p99 ms', 'non-2xx', 'errors', 'timeouts', 'bytes/resp'],
  ];
  const rows = runs.map((run) => [
    run.engine,
    String(run.clinics),
    run.endpoint,
    String(run.connections),
    run.seconds.toFixed(0),
    String(run.requests),
    run.rps.toFixed(0),
    String(run.p50),
    String(run.p99),
    String(run.non2xx),
    String(run.errors),
    String(run.timeouts),
    run.bytesPerResponse.toFixed(0),
  ]);
  // At least 3 wide, so every cell of the Markdown delimiter row holds a hyphen.
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)));
  // The first three columns are text (left-aligned), the rest numbers (right-aligned).
  const isText = (column: number) => column < 3;
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (isText(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log('\nSummary (latencies count answered requests only; a timed-out request counts as an error)');
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (isText(column) ? ` ${'-'.repeat(width)} ` : ` ${'-'.repeat(width - 1)}: `)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

// Imported (for seedClinics, e.g. to EXPLAIN queries on the same data) it runs nothing.
if (import.meta.main) {
  const runs: RunSummary[] = [];
  // Other work on the machine skews every number below; the load average tells a reader whether there was any.
  console.log(`${cpus().length} CPUs, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(
    `Search mix: ${SEARCH_CONNECTIONS} connections for ${DURATION_S} s after a ${WARMUP_S} s warm-up; ` +
      `all-certified: ${ALL_CONNECTIONS} connections for ${ALL_DURATION_S} s\n`,
  );
  if (ENGINES.includes('postgres')) runs.push(...(await benchPostgres()));
  if (ENGINES.includes('pglite')) runs.push(...(await benchPglite()));
  printSummary(runs);
}
