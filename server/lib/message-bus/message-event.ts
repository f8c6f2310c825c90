import { z } from 'zod';
import type { MessageBusLog, MessageEvent, SessionsEndedEvent } from './message-bus.ts';

/**
 * The NOTIFY payloads, one shape per kind of event and nothing else (NOTIFY payloads stop at 8,000
 * bytes, and a notice is visible to every session of the database): a message is its two ids, the
 * sessions of an account that may have ended are its uuid. The ids are the uuid keys of the rows, so
 * a listener can query with them as they come. Both shapes are strict, so no payload is both.
 */
const MessagePayloadSchema = z.strictObject({ c: z.uuid(), m: z.uuid() });
const SessionsEndedPayloadSchema = z.strictObject({ u: z.uuid() });

export class InvalidMessageEventError extends Error {
  constructor(message = 'A message event needs the uuids of the conversation and of the message.') {
    super(message);
    this.name = 'InvalidMessageEventError';
  }
}

/** The event as it may travel: only its two ids; throws on an event that no listener could use. */
export function validMessageEvent(event: MessageEvent): MessageEvent {
  const payload = MessagePayloadSchema.safeParse({ c: event.conversationId, m: event.messageId });
  if (!payload.success) throw new InvalidMessageEventError();
  return { conversationId: payload.data.c, messageId: payload.data.m };
}

/** The event as it may travel: only the account's uuid; throws on anything else. */
export function validSessionsEndedEvent(event: SessionsEndedEvent): SessionsEndedEvent {
  const payload = SessionsEndedPayloadSchema.safeParse({ u: event.userId });
  if (!payload.success) throw new InvalidMessageEventError('A sessions-ended event needs the uuid of the account.');
  return { userId: payload.data.u };
}

export function encodeMessageEvent(event: MessageEvent): string {
  const { conversationId, messageId } = validMessageEvent(event);
  return JSON.stringify({ c: conversationId, m: messageId });
}

export function encodeSessionsEndedEvent(event: SessionsEndedEvent): string {
  return JSON.stringify({ u: validSessionsEndedEvent(event).userId });
}

/** What one notice on the bus's channel announces. */
export type BusNotice =
  { kind: 'message'; event: MessageEvent } | { kind: 'sessions_ended'; event: SessionsEndedEvent };

/** The event of a payload, or null for anything else on the channel. */
export function decodeBusNotice(payload: string | undefined): BusNotice | null {
  if (!payload) return null;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const message = MessagePayloadSchema.safeParse(json);
  if (message.success) return { kind: 'message', event: { conversationId: message.data.c, messageId: message.data.m } };
  const sessions = SessionsEndedPayloadSchema.safeParse(json);
  if (sessions.success) return { kind: 'sessions_ended', event: { userId: sessions.data.u } };
  return null;
}

/** Calls every listener, so that one that throws stops neither the others nor the bus. */
export function callEach<Args extends unknown[]>(
  listeners: Iterable<(...args: Args) => void>,
  args: Args,
  log: MessageBusLog,
): void {
  for (const listener of listeners) {
    try {
      listener(...args);
    } catch (error) {
      log.error({ err: error }, 'a message bus listener failed');
    }
  }
}
