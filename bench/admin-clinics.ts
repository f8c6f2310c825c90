/**
 * Load test of the admin's clinics table (GET /api/admin/clinics: search, sort, pages) on PostgreSQL
 * with 10,000 clinics, the size issue #8 names. See bench/README.md.
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { loadEnv } from '../server/env.ts';
import { seedClinics } from './search.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLINICS = Number(process.env.BENCH_ADMIN_CLINICS || 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION || 15);
const CONNECTIONS = 10;
const ADMIN_EMAIL = 'bench-admin@bench.example';

/** What an admin does with the table: browse, page, sort, and search by name, city, organisation number or email. */
const QUERIES = [
  '',
  'page=2',
  'page=40',
  'sort=created&order=desc',
  'sort=status',
  'search=stockholm',
  'search=hud',
  'search=lindqvist',
  'search=goteborg&sort=created&order=desc',
  'search=klinik42',
  'search=5566',
  'search=ingen-sadan-klinik',
];

const databaseName = `ck_bench_admin_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${databaseName}`;

try {
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  await seedClinics(handle.db, CLINICS);
  const app = await buildApp({
    db: handle.db,
    env: loadEnv({ ADMIN_EMAIL, DATA_DIR: '/tmp/ck-bench-admin' }),
    logger: false,
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const signUp = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: 'bench-admin-password', data: { full_name: 'Bench Admin' } }),
  });
  const { access_token: token } = (await signUp.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };

  console.log(
    `${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; ${CLINICS} clinics on PostgreSQL\n`,
  );
  console.log('One request at a time (median of 7):');
  for (const query of QUERIES) {
    const times: number[] = [];
    let total = 0;
    for (let round = 0; round < 7; round++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/admin/clinics?${query}`, { headers });
      const body = (await response.json()) as { total: number };
      if (!response.ok) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
      times.push(performance.now() - started);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${(query || '(first page)').padEnd(42)} ${times[3]?.toFixed(1).padStart(6)} ms  (${total} matching)`,
    );
  }

  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: QUERIES.map((query) => ({ method: 'GET', path: `/api/admin/clinics?${query}`, headers })),
  });
  console.log(`\nMix under load: ${CONNECTIONS} connections, ${DURATION_S} s`);
  console.log(`| requests | req/s | p50 | p99 | non-2xx | errors |`);
  console.log(`|---:|---:|---:|---:|---:|---:|`);
  console.log(
    `| ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} | ${result.errors} |`,
  );
  await app.close();
  await handle.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}
