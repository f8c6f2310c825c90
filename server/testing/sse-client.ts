/** One server-sent event as a browser would see it. */
export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  /** The events received so far, in order. */
  events: ReceivedEvent[];
  /** Resolves with the first event after `from` (an index into `events`) that matches, or fails after `timeoutMs`. */
  next(
    match: (event: ReceivedEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<ReceivedEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens an event stream over real HTTP, as the web app does (fetch with the Authorization header),
 * and reads its events in the background (the WHATWG format, enough of it for the tests: one `data`
 * line per event).
 */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const waiting = new Set<() => void>();
  const notify = () => {
    for (const wake of waiting) wake();
  };

  const read = async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map(
          block
            .split('\n')
            .filter((line) => line && !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
        );
        if (fields.size > 0) {
          const data = fields.get('data') ?? '';
          events.push({
            event: fields.get('event') ?? 'message',
            id: fields.get('id'),
            data: data ? JSON.parse(data) : undefined,
          });
          notify();
        }
        end = buffer.indexOf('\n\n');
      }
    }
  };
  const ended = read()
    .catch(() => undefined)
    .finally(notify);
  let finished = false;
  void ended.then(() => {
    finished = true;
    notify();
  });

  return {
    status: response.status,
    events,
    ended,
    async next(match, { from = 0, timeoutMs = 2_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        if (finished)
          throw new Error(
            `The stream ended without the event; it sent ${JSON.stringify(events.map((event) => event.event))}`,
          );
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `No such event within ${timeoutMs} ms; the stream sent ${JSON.stringify(events.map((event) => event.event))}`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiting.add(wake);
        });
      }
    },
    close: () => abort.abort(),
  };
}
