import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamMessageSchema } from '../../../../contracts/messages.ts';
import { type DatabaseHandle, openDatabase } from '../../../db/client.ts';
import { messages, profiles } from '../../../db/schema/index.ts';
import { type AppProcess, signUpThrough, startAppProcess } from '../../../testing/app-process.ts';
import { openEventStream, type ReceivedEvent } from '../../../testing/sse-client.ts';
import { testEngines, truncateAllTables } from '../../../testing/test-app.ts';

const postgresUrl = testEngines().find(({ engine }) => engine === 'postgres')?.databaseUrl ?? null;

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
    const customer = await signUpThrough(processA.origin, 'customer', 'Karin Kund');
    const clinic = await signUpThrough(processB.origin, 'clinic', 'Tvåprocess Klinik');
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
