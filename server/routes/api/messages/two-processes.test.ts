import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamMessageSchema } from '../../../../contracts/messages.ts';
import { type DatabaseHandle, openDatabase } from '../../../db/client.ts';
import { messages, profiles } from '../../../db/schema/index.ts';
import { openEventStream, type ReceivedEvent } from '../../../testing/sse-client.ts';
import { testEngines, truncateAllTables } from '../../../testing/test-app.ts';

const postgresUrl = testEngines().find(({ engine }) => engine === 'postgres')?.databaseUrl ?? null;
const SERVER = path.resolve(import.meta.dirname, '../../../server.ts');
const JWT_SECRET = 'two-processes-test-secret-of-at-least-32-characters';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One app process as production runs it (server/server.ts), on the shared PostgreSQL database: one site, one secret, so any process accepts any token. */
interface AppProcess {
  origin: string;
  stop(): Promise<void>;
}

async function startAppProcess(databaseUrl: string): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-two-processes-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET, SITE_URL: 'http://klinik.test', SEED_DEMO: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app process exited: ${stderr}`);
    const health = await fetch(`${origin}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) throw new Error(`The app process did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let accountCounter = 0;
async function signUp(origin: string, role: 'customer' | 'clinic', fullName: string): Promise<{ id: string; token: string }> {
  accountCounter += 1;
  const response = await fetch(`${origin}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `two-${accountCounter}-${Date.now()}@test.example`, password: 'ett-bra-lösenord', data: { full_name: fullName, role } }),
  });
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  expect(response.status).toBe(200);
  return { id: body.user.id, token: body.access_token };
}

async function post(origin: string, token: string, url: string, payload: unknown) {
  const response = await fetch(`${origin}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { conversationId: string };
}

const isMessage = (content: string) => (event: ReceivedEvent) => event.event === 'message' && StreamMessageSchema.parse(event.data).message.content === content;

describe.runIf(postgresUrl)('live messages across two app processes on one PostgreSQL database', () => {
  const url = postgresUrl as string;
  let handle: DatabaseHandle;
  let processA: AppProcess;
  let processB: AppProcess;

  beforeAll(async () => {
    handle = await openDatabase({ url, poolSize: 2 });
    await handle.migrate();
    await truncateAllTables(handle.db);
    [processA, processB] = await Promise.all([startAppProcess(url), startAppProcess(url)]);
  });
  afterAll(async () => {
    await Promise.all([processA?.stop(), processB?.stop()]);
    await handle?.close();
  });

  it('a message sent through process A arrives on a stream of process B in under a second; after B restarts, the stream catches up', async () => {
    const customer = await signUp(processA.origin, 'customer', 'Karin Kund');
    const clinic = await signUp(processB.origin, 'clinic', 'Tvåprocess Klinik');
    await handle.db.update(profiles).set({ isCertified: true, isPublic: true, applicationStatus: 'Godkänd' }).where(eq(profiles.id, clinic.id));

    const stream = await openEventStream(`${processB.origin}/api/messages/stream`, { authorization: `Bearer ${clinic.token}` });
    await stream.next((event) => event.event === 'ready');
    const startedAt = performance.now();
    const { conversationId } = await post(processA.origin, customer.token, '/api/messages', { to: { kind: 'user', id: clinic.id }, content: 'Via process A' });
    const arrived = await stream.next(isMessage('Via process A'), { timeoutMs: 1_000 });
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(StreamMessageSchema.parse(arrived.data)).toMatchObject({ conversationId, message: { fromMe: false, senderName: 'Karin Kund' }, unreadTotal: 1 });

    // Process B goes away (a deploy): the browser loses its stream, messages keep coming through A.
    await processB.stop();
    await stream.ended;
    await post(processA.origin, customer.token, `/api/messages/conversations/${conversationId}/messages`, { content: 'Medan B var borta' });
    processB = await startAppProcess(url);
    const again = await openEventStream(`${processB.origin}/api/messages/stream`, { authorization: `Bearer ${clinic.token}`, 'last-event-id': arrived.id ?? '' });
    await again.next(isMessage('Medan B var borta'));
    await post(processA.origin, customer.token, `/api/messages/conversations/${conversationId}/messages`, { content: 'Efter omstarten' });
    await again.next(isMessage('Efter omstarten'), { timeoutMs: 1_000 });
    expect(again.events.filter((event) => event.event === 'message').map((event) => StreamMessageSchema.parse(event.data).message.content)).toEqual(['Medan B var borta', 'Efter omstarten']);
    again.close();
    expect(await handle.db.select().from(messages)).toHaveLength(3);
  }, 90_000);
});
