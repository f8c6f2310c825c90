import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { z } from 'zod';
import {
  MESSAGE_STREAM_PATH,
  STREAM_HEARTBEAT_MS,
  STREAM_RECONNECT_DELAYS_MS,
  STREAM_TIMEOUT_MS,
  StreamEndSchema,
  type StreamMessage,
  StreamMessageSchema,
  type Unread,
  UnreadSchema,
} from '../../../../contracts/messages.ts';

// The browser's end of GET /api/messages/stream (protocol: the end of contracts/messages.ts). Read
// with fetch, not EventSource, which cannot send the Authorization header (docs/decisions/014).
// Nothing here touches React: the provider runs it, the tests drive it with a fake fetch and timers.

export type StreamStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

/**
 * Why the stream stopped for good: unmounted, signed out on the server (`end`), refused (401 twice,
 * 403), or replaced by a newer stream of the account (`end` with `too_many_streams`) with no
 * `resumeWhen` to wait for.
 */
export type StreamStop = 'aborted' | 'ended' | 'refused' | 'displaced';

export interface MessageStreamOptions {
  /** A valid access token, asked again before every connection. */
  getAccessToken: () => Promise<string>;
  /** Aborting it closes the connection and ends the loop. */
  signal: AbortSignal;
  /** `ready`: the stream is open. `reconnected` after a drop; `resumed` when it sent a Last-Event-ID (the server replays what was missed). */
  onReady?: (ready: Unread, connection: { reconnected: boolean; resumed: boolean }) => void;
  onMessage?: (message: StreamMessage) => void;
  onStatus?: (status: StreamStatus) => void;
  /**
   * After the server ended this stream for a newer one of the account (too many tabs open): resolves
   * when it may open again, e.g. when the tab is looked at again. Never on a timer: the tabs would
   * end each other's streams in a loop. Without it the stream stops with 'displaced'.
   */
  resumeWhen?: (signal: AbortSignal) => Promise<void>;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
}

/** The wait before reconnect number `attempt` (0 for the first): 1, 2, 5, 10 s, then 10 s (SPEC section 9). */
export function reconnectDelay(attempt: number): number {
  return STREAM_RECONNECT_DELAYS_MS[Math.min(Math.max(attempt, 0), STREAM_RECONNECT_DELAYS_MS.length - 1)] ?? 0;
}

/** Silence after `ready` that means a dead connection: a missed heartbeat and the grace period. */
export const STREAM_IDLE_LIMIT_MS = STREAM_HEARTBEAT_MS + STREAM_TIMEOUT_MS;

type Outcome = 'dropped' | 'ended' | 'displaced' | 'unauthorized' | 'forbidden' | 'aborted';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

function parsed<T>(schema: z.ZodType<T>, data: string): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(data));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the stream open until `signal` aborts, the server says `end` (for `too_many_streams`: until
 * `resumeWhen` resolves, then it opens again), or it refuses the reader.
 * Opening may take STREAM_TIMEOUT_MS; once open, nothing at all (not even a ping) for
 * STREAM_IDLE_LIMIT_MS means the connection is dead. A lost connection is opened again after
 * `reconnectDelay` (counted from the last `ready`), with a fresh token and the last message's id as
 * Last-Event-ID. A 401 is tried once more at once with a fresh token, then it stops like a 403.
 */
export async function runMessageStream(options: MessageStreamOptions): Promise<StreamStop> {
  const { signal, onStatus } = options;
  let lastEventId: string | null = null;
  let attempt = 0;
  let retriedUnauthorized = false;
  let readyCount = 0;

  async function connect(): Promise<Outcome> {
    let token: string;
    try {
      token = await options.getAccessToken();
    } catch {
      // No token now (the refresh failed, perhaps offline): like a lost connection, tried again later.
      return signal.aborted ? 'aborted' : 'dropped';
    }
    if (signal.aborted) return 'aborted';

    const connection = new AbortController();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    const close = () => {
      connection.abort();
      // A fetch that ignores its signal still ends its pending read.
      void reader?.cancel().catch(() => undefined);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expectWithin = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(close, ms);
    };
    signal.addEventListener('abort', close, { once: true });
    expectWithin(STREAM_TIMEOUT_MS);

    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
      const resumed = lastEventId !== null;
      if (lastEventId !== null) headers['last-event-id'] = lastEventId;
      const fetchStream = options.fetch ?? globalThis.fetch;
      const closed = new Promise<never>((_resolve, reject) =>
        connection.signal.addEventListener('abort', () => reject(new Error('closed')), { once: true }),
      );
      closed.catch(() => undefined);
      const response = await Promise.race([
        fetchStream(MESSAGE_STREAM_PATH, { headers, signal: connection.signal, cache: 'no-store' }),
        closed,
      ]);
      if (response.status === 401) return 'unauthorized';
      if (response.status === 403) return 'forbidden';
      if (!response.ok || !response.body) return 'dropped';

      reader = response.body.getReader();
      const decoder = new TextDecoder();
      let open = false;
      let outcome: Outcome | null = null;
      const onEvent = ({ event, data, id }: EventSourceMessage) => {
        if (event === 'ready') {
          const ready = parsed(UnreadSchema, data);
          if (!ready) return;
          open = true;
          readyCount += 1;
          attempt = 0;
          retriedUnauthorized = false;
          onStatus?.('open');
          options.onReady?.(ready, { reconnected: readyCount > 1, resumed });
        } else if (event === 'message') {
          const message = parsed(StreamMessageSchema, data);
          if (!message) return;
          if (id) lastEventId = id;
          options.onMessage?.(message);
        } else if (event === 'end') {
          // Anything but a newer stream's taking over (an unknown reason too) ends it for good.
          outcome = parsed(StreamEndSchema, data)?.code === 'too_many_streams' ? 'displaced' : 'ended';
        }
        // `ping` (and anything new) only shows the connection is alive: any bytes do.
      };
      const parser = createParser({ onEvent });
      while (outcome === null) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
        expectWithin(open ? STREAM_IDLE_LIMIT_MS : STREAM_TIMEOUT_MS);
      }
      if (outcome) return outcome;
      return signal.aborted ? 'aborted' : 'dropped';
    } catch {
      return signal.aborted ? 'aborted' : 'dropped';
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', close);
      close();
    }
  }

  try {
    while (!signal.aborted) {
      onStatus?.('connecting');
      const outcome = await connect();
      if (outcome === 'aborted' || signal.aborted) return 'aborted';
      if (outcome === 'ended') return 'ended';
      if (outcome === 'displaced') {
        if (!options.resumeWhen) return 'displaced';
        onStatus?.('waiting');
        await options.resumeWhen(signal);
        // Back from the wait with the last message's id, so what arrived meanwhile is replayed.
        attempt = 0;
        continue;
      }
      if (outcome === 'forbidden') return 'refused';
      if (outcome === 'unauthorized') {
        if (retriedUnauthorized) return 'refused';
        retriedUnauthorized = true;
        continue;
      }
      onStatus?.('waiting');
      await sleep(reconnectDelay(attempt), signal);
      attempt += 1;
    }
    return 'aborted';
  } finally {
    onStatus?.('stopped');
  }
}
