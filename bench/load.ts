/**
 * Load with nothing lost (issue 12 point 4): two app processes on one PostgreSQL database behind a
 * local round-robin, 200 simulated people for 60 s doing a realistic mix, then a check that every
 * acknowledged write is stored (and every document's file is in the store). See bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { clinicDocuments, messages, profiles, reports } from '../server/db/schema/index.ts';
import { seedDemoCertificates, seedDemoClinics, seedSiteContent } from '../server/db/seed.ts';
import { type AppProcess, freePort, signUpThrough, startAppProcess } from '../server/testing/app-process.ts';
import { multipartFile, sampleFiles } from '../server/testing/uploads.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_DURATION || 60);
const PEOPLE = Number(process.env.BENCH_USERS || 200);
const CLINIC_SHARE = 0.25;
/** Time between one person's actions: a person reads before clicking again. */
const THINK_MS = { min: 200, max: 1200 };
/** Everyone comes from 127.0.0.1 here; in production they come from many addresses. */
const UNLIMITED = Object.fromEntries(
  ['SIGNIN_LIMIT_PER_IP', 'SIGNIN_LIMIT_PER_EMAIL', 'SIGNUP_LIMIT_PER_IP', 'SIGNUP_LIMIT_PER_EMAIL', 'MESSAGE_LIMIT_PER_USER', 'CONTACT_LIMIT_PER_IP'].map((name) => [name, '1000000']),
);
const SEARCHES = ['', 'göteborg', 'malmo', 'Malmö', 'stockholm', 'hud', 'klin', 'skönhet', 'laser', 'estet', 'stokholm', 'å'];

type Kind = 'browse' | 'search' | 'clinic page' | 'sign in' | 'follow' | 'report' | 'message' | 'upload' | 'list documents';

interface Person {
  role: 'customer' | 'clinic';
  id: string;
  email: string;
  token: string;
}

const latencies = new Map<Kind, number[]>();
const errors = new Map<Kind, string[]>();
const acknowledged = { follows: [] as [string, string][], reports: [] as string[], messages: [] as string[], documents: [] as { id: string; size: number }[] };

const pick = <T,>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local round-robin in front of the app processes, as a load balancer would be. */
async function startRoundRobin(targets: AppProcess[]): Promise<{ origin: string; close: () => Promise<void> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length]?.origin ?? '');
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  // Longer than the clients keep an idle connection, so a client never reuses one the proxy is closing.
  server.keepAliveTimeout = 75_000;
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}

async function timed(kind: Kind, action: () => Promise<Response>, expected: number): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const response = await action();
    const body = await response.clone().arrayBuffer();
    (latencies.get(kind) ?? latencies.set(kind, []).get(kind))?.push(performance.now() - started);
    if (response.status !== expected) {
      (errors.get(kind) ?? errors.set(kind, []).get(kind))?.push(`${response.status} ${Buffer.from(body).toString('utf8').slice(0, 120)}`);
      return undefined;
    }
    return response;
  } catch (error) {
    (errors.get(kind) ?? errors.set(kind, []).get(kind))?.push(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

async function main() {
  const name = `ck_bench_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-bench-load-'));
  const processes: AppProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobin>> | undefined;
  try {
    await handle.migrate();
    await seedSiteContent(handle.db);
    await seedDemoClinics(handle.db);
    await seedDemoCertificates(handle.db);
    // Both processes share the data directory: one file store, as a shared disk or S3 would be.
    for (let index = 0; index < 2; index += 1) processes.push(await startAppProcess(url.toString(), { dataDir, env: { ...UNLIMITED, LOG_LEVEL: 'error' } }));
    proxy = await startRoundRobin(processes);
    const origin = proxy.origin;

    const register = await queryRows<{ id: string; slug: string }>(handle.db, sql`SELECT id, slug FROM ${profiles} WHERE role = 'clinic' AND is_certified AND is_public`);
    const people: Person[] = [];
    for (let index = 0; index < PEOPLE; index += 1) {
      const role = index < PEOPLE * CLINIC_SHARE ? 'clinic' : 'customer';
      const email = `last-${index}-${Date.now()}@test.example`;
      const account = await signUpThrough(origin, role, `Last ${role} ${index}`, email);
      people.push({ role, email, ...account });
    }
    console.log(`${PEOPLE} people (${people.filter((person) => person.role === 'clinic').length} clinics), ${register.length} register clinics; ${DURATION_S} s through a round-robin over 2 app processes, think time ${THINK_MS.min}–${THINK_MS.max} ms`);

    const send = (person: Person, method: string, url: string, body?: unknown) =>
      fetch(`${origin}${url}`, { method, headers: { authorization: `Bearer ${person.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });

    async function customerAction(person: Person) {
      const roll = Math.random();
      const clinic = pick(register);
      if (roll < 0.3) await timed('browse', () => fetch(`${origin}/api/clinics`), 200);
      else if (roll < 0.5) await timed('search', () => fetch(`${origin}/api/clinics?search=${encodeURIComponent(pick(SEARCHES))}`), 200);
      else if (roll < 0.6) await timed('clinic page', () => fetch(`${origin}/api/clinics/by-slug/${clinic.slug}`), 200);
      // A person signs in once a visit, not every few clicks: one action in fifty.
      else if (roll < 0.62) {
        const answer = await timed('sign in', () => fetch(`${origin}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: person.email, password: 'ett-bra-lösenord' }) }), 200);
        if (answer) person.token = ((await answer.json()) as { access_token: string }).access_token;
      } else if (roll < 0.77) {
        if (await timed('follow', () => send(person, 'PUT', `/api/me/follows/${clinic.id}`), 204)) acknowledged.follows.push([person.id, clinic.id]);
      } else if (roll < 0.85) {
        const answer = await timed('report', () => send(person, 'POST', '/api/me/reports', { clinicName: 'Salong Glans', content: 'Behandlaren bytte inte handskar.' }), 201);
        if (answer) acknowledged.reports.push(((await answer.json()) as { id: string }).id);
      } else {
        const answer = await timed('message', () => send(person, 'POST', '/api/messages', { to: { kind: 'user', id: clinic.id }, content: 'Har ni tid i veckan?' }), 201);
        if (answer) acknowledged.messages.push(((await answer.json()) as { message: { id: string } }).message.id);
      }
    }

    async function clinicAction(person: Person) {
      const roll = Math.random();
      if (roll < 0.35) {
        const file = multipartFile('intyg.pdf', sampleFiles.pdf(2_000 + Math.floor(Math.random() * 30_000)));
        const answer = await timed('upload', () => fetch(`${origin}/api/clinic/documents`, { method: 'POST', headers: { authorization: `Bearer ${person.token}`, ...file.headers }, body: new Uint8Array(file.payload) }), 201);
        if (answer) {
          const document = (await answer.json()) as { id: string; sizeBytes: number };
          acknowledged.documents.push({ id: document.id, size: document.sizeBytes });
        }
      } else if (roll < 0.65) await timed('list documents', () => send(person, 'GET', '/api/clinic/documents'), 200);
      else await timed('browse', () => fetch(`${origin}/api/clinics`), 200);
    }

    const startedAt = performance.now();
    const deadline = Date.now() + DURATION_S * 1000;
    await Promise.all(
      people.map(async (person) => {
        await sleep(Math.random() * THINK_MS.max);
        while (Date.now() < deadline) {
          await (person.role === 'clinic' ? clinicAction(person) : customerAction(person));
          await sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
        }
      }),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    const load = loadavg()[0]?.toFixed(2);

    for (const process of processes) await process.stop({ keepData: true });
    processes.length = 0;

    // Every acknowledged write is in the database, and every document's file in the store.
    const lost: string[] = [];
    const followRows = await queryRows<{ pair: string }>(handle.db, sql`SELECT user_id || ':' || clinic_id AS pair FROM followed_clinics`);
    const follows = new Set(followRows.map((row) => row.pair));
    for (const [userId, clinicId] of acknowledged.follows) if (!follows.has(`${userId}:${clinicId}`)) lost.push(`follow ${userId} → ${clinicId}`);
    const found = async <T extends { id: string }>(table: typeof reports | typeof messages, ids: string[]) =>
      new Set(ids.length === 0 ? [] : ((await handle.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))) as T[]).map((row) => row.id));
    const storedReports = await found(reports, acknowledged.reports);
    for (const id of acknowledged.reports) if (!storedReports.has(id)) lost.push(`report ${id}`);
    const storedMessages = await found(messages, acknowledged.messages);
    for (const id of acknowledged.messages) if (!storedMessages.has(id)) lost.push(`message ${id}`);
    const documentIds = acknowledged.documents.map((document) => document.id);
    const documentRows = documentIds.length === 0 ? [] : await handle.db.select({ id: clinicDocuments.id, path: clinicDocuments.storagePath }).from(clinicDocuments).where(inArray(clinicDocuments.id, documentIds));
    const paths = new Map(documentRows.map((row) => [row.id, row.path]));
    for (const document of acknowledged.documents) {
      const storagePath = paths.get(document.id);
      if (!storagePath) {
        lost.push(`document ${document.id}`);
        continue;
      }
      const size = await stat(path.join(dataDir, 'storage', 'clinic-documents', ...storagePath.split('/'))).then((file) => file.size, () => -1);
      if (size !== document.size) lost.push(`file of document ${document.id} (${size} of ${document.size} bytes)`);
    }

    const rows = [...latencies.entries()].sort(([a], [b]) => a.localeCompare(b));
    const all = rows.flatMap(([, values]) => values).sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(`\n${cpus().length} cores, load average ${load} at the end; ${all.length} requests in ${seconds.toFixed(1)} s\n`);
    console.log('| kind | requests | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [kind, values] of rows) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`| ${kind} | ${values.length} | ${(values.length / seconds).toFixed(1)} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} | ${errors.get(kind)?.length ?? 0} |`);
    }
    console.log(`| **all** | ${all.length} | ${(all.length / seconds).toFixed(1)} | ${percentile(all, 0.5).toFixed(1)} | ${percentile(all, 0.99).toFixed(1)} | ${errorCount} |`);
    console.log(
      `\nacknowledged writes: ${acknowledged.follows.length} follows, ${acknowledged.reports.length} reports, ${acknowledged.messages.length} messages, ${acknowledged.documents.length} documents; lost: ${lost.length}`,
    );
    for (const [kind, list] of errors) console.log(`errors of ${kind}: ${[...new Set(list)].slice(0, 3).join(' | ')}`);
    for (const item of lost.slice(0, 10)) console.log(`LOST ${item}`);
    process.exitCode = errorCount + lost.length > 0 ? 1 : 0;
  } finally {
    await proxy?.close();
    for (const process of processes) await process.stop({ keepData: true }).catch(() => undefined);
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
