import { randomUUID } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { testEngines } from '../../testing/test-app.ts';
import { createInProcessMessageBus } from './in-process-message-bus.ts';
import { createMessageBus } from './create-message-bus.ts';
import type { MessageBus, MessageBusLog, MessageEvent, SessionsEndedEvent } from './message-bus.ts';
import { InvalidMessageEventError } from './message-event.ts';
import { createPostgresMessageBus, notifySessionsEnded } from './postgres-message-bus.ts';

interface LogLine {
  level: 'info' | 'warn' | 'error';
  details: unknown;
  message?: string;
}

function recordingLog(): { log: MessageBusLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const record = (level: LogLine['level']) => (details: unknown, message?: string) => {
    lines.push({ level, details, message });
  };
  return { log: { info: record('info'), warn: record('warn'), error: record('error') }, lines };
}

function collect(bus: MessageBus): { received: MessageEvent[]; unsubscribe: () => void } {
  const received: MessageEvent[] = [];
  const unsubscribe = bus.subscribe((event) => received.push(event));
  return { received, unsubscribe };
}

function collectSessionsEnded(bus: MessageBus): { received: SessionsEndedEvent[]; unsubscribe: () => void } {
  const received: SessionsEndedEvent[] = [];
  const unsubscribe = bus.subscribeSessionsEnded((event) => received.push(event));
  return { received, unsubscribe };
}

const newEvent = (): MessageEvent => ({ conversationId: randomUUID(), messageId: randomUUID() });

/** Lets every pending setImmediate run: what the in-process bus would deliver has been delivered. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A TCP proxy in front of the PostgreSQL server, to cut or stall the bus's connection. */
interface TestProxy {
  /** `target` with the proxy's host and port. */
  url: string;
  /** Stops passing bytes on the open connections without closing them, as a dead network path does; new ones pass. */
  stallOpenConnections(): void;
  /** While on, drops every connection, open or new. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

async function startProxy(target: URL): Promise<TestProxy> {
  const pairs = new Set<{ client: net.Socket; server: net.Socket; stalled: boolean }>();
  let refusing = false;
  const proxy = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server, stalled: false };
    pairs.add(pair);
    client.on('data', (chunk) => pair.stalled || server.write(chunk));
    server.on('data', (chunk) => pair.stalled || client.write(chunk));
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('close', drop).on('error', drop);
    server.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((proxy.address() as net.AddressInfo).port);
  const dropAll = () => {
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
  };
  return {
    url: proxied.toString(),
    stallOpenConnections() {
      for (const pair of pairs) pair.stalled = true;
    },
    refuse(on) {
      refusing = on;
      if (on) dropAll();
    },
    async close() {
      dropAll();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

describe('in-process message bus (PGlite)', () => {
  it('delivers a published event to its subscribers, after publish returns', async () => {
    const bus = createInProcessMessageBus(recordingLog());
    const { received } = collect(bus);
    const event = newEvent();

    await bus.publish(undefined, event);
    expect(received).toEqual([]);
    await nextTurn();
    expect(received).toEqual([event]);
    await bus.close();
  });

  it('stops delivering to a listener that unsubscribed', async () => {
    const bus = createInProcessMessageBus(recordingLog());
    const leaving = collect(bus);
    const staying = collect(bus);
    leaving.unsubscribe();

    const event = newEvent();
    await bus.publish(undefined, event);
    await nextTurn();
    expect(staying.received).toEqual([event]);
    expect(leaving.received).toEqual([]);
    await bus.close();
  });

  it('delivers a sessions-ended event to its own subscribers only, after publish returns', async () => {
    const bus = createInProcessMessageBus(recordingLog());
    const messages = collect(bus);
    const sessions = collectSessionsEnded(bus);
    const event = { userId: randomUUID() };

    await bus.publishSessionsEnded(undefined, event);
    expect(sessions.received).toEqual([]);
    await nextTurn();
    expect(sessions.received).toEqual([event]);
    expect(messages.received).toEqual([]);
    await expect(bus.publishSessionsEnded(undefined, { userId: 'abc' })).rejects.toBeInstanceOf(
      InvalidMessageEventError,
    );
    await bus.close();
  });

  it('keeps delivering to the others when a listener throws, and logs the error', async () => {
    const { log, lines } = recordingLog();
    const bus = createInProcessMessageBus({ log });
    bus.subscribe(() => {
      throw new Error('listener bug');
    });
    const { received } = collect(bus);

    const event = newEvent();
    await bus.publish(undefined, event);
    await nextTurn();
    expect(received).toEqual([event]);
    expect(lines.map((line) => line.level)).toEqual(['error']);
    await bus.close();
  });

  it('rejects an event whose ids are not uuids, and delivers nothing after close', async () => {
    const bus = createInProcessMessageBus(recordingLog());
    const { received } = collect(bus);
    await expect(bus.publish(undefined, { conversationId: 'abc', messageId: randomUUID() })).rejects.toBeInstanceOf(
      InvalidMessageEventError,
    );

    await bus.publish(undefined, newEvent());
    await bus.close();
    await nextTurn();
    expect(received).toEqual([]);
  });

  it('is what createMessageBus makes for a PGlite database, without a URL', async () => {
    const handle = await openDatabase({});
    try {
      const bus = await createMessageBus(handle, recordingLog());
      const { received } = collect(bus);
      const event = newEvent();
      await handle.db.transaction(async (tx) => {
        await bus.publish(tx, event);
      });
      await vi.waitFor(() => expect(received).toEqual([event]));
      await bus.close();
    } finally {
      await handle.close();
    }
  });
});

const postgresUrl = testEngines().find(({ engine }) => engine === 'postgres')?.databaseUrl ?? null;

describe.runIf(postgresUrl)('PostgreSQL message bus (LISTEN/NOTIFY)', () => {
  const url = postgresUrl as string;
  const fast = { heartbeatMs: 100, backoffMs: [50, 100] };
  let handle: DatabaseHandle;
  /** Outside the pool, so that it stays open while the database refuses new connections. */
  let admin: pg.Client;
  let busA: MessageBus;
  let busB: MessageBus;
  let logB: ReturnType<typeof recordingLog>;

  /** The backend pids of the bus connections that have `applicationName`, in this test database. */
  async function listeningPids(applicationName: string): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [applicationName],
    );
    return rows.map((row) => row.pid);
  }

  async function terminate(applicationName: string): Promise<number> {
    const pids = await listeningPids(applicationName);
    expect(pids).toHaveLength(1);
    await admin.query('SELECT pg_terminate_backend($1)', [pids[0]]);
    return pids[0] as number;
  }

  function nextResync(bus: MessageBus): Promise<void> {
    return new Promise((resolve) => {
      const off = bus.onResync(() => {
        off();
        resolve();
      });
    });
  }

  async function publishCommitted(bus: MessageBus, event: MessageEvent): Promise<void> {
    await handle.db.transaction(async (tx) => {
      await bus.publish(tx, event);
    });
  }

  beforeAll(async () => {
    handle = await openDatabase({ url, poolSize: 2 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    logB = recordingLog();
    busA = await createPostgresMessageBus({
      url,
      log: recordingLog().log,
      applicationName: 'ck-message-bus-a',
      ...fast,
    });
    busB = await createPostgresMessageBus({ url, log: logB.log, applicationName: 'ck-message-bus-b', ...fast });
  });
  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await admin?.end();
    await handle?.close();
  });

  it('delivers an event published in a transaction to every process, on commit and within 1 s', async () => {
    const b = collect(busB);
    const a = collect(busA);
    const event = newEvent();

    await handle.db.transaction(async (tx) => {
      await busA.publish(tx, event);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(b.received).toEqual([]);
    });
    await vi.waitFor(() => expect(b.received).toEqual([event]), { timeout: 1_000, interval: 5 });
    await vi.waitFor(() => expect(a.received).toEqual([event]), { timeout: 1_000 });
    b.unsubscribe();
    a.unsubscribe();
  });

  it('never delivers an event of a transaction that rolled back', async () => {
    const b = collect(busB);
    const rolledBack = newEvent();
    const committed = newEvent();

    await expect(
      handle.db.transaction(async (tx) => {
        await busA.publish(tx, rolledBack);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await publishCommitted(busA, committed);

    // Notices arrive in commit order: once the later one is here, the rolled-back one never will be.
    await vi.waitFor(() => expect(b.received).toEqual([committed]), { timeout: 1_000 });
    b.unsubscribe();
  });

  it('ignores notices on the channel that are not message events', async () => {
    const b = collect(busB);
    const garbage = [
      '',
      'not json',
      'null',
      '[]',
      '{"c":1,"m":2}',
      JSON.stringify({ c: 'abc', m: randomUUID() }),
      'x'.repeat(7_000),
    ];
    for (const payload of garbage) await admin.query("SELECT pg_notify('ck_messages', $1)", [payload]);
    const event = newEvent();
    await publishCommitted(busA, event);

    await vi.waitFor(() => expect(b.received).toEqual([event]), { timeout: 1_000 });
    b.unsubscribe();
  });

  it('carries a sessions-ended event to the sessions listeners of every process, from a bus or from pg_notify alone (npm run admin:create)', async () => {
    const a = collectSessionsEnded(busA);
    const b = collectSessionsEnded(busB);
    const bMessages = collect(busB);
    const fromBus = { userId: randomUUID() };
    const fromScript = { userId: randomUUID() };

    await busA.publishSessionsEnded(undefined, fromBus);
    await vi.waitFor(() => expect(b.received).toEqual([fromBus]), { timeout: 1_000 });
    await vi.waitFor(() => expect(a.received).toEqual([fromBus]), { timeout: 1_000 });
    await admin.query("SELECT pg_notify('ck_messages', $1)", [JSON.stringify({ u: 'abc' })]);
    await notifySessionsEnded(handle.db, fromScript);
    await vi.waitFor(() => expect(b.received).toEqual([fromBus, fromScript]), { timeout: 1_000 });
    expect(bMessages.received).toEqual([]);
    for (const subscription of [a, b, bMessages]) subscription.unsubscribe();
  });

  it('publishes at once on its own connection when there is no writing transaction', async () => {
    const b = collect(busB);
    const event = newEvent();
    await busA.publish(undefined, event);
    await vi.waitFor(() => expect(b.received).toEqual([event]), { timeout: 1_000 });
    b.unsubscribe();
  });

  it('heartbeats its listening connection', async () => {
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ query: string }>(
          "SELECT query FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ck-message-bus-b'",
        );
        expect(rows).toEqual([{ query: 'SELECT 1' }]);
      },
      { timeout: 2_000, interval: 20 },
    );
  });

  it('reconnects after its connection is killed, LISTENs again, resyncs and receives the next event', async () => {
    const resynced = nextResync(busB);
    const killed = await terminate('ck-message-bus-b');
    await resynced;

    const pids = await listeningPids('ck-message-bus-b');
    expect(pids).toHaveLength(1);
    expect(pids).not.toContain(killed);
    const b = collect(busB);
    const event = newEvent();
    await publishCommitted(busA, event);
    await vi.waitFor(() => expect(b.received).toEqual([event]), { timeout: 1_000 });
    b.unsubscribe();
  });

  describe('behind a TCP proxy that can fail the way networks do', () => {
    let proxy: TestProxy;
    let busP: MessageBus;
    const logP = recordingLog();

    beforeAll(async () => {
      proxy = await startProxy(new URL(url));
      busP = await createPostgresMessageBus({
        url: proxy.url,
        log: logP.log,
        applicationName: 'ck-message-bus-p',
        ...fast,
      });
    });
    afterAll(async () => {
      await busP?.close();
      await proxy?.close();
    });

    async function expectToReceiveNext(): Promise<void> {
      const p = collect(busP);
      const event = newEvent();
      await publishCommitted(busA, event);
      await vi.waitFor(() => expect(p.received).toEqual([event]), { timeout: 1_000 });
      p.unsubscribe();
    }

    it('finds a connection that went silent by its heartbeat, and reconnects', async () => {
      await expectToReceiveNext();
      const resynced = nextResync(busP);
      proxy.stallOpenConnections();
      await resynced;

      expect(logP.lines.map((line) => line.details)).toContainEqual({ err: { message: 'heartbeat timed out' } });
      await expectToReceiveNext();
    });

    it('keeps trying with backoff while the database cannot be reached', async () => {
      const failedAttempts = () =>
        logP.lines.filter((line) => line.message === 'message bus could not reconnect').length;
      const before = failedAttempts();
      const resynced = nextResync(busP);
      proxy.refuse(true);
      try {
        await vi.waitFor(() => expect(failedAttempts()).toBeGreaterThanOrEqual(before + 2), { timeout: 5_000 });
      } finally {
        proxy.refuse(false);
      }
      await resynced;

      await expectToReceiveNext();
      expect(JSON.stringify(logP.lines)).not.toContain(proxy.url);
    });
  });

  it('logs its reconnects at warn, without the connection string', () => {
    const messages = logB.lines.filter((line) => line.level === 'warn').map((line) => line.message);
    expect(messages).toContain('message bus lost its connection, reconnecting');
    expect(messages).toContain('message bus reconnected, listeners resync');
    const logged = JSON.stringify(logB.lines);
    expect(logged).not.toContain(url);
    const password = new URL(url).password;
    if (password) expect(logged).not.toContain(password);
  });

  it('is what createMessageBus makes for a PostgreSQL database, on its URL, and closes its connection', async () => {
    await expect(createMessageBus({ ...handle, url: undefined }, recordingLog())).rejects.toThrow('database URL');

    const bus = await createMessageBus(handle, { ...recordingLog(), applicationName: 'ck-message-bus-c' });
    const { received } = collect(bus);
    const event = newEvent();
    await publishCommitted(busA, event);
    await vi.waitFor(() => expect(received).toEqual([event]), { timeout: 1_000 });

    await bus.close();
    await vi.waitFor(async () => expect(await listeningPids('ck-message-bus-c')).toEqual([]), { timeout: 2_000 });
  });
});
