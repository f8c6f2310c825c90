import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeBusNotice,
  encodeMessageEvent,
  encodeSessionsEndedEvent,
  InvalidMessageEventError,
  validSessionsEndedEvent,
} from './message-event.ts';

describe('the payloads on the message bus', () => {
  it('carries a message as its two ids and an account whose sessions may have ended as its id, and reads each back as its kind', () => {
    const message = { conversationId: randomUUID(), messageId: randomUUID() };
    const sessions = { userId: randomUUID() };

    expect(JSON.parse(encodeMessageEvent(message))).toEqual({ c: message.conversationId, m: message.messageId });
    expect(JSON.parse(encodeSessionsEndedEvent(sessions))).toEqual({ u: sessions.userId });
    expect(decodeBusNotice(encodeMessageEvent(message))).toEqual({ kind: 'message', event: message });
    expect(decodeBusNotice(encodeSessionsEndedEvent(sessions))).toEqual({ kind: 'sessions_ended', event: sessions });
    // Far below NOTIFY's 8,000 bytes: a uuid and its key.
    expect(encodeSessionsEndedEvent(sessions).length).toBeLessThan(50);
  });

  it('sends nothing but the account id, and refuses an id that is not a uuid', () => {
    const userId = randomUUID();
    const withMore = { userId, email: 'karin@example.com', sessionId: randomUUID() };
    expect(validSessionsEndedEvent(withMore)).toEqual({ userId });
    expect(encodeSessionsEndedEvent(withMore)).toBe(JSON.stringify({ u: userId }));
    // A uuid's shape without its version and variant is no id PostgreSQL gave.
    for (const bad of ['', 'abc', `${userId}x`, ' '.repeat(36), 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa'])
      expect(() => encodeSessionsEndedEvent({ userId: bad })).toThrow(InvalidMessageEventError);
  });

  it('reads anything else on the channel as no event', () => {
    const id = randomUUID();
    const other = randomUUID();
    const payloads = [
      undefined,
      '',
      'not json',
      'null',
      '[]',
      `"${id}"`,
      '{}',
      JSON.stringify({ u: 'abc' }),
      JSON.stringify({ u: 1 }),
      JSON.stringify({ U: id }),
      // An event with more than its ids is none of them, so no payload is read as two kinds.
      JSON.stringify({ u: id, c: other }),
      JSON.stringify({ u: id, kind: 'sessions_ended' }),
      JSON.stringify({ c: id, m: other, u: id }),
      JSON.stringify({ c: id }),
      JSON.stringify([{ u: id }]),
      'x'.repeat(7_000),
    ];
    for (const payload of payloads) expect(decodeBusNotice(payload), String(payload)).toBeNull();
  });
});
