import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_HEARTBEAT_MS, StreamEndSchema, StreamMessageSchema } from '../../../../contracts/messages.ts';
import { type DatabaseHandle, openDatabase } from '../../../db/client.ts';
import { messages } from '../../../db/schema/index.ts';
import { type AppProcess, signUpThrough, startAppProcess } from '../../../testing/app-process.ts';
import { type EventStreamClient, openEventStream, type ReceivedEvent } from '../../../testing/sse-client.ts';
import { certifyClinic, testEngines, truncateAllTables } from '../../../testing/test-app.ts';

const postgresUrl = testEngines().find(({ engine }) => engine === 'postgres')?.databaseUrl ?? null;

async function post(origin: string, token: string, url: string, payload: unknown) {
  const response = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { conversationId: string };
}

const isMessage = (content: string) => (event: ReceivedEvent) =>
  event.event === 'message' && StreamMessageSchema.parse(event.data).message.content === content;

/** The password signUpThrough gives every account. */
const PASSWORD = 'ett-bra-lösenord';
const ADMIN_CREATE = path.resolve(import.meta.dirname, '../../../../scripts/admin-create.ts');

async function signIn(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function openStream(origin: string, token: string): Promise<EventStreamClient> {
  const stream = await openEventStream(`${origin}/api/messages/stream`, { authorization: `Bearer ${token}` });
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === 'ready');
  return stream;
}

/**
 * The stream's `end` within 2 s, a small part of the 25 s heartbeat at which it would otherwise end:
 * the stream ended because it was told, not because its own check came round.
 */
async function promptEnd(stream: EventStreamClient): Promise<unknown> {
  const end = await stream.next((event) => event.event === 'end', {
    timeoutMs: Math.min(2_000, STREAM_HEARTBEAT_MS / 10),
  });
  await stream.ended;
  return StreamEndSchema.parse(end.data);
}

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
    const customer = await signUpThrough(processA.origin, 'customer', 'Karin Kund');
    const clinic = await signUpThrough(processB.origin, 'clinic', 'Tvåprocess Klinik');
    await certifyClinic(handle.db, clinic.id);

    const stream = await openEventStream(`${processB.origin}/api/messages/stream`, {
      authorization: `Bearer ${clinic.token}`,
    });
    await stream.next((event) => event.event === 'ready');
    const startedAt = performance.now();
    const { conversationId } = await post(processA.origin, customer.token, '/api/messages', {
      to: { kind: 'user', id: clinic.id },
      content: 'Via process A',
    });
    const arrived = await stream.next(isMessage('Via process A'), { timeoutMs: 1_000 });
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(StreamMessageSchema.parse(arrived.data)).toMatchObject({
      conversationId,
      message: { fromMe: false, senderName: 'Karin Kund' },
      unreadTotal: 1,
    });

    // Process B goes away (a deploy): the browser loses its stream, messages keep coming through A.
    await processB.stop();
    await stream.ended;
    await post(processA.origin, customer.token, `/api/messages/conversations/${conversationId}/messages`, {
      content: 'Medan B var borta',
    });
    processB = await startAppProcess(url);
    const again = await openEventStream(`${processB.origin}/api/messages/stream`, {
      authorization: `Bearer ${clinic.token}`,
      'last-event-id': arrived.id ?? '',
    });
    await again.next(isMessage('Medan B var borta'));
    await post(processA.origin, customer.token, `/api/messages/conversations/${conversationId}/messages`, {
      content: 'Efter omstarten',
    });
    await again.next(isMessage('Efter omstarten'), { timeoutMs: 1_000 });
    expect(
      again.events
        .filter((event) => event.event === 'message')
        .map((event) => StreamMessageSchema.parse(event.data).message.content),
    ).toEqual(['Medan B var borta', 'Efter omstarten']);
    again.close();
    expect(await handle.db.select().from(messages)).toHaveLength(3);
  }, 90_000);

  // Issue 27 point 5: sign-out through one process ends the session's streams on every process.
  it("signing out through process A ends that session's stream on process B at once, not at its heartbeat, and no other stream", async () => {
    const email = `logout-${Date.now()}@test.example`;
    const first = await signUpThrough(processA.origin, 'customer', 'Karin Kund', email);
    const second = await signIn(processA.origin, email);
    const [signedOut, staying] = [
      await openStream(processB.origin, first.token),
      await openStream(processB.origin, second),
    ];

    const logout = await fetch(`${processA.origin}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(logout.status).toBe(204);
    expect(await promptEnd(signedOut)).toEqual({ code: 'session_ended' });

    // The account's other session keeps its stream on B, which still gets what the account writes.
    await post(processA.origin, second, '/api/messages', { to: { kind: 'team' }, content: 'Fortfarande inloggad' });
    await staying.next(isMessage('Fortfarande inloggad'), { timeoutMs: 1_000 });
    expect(staying.events.some((event) => event.event === 'end')).toBe(false);
    staying.close();
  }, 30_000);

  it('npm run admin:create for an existing account ends its streams on the running processes at once', async () => {
    const email = `blivande-admin-${Date.now()}@test.example`;
    const account = await signUpThrough(processA.origin, 'customer', 'Blivande Admin', email);
    const [onA, onB] = [
      await openStream(processA.origin, account.token),
      await openStream(processB.origin, account.token),
    ];

    const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-admin-create-'));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [ADMIN_CREATE, '--email', email, '--password', 'ett-nytt-adminlösenord'],
        {
          env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
        },
      );
      expect(stdout).toContain('signed out everywhere');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    for (const stream of [onA, onB]) expect(await promptEnd(stream)).toEqual({ code: 'session_ended' });
  }, 60_000);
});
