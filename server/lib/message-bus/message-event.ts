import { z } from 'zod';
import type { MessageBusLog, MessageEvent } from './message-bus.ts';

/**
 * The NOTIFY payload: the two ids and nothing else (NOTIFY payloads stop at 8,000 bytes, and a
 * notice is visible to every session of the database). The ids are the uuid keys of the rows, so a
 * listener can query with them as they come.
 */
const PayloadSchema = z.object({ c: z.guid(), m: z.guid() });

export class InvalidMessageEventError extends Error {
  constructor() {
    super('A message event needs the uuids of the conversation and of the message.');
    this.name = 'InvalidMessageEventError';
  }
}

/** The event as it may travel: only its two ids; throws on an event that no listener could use. */
export function validMessageEvent(event: MessageEvent): MessageEvent {
  const payload = PayloadSchema.safeParse({ c: event.conversationId, m: event.messageId });
  if (!payload.success) throw new InvalidMessageEventError();
  return { conversationId: payload.data.c, messageId: payload.data.m };
}

export function encodeMessageEvent(event: MessageEvent): string {
  const { conversationId, messageId } = validMessageEvent(event);
  return JSON.stringify({ c: conversationId, m: messageId });
}

/** The event of a payload, or null for anything else on the channel. */
export function decodeMessageEvent(payload: string | undefined): MessageEvent | null {
  if (!payload) return null;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = PayloadSchema.safeParse(json);
  return parsed.success ? { conversationId: parsed.data.c, messageId: parsed.data.m } : null;
}

/** Calls every listener, so that one that throws stops neither the others nor the bus. */
export function callEach<Args extends unknown[]>(listeners: Iterable<(...args: Args) => void>, args: Args, log: MessageBusLog): void {
  for (const listener of listeners) {
    try {
      listener(...args);
    } catch (error) {
      log.error({ err: error }, 'a message bus listener failed');
    }
  }
}
