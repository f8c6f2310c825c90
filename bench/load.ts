/**
 * Load with nothing lost (issue 12 point 4): two app processes on one PostgreSQL database behind a
 * local round-robin, 200 simulated people for 60 s doing a realistic mix, then a check that every
 * acknowledged write is stored (and every document's file is in the store). See bench/README.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { clinicDocuments, messages, profiles, reports } from '../server/db/schema/index.ts';
import { seedDemoCertificates, seedDemoClinics, seedSiteContent } from '../server/services/demo/seed.ts';
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
  [
    'SIGNIN_LIMIT_PER_IP',
    'SIGNIN_LIMIT_PER_EMAIL',
    'SIGNUP_LIMIT_PER_IP',
    'SIGNUP_LIMIT_PER_EMAIL',
    'MESSAGE_LIMIT_PER_USER',
    'CONTACT_LIMIT_PER_IP',
  ].map((name) => [name, '1000000']),
);
/** A folder for a CPU profile of each app process (written when it stops), to see where the time goes. */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
const SEARCHES = [
  '',
  'göteborg',
  'malmo',
  'Malmö',
  'stockholm',
  'hud',
  'klin',
  'skönhet',
  'laser',
  'estet',
  'stokholm',
  'å',
];

type Kind =
  'browse' | 'search' | 'clinic page' | 'sign in' | 'follow' | 'report' | 'message' | 'upload' | 'list documents';

interface Person {
  role: 'customer' | 'clinic';
  id: string;
  email: string;
  token: string;
}

const latencies = new Map<Kind, number[]>();
const errors = new Map<Kind, string[]>();
const acknowledged = {
  follows: [] as [string, string][],
  reports: [] as string[],
  messages: [] as string[],
  documents: [] as { id: string; size: number }[],
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A local round-robin in front of the app processes, as a TCP load balancer (HAProxy in TCP mode, a
 * cloud network load balancer) would be: each new connection goes to the next process, and its bytes
 * are piped through untouched. Cheaper than an HTTP proxy on the same two cores, so the run measures
 * the app rather than the proxy.
 */
async function startRoundRobin(targets: AppProcess[]): Promise<{ origin: string; close: () => Promise<void> }> {
  let next = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((incoming) => {
    const target = new URL(targets[next++ % targets.length]?.origin ?? '');
    const upstream = connect(Number(target.port), target.hostname);
    track(incoming);
    track(upstream);
    incoming.setNoDelay(true);
    upstream.setNoDelay(true);
    // A failure on either side ends both, so the client sees a closed connection rather than a hang.
    incoming.on('error', () => upstream.destroy());
    upstream.on('error', () => incoming.destroy());
    incoming.pipe(upstream).pipe(incoming);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An answer as the load needs it: read once (cloning a fetch Response would cost the generator CPU). */
interface Answer {
  status: number;
  json: <T>() => T;
}

async function timed(kind: Kind, action: () => Promise<Response>, expected: number): Promise<Answer | undefined> {
  const started = performance.now();
  try {
    const response = await action();
    const body = await response.text();
    (latencies.get(kind) ?? latencies.set(kind, []).get(kind))?.push(performance.now() - started);
    if (response.status !== expected) {
      (errors.get(kind) ?? errors.set(kind, []).get(kind))?.push(`${response.status} ${body.slice(0, 120)}`);
      return undefined;
    }
    return { status: response.status, json: <T>() => JSON.parse(body) as T };
  } catch (error) {
    (errors.get(kind) ?? errors.set(kind, []).get(kind))?.push(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/** CPU seconds (user + system) the processes have used so far; a process that is gone counts 0. */
function cpuSeconds(pids: number[]): number {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone already.
    }
  }
  return ticks / ticksPerSecond;
}

/** The PostgreSQL server's processes on this machine (the benchmark's database server is local). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
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
    for (let index = 0; index < 2; index += 1) {
      const started = await startAppProcess(url.toString(), {
        dataDir,
        env: { ...UNLIMITED, LOG_LEVEL: 'error', NODE_ENV: 'production' },
        nodeArgs: CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`] : [],
      });
      processes.push(started);
    }
    proxy = await startRoundRobin(processes);
    const origin = proxy.origin;

    const register = await queryRows<{ id: string; slug: string }>(
      handle.db,
      sql`SELECT id, slug FROM ${profiles} WHERE role = 'clinic' AND is_certified AND is_public`,
    );
    const people: Person[] = [];
    for (let index = 0; index < PEOPLE; index += 1) {
      const role = index < PEOPLE * CLINIC_SHARE ? 'clinic' : 'customer';
      const email = `last-${index}-${Date.now()}@test.example`;
      const account = await signUpThrough(origin, role, `Last ${role} ${index}`, email);
      people.push({ role, email, ...account });
    }
    console.log(
      `${PEOPLE} people (${people.filter((person) => person.role === 'clinic').length} clinics), ${register.length} register clinics; ${DURATION_S} s through a round-robin over 2 app processes, think time ${THINK_MS.min}–${THINK_MS.max} ms`,
    );

    const send = (person: Person, method: string, url: string, body?: unknown) =>
      fetch(`${origin}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${person.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    async function customerAction(person: Person) {
      const roll = Math.random();
      const clinic = pick(register);
      if (roll < 0.3) await timed('browse', () => fetch(`${origin}/api/clinics`), 200);
      else if (roll < 0.5)
        await timed('search', () => fetch(`${origin}/api/clinics?search=${encodeURIComponent(pick(SEARCHES))}`), 200);
      else if (roll < 0.6) await timed('clinic page', () => fetch(`${origin}/api/clinics/by-slug/${clinic.slug}`), 200);
      // A person signs in once a visit, not every few clicks: one action in fifty.
      else if (roll < 0.62) {
        const answer = await timed(
          'sign in',
          () =>
            fetch(`${origin}/auth/v1/token?grant_type=password`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: person.email, password: 'ett-bra-lösenord' }),
            }),
          200,
        );
        if (answer) person.token = answer.json<{ access_token: string }>().access_token;
      } else if (roll < 0.77) {
        if (await timed('follow', () => send(person, 'PUT', `/api/me/follows/${clinic.id}`), 204))
          acknowledged.follows.push([person.id, clinic.id]);
      } else if (roll < 0.85) {
        const answer = await timed(
          'report',
          () =>
            send(person, 'POST', '/api/me/reports', {
              clinicName: 'Salong Glans',
              content: 'Behandlaren bytte inte handskar.',
            }),
          201,
        );
        if (answer) acknowledged.reports.push(answer.json<{ id: string }>().id);
      } else {
        const answer = await timed(
          'message',
          () =>
            send(person, 'POST', '/api/messages', {
              to: { kind: 'user', id: clinic.id },
              content: 'Har ni tid i veckan?',
            }),
          201,
        );
        if (answer) acknowledged.messages.push(answer.json<{ message: { id: string } }>().message.id);
      }
    }

    async function clinicAction(person: Person) {
      const roll = Math.random();
      if (roll < 0.35) {
        const file = multipartFile('intyg.pdf', sampleFiles.pdf(2_000 + Math.floor(Math.random() * 30_000)));
        const answer = await timed(
          'upload',
          () =>
            fetch(`${origin}/api/clinic/documents`, {
              method: 'POST',
              headers: { authorization: `Bearer ${person.token}`, ...file.headers },
              body: new Uint8Array(file.payload),
            }),
          201,
        );
        if (answer) {
          const document = answer.json<{ id: string; sizeBytes: number }>();
          acknowledged.documents.push({ id: document.id, size: document.sizeBytes });
        }
      } else if (roll < 0.65) await timed('list documents', () => send(person, 'GET', '/api/clinic/documents'), 200);
      else await timed('browse', () => fetch(`${origin}/api/clinics`), 200);
    }

    // The generator's own event-loop delay is part of every latency it measures: printed beside them.
    const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
    generatorDelay.enable();
    const appPids = processes.map((app) => app.pid);
    const cpuBefore = {
      generator: cpuSeconds([process.pid]),
      apps: cpuSeconds(appPids),
      postgres: cpuSeconds(postgresPids()),
    };
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
    generatorDelay.disable();
    const cpuUsed = {
      generator: cpuSeconds([process.pid]) - cpuBefore.generator,
      apps: cpuSeconds(appPids) - cpuBefore.apps,
      postgres: cpuSeconds(postgresPids()) - cpuBefore.postgres,
    };
    const load = loadavg()[0]?.toFixed(2);

    for (const process of processes) await process.stop({ keepData: true });
    processes.length = 0;

    // Every acknowledged write is in the database, and every document's file in the store.
    const lost: string[] = [];
    const followRows = await queryRows<{ pair: string }>(
      handle.db,
      sql`SELECT user_id || ':' || clinic_id AS pair FROM followed_clinics`,
    );
    const follows = new Set(followRows.map((row) => row.pair));
    for (const [userId, clinicId] of acknowledged.follows)
      if (!follows.has(`${userId}:${clinicId}`)) lost.push(`follow ${userId} → ${clinicId}`);
    const found = async <T extends { id: string }>(table: typeof reports | typeof messages, ids: string[]) =>
      new Set(
        ids.length === 0
          ? []
          : ((await handle.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))) as T[]).map(
              (row) => row.id,
            ),
      );
    const storedReports = await found(reports, acknowledged.reports);
    for (const id of acknowledged.reports) if (!storedReports.has(id)) lost.push(`report ${id}`);
    const storedMessages = await found(messages, acknowledged.messages);
    for (const id of acknowledged.messages) if (!storedMessages.has(id)) lost.push(`message ${id}`);
    const documentIds = acknowledged.documents.map((document) => document.id);
    const documentRows =
      documentIds.length === 0
        ? []
        : await handle.db
            .select({ id: clinicDocuments.id, path: clinicDocuments.storagePath })
            .from(clinicDocuments)
            .where(inArray(clinicDocuments.id, documentIds));
    const paths = new Map(documentRows.map((row) => [row.id, row.path]));
    for (const document of acknowledged.documents) {
      const storagePath = paths.get(document.id);
      if (!storagePath) {
        lost.push(`document ${document.id}`);
        continue;
      }
      const size = await stat(path.join(dataDir, 'storage', 'clinic-documents', ...storagePath.split('/'))).then(
        (file) => file.size,
        () => -1,
      );
      if (size !== document.size) lost.push(`file of document ${document.id} (${size} of ${document.size} bytes)`);
    }

    const rows = [...latencies.entries()].sort(([a], [b]) => a.localeCompare(b));
    const all = rows.flatMap(([, values]) => values).sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(
      `\n${cpus().length} cores, load average ${load} at the end; ${all.length} requests in ${seconds.toFixed(1)} s`,
    );
    const perCore = (used: number) => `${((used / seconds) * 100).toFixed(0)} %`;
    console.log(
      `CPU of one core: load generator and round-robin ${perCore(cpuUsed.generator)}, both app processes ${perCore(cpuUsed.apps)}, PostgreSQL ${perCore(cpuUsed.postgres)} (${((cpuUsed.apps * 1000) / all.length).toFixed(2)} ms of app CPU per request)`,
    );
    console.log(
      `the load generator's event-loop delay: p50 ${(generatorDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(generatorDelay.percentile(99) / 1e6).toFixed(1)} ms\n`,
    );
    console.log('| kind | requests | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [kind, values] of rows) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${values.length} | ${(values.length / seconds).toFixed(1)} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} | ${errors.get(kind)?.length ?? 0} |`,
      );
    }
    console.log(
      `| **all** | ${all.length} | ${(all.length / seconds).toFixed(1)} | ${percentile(all, 0.5).toFixed(1)} | ${percentile(all, 0.99).toFixed(1)} | ${errorCount} |`,
    );
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
