/**
 * The query plans of register searches as the app sends them (issue 29 point 1): builds the app on a
 * seeded register (bench/search.ts seedClinics), sends each search alone, and prints every statement
 * it sent with PostgreSQL's EXPLAIN (ANALYZE, BUFFERS). See bench/README.md.
 *
 *   node bench/explain-search.ts postgres://postgres@127.0.0.1:5432/ck_tail_1m 'åe' 'hd & laser' …
 *   node bench/explain-search.ts <url> --zipf 5    # the five slowest of the Zipf mix's searches, alone
 */
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { openDatabase, REGISTER_SESSION_OPTIONS } from '../server/db/client.ts';
import { loadEnv } from '../server/env.ts';
import { type CapturedQuery, recordStatements, zipfSearches } from './search.ts';

const [url, ...asked] = process.argv.slice(2);
if (!url || asked.length === 0) throw new Error('usage: explain-search.ts <database url> <search path or text>…');

const handle = await openDatabase({ url, poolSize: 2 });
// The indexes the searches read, as the app would have them (a register seeded before a migration).
await handle.migrate();
let sent: CapturedQuery[] = [];
recordStatements(handle.registerDb, (query) => sent.push(query));
const app = await buildApp({
  db: handle.db,
  registerDb: handle.registerDb,
  env: loadEnv({ REGISTER_CACHE_SECONDS: '0' }),
  logger: false,
});
const explainer = new pg.Client({ connectionString: url, options: REGISTER_SESSION_OPTIONS });
await explainer.connect();
const searchPath = (search: string) =>
  search.startsWith('/') ? search : `/api/clinics?${new URLSearchParams(search ? { search } : {})}`;

/** Every search of the Zipf mix alone, first pages, slowest first: the tail issue 29 is about. */
async function slowestZipf(count: number): Promise<string[]> {
  const times: [number, string][] = [];
  for (const search of zipfSearches()) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: searchPath(search) });
    times.push([performance.now() - started, search]);
    if (response.statusCode !== 200) console.log(`${search}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  times.sort((a, b) => b[0] - a[0]);
  const sorted = times.map(([ms]) => ms).reverse();
  const at = (share: number) => (sorted[Math.floor(share * (sorted.length - 1))] ?? 0).toFixed(1);
  console.log(`Zipf searches alone: median ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${count}:`);
  for (const [ms, search] of times.slice(0, count)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${search}`);
  return times.slice(0, count).map(([, search]) => search);
}

try {
  const zipf = asked[0] === '--zipf';
  const searches = zipf ? await slowestZipf(Number(asked[1] ?? 5)) : asked;
  for (const search of searches) {
    const path = searchPath(search);
    // Warm: the first run reads the catalog and the pages into memory.
    await app.inject({ method: 'GET', url: path });
    sent = [];
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: path });
    const ms = performance.now() - started;
    const items = response.statusCode === 200 ? (JSON.parse(response.body) as { items: unknown[] }).items.length : 0;
    console.log(
      `\n=== ${decodeURIComponent(path)}: ${response.statusCode}, ${items} items, ${ms.toFixed(1)} ms alone, ${sent.length} statements`,
    );
    for (const [index, { text, values }] of sent.entries()) {
      const { rows } = await explainer.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
      console.log(`--- statement ${index + 1}`);
      if (process.env.EXPLAIN_SQL) console.log(text, JSON.stringify(values));
      for (const row of rows) console.log(row['QUERY PLAN']);
    }
  }
} finally {
  await explainer.end();
  await app.close();
  await handle.close();
}
