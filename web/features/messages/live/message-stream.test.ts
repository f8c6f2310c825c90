// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGE_STREAM_PATH,
  STREAM_HEARTBEAT_MS,
  STREAM_TIMEOUT_MS,
  type StreamMessage,
} from '../../../../contracts/messages.ts';
import {
  type MessageStreamOptions,
  reconnectDelay,
  runMessageStream,
  STREAM_IDLE_LIMIT_MS,
  type StreamStop,
} from './message-stream.ts';

const CONVERSATION_ID = '0b6c3c1e-2f4d-4e5a-9b8c-7d6e5f4a3b2c';

function streamMessage(id: string, content = 'Hej!'): StreamMessage {
  return {
    conversationId: CONVERSATION_ID,
    message: {
      id,
      conversationId: CONVERSATION_ID,
      fromMe: false,
      senderName: 'Anna Kund',
      content,
      createdAt: '2026-11-24T10:00:00.000Z',
      readAt: null,
    },
    unreadTotal: 3,
  };
}

const MESSAGE_IDS = ['1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a', '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b'];

/** One request the stream made: what it sent, and the server's end of its body. */
interface Connection {
  headers: Record<string, string>;
  signal: AbortSignal;
  send: (text: string) => void;
  close: () => void;
  cancelled: boolean;
}

/**
 * A fetch answering each call by `answer(callIndex)`: a status (an empty answer), 'hang' (never
 * answers), or 'stream' (200 with a body the test writes into through `connections`).
 */
function fakeServer(answer: (call: number) => number | 'hang' | 'stream' = () => 'stream') {
  const connections: Connection[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    expect(String(url)).toBe(MESSAGE_STREAM_PATH);
    const call = fetch.mock.calls.length - 1;
    const plan = answer(call);
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const connection: Connection = {
      headers: { ...(init?.headers as Record<string, string>) },
      signal: init?.signal as AbortSignal,
      send: (text) => controller.enqueue(encoder.encode(text)),
      close: () => controller.close(),
      cancelled: false,
    };
    connections.push(connection);
    if (plan === 'hang') return new Promise<Response>(() => undefined);
    if (typeof plan === 'number') return new Response(null, { status: plan });
    const body = new ReadableStream<Uint8Array>({
      start: (streamController) => {
        controller = streamController;
      },
      cancel: () => {
        connection.cancelled = true;
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch, connections };
}

function start(
  server: ReturnType<typeof fakeServer>,
  tokens: string[] = ['token-1', 'token-2', 'token-3', 'token-4', 'token-5', 'token-6'],
  more: Partial<MessageStreamOptions> = {},
) {
  const controller = new AbortController();
  const onReady = vi.fn();
  const onMessage = vi.fn();
  const onStatus = vi.fn();
  let next = 0;
  const getAccessToken = vi.fn(async () => tokens[Math.min(next++, tokens.length - 1)] ?? 'token');
  let stop: StreamStop | undefined;
  void runMessageStream({
    getAccessToken,
    signal: controller.signal,
    onReady,
    onMessage,
    onStatus,
    fetch: server.fetch,
    ...more,
  }).then((reason) => {
    stop = reason;
  });
  return { controller, onReady, onMessage, onStatus, getAccessToken, stopped: () => stop };
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const ready = (unreadTotal = 2) => `event: ready\ndata: ${JSON.stringify({ unreadTotal })}\n\n`;
const message = (id: string, content?: string) =>
  `event: message\nid: cursor-${id}\ndata: ${JSON.stringify(streamMessage(id, content))}\n\n`;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('waits 1, 2, 5 and 10 seconds, then 10 seconds every time (SPEC section 9)', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000]);
  });
});

describe('runMessageStream', () => {
  it('connects with a bearer token, reports ready and messages, and ignores pings and junk', async () => {
    const server = fakeServer();
    const stream = start(server);
    await tick();
    const [connection] = server.connections;
    expect(connection?.headers).toEqual({ accept: 'text/event-stream', authorization: 'Bearer token-1' });

    connection?.send(ready(2));
    // An event split across chunks, a ping, a comment and an unreadable message.
    const [first, second] = [message(MESSAGE_IDS[0] ?? '').slice(0, 30), message(MESSAGE_IDS[0] ?? '').slice(30)];
    connection?.send(first);
    connection?.send(second);
    connection?.send('event: ping\n\n: keep-alive\n\nevent: message\nid: junk\ndata: {"nope":true}\n\n');
    await tick();

    expect(stream.onReady).toHaveBeenCalledExactlyOnceWith({ unreadTotal: 2 }, { reconnected: false, resumed: false });
    expect(stream.onMessage).toHaveBeenCalledExactlyOnceWith(streamMessage(MESSAGE_IDS[0] ?? ''));
    expect(stream.onStatus).toHaveBeenLastCalledWith('open');
    stream.controller.abort();
    await tick();
    expect(stream.stopped()).toBe('aborted');
  });

  it('reconnects after a dropped connection with a fresh token and the last message id as Last-Event-ID', async () => {
    const server = fakeServer();
    const stream = start(server);
    await tick();
    server.connections[0]?.send(ready() + message(MESSAGE_IDS[0] ?? '') + message(MESSAGE_IDS[1] ?? ''));
    await tick();
    server.connections[0]?.close();
    await tick(999);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(stream.onStatus).toHaveBeenLastCalledWith('waiting');

    await tick(1);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.connections[1]?.headers).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer token-2',
      'last-event-id': `cursor-${MESSAGE_IDS[1]}`,
    });

    server.connections[1]?.send(ready(5));
    await tick();
    expect(stream.onReady).toHaveBeenLastCalledWith({ unreadTotal: 5 }, { reconnected: true, resumed: true });
    stream.controller.abort();
    await tick();
  });

  it('backs off 1, 2, 5, 10, 10 s while the server fails, and starts again at 1 s after a ready', async () => {
    let failing = true;
    const server = fakeServer(() => (failing ? 503 : 'stream'));
    const stream = start(server);
    await tick();
    const waits: number[] = [];
    for (let call = 1; call <= 5; call += 1) {
      let waited = 0;
      while (server.fetch.mock.calls.length === call) {
        await tick(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 10_000]);

    failing = false;
    await tick(10_000);
    expect(server.fetch).toHaveBeenCalledTimes(7);
    server.connections[6]?.send(ready());
    await tick();
    server.connections[6]?.close();
    await tick(999);
    expect(server.fetch).toHaveBeenCalledTimes(7);
    await tick(1);
    expect(server.fetch).toHaveBeenCalledTimes(8);
    stream.controller.abort();
    await tick();
  });

  it('gives up on a connection that does not open within STREAM_TIMEOUT_MS', async () => {
    const server = fakeServer((call) => (call === 0 ? 'hang' : 'stream'));
    start(server);
    await tick(STREAM_TIMEOUT_MS - 1);
    expect(server.connections[0]?.signal.aborted).toBe(false);
    await tick(1);
    expect(server.connections[0]?.signal.aborted).toBe(true);
    await tick(1000);
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up on an opened body that stays silent, until `ready`, for STREAM_TIMEOUT_MS', async () => {
    const server = fakeServer();
    start(server);
    await tick(STREAM_TIMEOUT_MS);
    expect(server.connections[0]?.cancelled).toBe(true);
  });

  it('keeps a connection with pings, and drops it after a missed heartbeat and STREAM_TIMEOUT_MS of silence', async () => {
    const server = fakeServer();
    const stream = start(server);
    await tick();
    const [connection] = server.connections;
    connection?.send(ready());
    await tick(STREAM_HEARTBEAT_MS);
    connection?.send('event: ping\ndata:\n\n');
    await tick(STREAM_HEARTBEAT_MS);
    connection?.send(':\n\n');
    await tick(STREAM_IDLE_LIMIT_MS - 1);
    expect(connection?.signal.aborted).toBe(false);
    await tick(1);
    expect(connection?.signal.aborted).toBe(true);
    expect(connection?.cancelled).toBe(true);
    await tick(1000);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    stream.controller.abort();
    await tick();
  });

  it('stops for good on `end`', async () => {
    const server = fakeServer();
    const stream = start(server);
    await tick();
    server.connections[0]?.send(ready() + 'event: end\ndata: {"code":"session_ended"}\n\n');
    await tick(60_000);
    expect(stream.stopped()).toBe('ended');
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(stream.onStatus).toHaveBeenLastCalledWith('stopped');
  });

  it('stops on `end` for a newer stream of the account (too_many_streams) and never reconnects on its own', async () => {
    const server = fakeServer();
    const stream = start(server);
    await tick();
    server.connections[0]?.send(ready() + 'event: end\ndata: {"code":"too_many_streams"}\n\n');
    await tick(600_000);
    expect(stream.stopped()).toBe('displaced');
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('after too_many_streams, opens again only when resumeWhen says so, with the last message id', async () => {
    const server = fakeServer();
    let resume!: () => void;
    const resumeWhen = vi.fn((_signal: AbortSignal) => new Promise<void>((resolve) => (resume = resolve)));
    const stream = start(server, undefined, { resumeWhen });
    await tick();
    server.connections[0]?.send(
      ready() + message(MESSAGE_IDS[0] ?? '') + 'event: end\ndata: {"code":"too_many_streams"}\n\n',
    );
    await tick(600_000);
    expect(resumeWhen).toHaveBeenCalledOnce();
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(stream.stopped()).toBeUndefined();
    expect(stream.onStatus).toHaveBeenLastCalledWith('waiting');

    resume();
    await tick();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.connections[1]?.headers['last-event-id']).toBe(`cursor-${MESSAGE_IDS[0] ?? ''}`);
    server.connections[1]?.send(ready());
    await tick();
    expect(stream.onReady).toHaveBeenLastCalledWith({ unreadTotal: 2 }, { reconnected: true, resumed: true });

    // Signed out is still the end, resumeWhen or not.
    server.connections[1]?.send('event: end\ndata: {"code":"session_ended"}\n\n');
    await tick(600_000);
    expect(stream.stopped()).toBe('ended');
    expect(resumeWhen).toHaveBeenCalledOnce();
  });

  it('tries a 401 once more at once with a fresh token, then stops', async () => {
    const server = fakeServer(() => 401);
    const stream = start(server);
    await tick();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.connections.map((connection) => connection.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(stream.stopped()).toBe('refused');
    await tick(60_000);
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  it('goes on after a 401 when the fresh token is taken', async () => {
    const server = fakeServer((call) => (call === 0 ? 401 : 'stream'));
    const stream = start(server);
    await tick();
    server.connections[1]?.send(ready());
    await tick();
    expect(stream.onReady).toHaveBeenCalledOnce();
    expect(stream.stopped()).toBeUndefined();
    stream.controller.abort();
    await tick();
  });

  it('stops at once on a 403', async () => {
    const server = fakeServer(() => 403);
    const stream = start(server);
    await tick(60_000);
    expect(server.fetch).toHaveBeenCalledOnce();
    expect(stream.stopped()).toBe('refused');
  });

  it('closes the connection when aborted, also while waiting to reconnect', async () => {
    const server = fakeServer();
    const stream = start(server);
    await tick();
    server.connections[0]?.send(ready());
    await tick();
    stream.controller.abort();
    await tick();
    expect(server.connections[0]?.signal.aborted).toBe(true);
    expect(stream.stopped()).toBe('aborted');

    const waiting = start(fakeServer(() => 500));
    await tick(500);
    waiting.controller.abort();
    await tick(60_000);
    expect(waiting.stopped()).toBe('aborted');
  });

  it('waits and tries again when no token can be had', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const getAccessToken = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('token-2');
    void runMessageStream({ getAccessToken, signal: controller.signal, fetch: server.fetch });
    await tick();
    expect(server.fetch).not.toHaveBeenCalled();
    await tick(1000);
    expect(server.connections[0]?.headers.authorization).toBe('Bearer token-2');
    controller.abort();
    await tick();
  });
});
