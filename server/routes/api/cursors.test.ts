import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../contracts/errors.ts';
import en from '../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { SentMessageSchema, StreamMessageSchema } from '../../../contracts/messages.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../testing/auth-client.ts';
import { captureLog } from '../../testing/log-capture.ts';
import { openEventStream } from '../../testing/sse-client.ts';
import { describeEachEngine } from '../../testing/test-app.ts';

// Issue 27 point 4: a page cursor (and the live stream's Last-Event-ID) that JavaScript reads as a
// time and an id but PostgreSQL does not (an impossible date, a year out of its range, an id that is
// no UUID) is refused as bad input, never answered with a 500.

const cursorOf = (time: unknown, id: unknown) => Buffer.from(JSON.stringify([time, id])).toString('base64url');
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const UNREADABLE: [string, string][] = [
  ['an impossible date', cursorOf('2024-02-30T00:00:00.000Z', ID)],
  ['the 31st of April', cursorOf('2023-04-31T12:00:00Z', ID)],
  ['a year past JavaScript and PostgreSQL', cursorOf('+275760-09-13T00:00:00.000Z', ID)],
  ['year 0, which PostgreSQL does not have', cursorOf('0000-01-01T00:00:00.000Z', ID)],
  ['a negative year', cursorOf('-000001-01-01T00:00:00.000Z', ID)],
  ['an hour 24', cursorOf('2024-01-01T24:00:00Z', ID)],
  ['a time in words', cursorOf('1 January 2024', ID)],
  ['an id of dashes', cursorOf('2024-01-01T00:00:00.000Z', '-'.repeat(36))],
  ['an id of hex without dashes', cursorOf('2024-01-01T00:00:00.000Z', 'a'.repeat(36))],
  ['a number for an id', cursorOf('2024-01-01T00:00:00.000Z', 1)],
  ['not base64 JSON', '***'],
];
// What is no cursor of any list, whatever its sort key (a time, or the register's name key).
const MALFORMED: [string, string][] = [
  ['not base64 JSON', '***'],
  ['base64 of text', Buffer.from('hello').toString('base64url')],
  ['a sort key alone', Buffer.from(JSON.stringify(['2024-01-01T00:00:00.000Z'])).toString('base64url')],
  ['three parts', Buffer.from(JSON.stringify(['2024-01-01T00:00:00.000Z', ID, 'x'])).toString('base64url')],
  ['an id that is no UUID', cursorOf('2024-01-01T00:00:00.000Z', '1 OR 1=1')],
  ['a number for a sort key', cursorOf(20240101, ID)],
  ['too long', 'A'.repeat(2001)],
];

const log = captureLog('error');

describeEachEngine('page cursors', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }, logger: log.logger }, (t) => {
  const errors = () => log.lines.filter((line) => JSON.parse(line).level >= 50);
  let origin = '';
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each(UNREADABLE)(
    'refuses %s as a cursor on every cursor route with 400 and a translated reason',
    async (_label, cursor) => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const admin = await signUpAs(t.app, 'admin');
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(customer.token),
        payload: { to: { kind: 'team' }, content: 'Hej' },
      });
      const { conversationId } = SentMessageSchema.parse(sent.json());
      log.lines.length = 0;
      const routes: [string, string, string][] = [
        [customer.token, `/api/me/reports?cursor=${cursor}`, 'cursor'],
        [customer.token, `/api/me/follows?cursor=${cursor}`, 'cursor'],
        [admin.token, `/api/admin/reports?cursor=${cursor}`, 'cursor'],
        [customer.token, `/api/messages/conversations/${conversationId}/messages?before=${cursor}`, 'before'],
      ];
      for (const [token, url, name] of routes) {
        for (const [language, messages] of [
          ['sv', sv],
          ['en', en],
        ] as const) {
          const response = await t.app.inject({ url, headers: { ...bearer(token), 'accept-language': language } });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
          const { error } = ApiErrorSchema.parse(response.json());
          expect(error.code).toBe('invalid_request');
          expect(error.message).toContain(messages.cursorInvalid);
          expect(error.issues).toEqual([{ path: [name], message: messages.cursorInvalid }]);
        }
      }
      expect(errors()).toEqual([]);
    },
  );

  it.each(MALFORMED)(
    'refuses %s on every list paged by a cursor, the register too, with 400 and the reason in sv and en',
    async (_label, cursor) => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const admin = await signUpAs(t.app, 'admin');
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(customer.token),
        payload: { to: { kind: 'team' }, content: 'Hej' },
      });
      const { conversationId } = SentMessageSchema.parse(sent.json());
      log.lines.length = 0;
      const lists: [Record<string, string>, string, string][] = [
        [{}, `/api/clinics?cursor=${cursor}`, 'cursor'],
        [bearer(customer.token), `/api/me/reports?cursor=${cursor}`, 'cursor'],
        [bearer(customer.token), `/api/me/follows?cursor=${cursor}`, 'cursor'],
        [bearer(admin.token), `/api/admin/reports?cursor=${cursor}`, 'cursor'],
        [bearer(customer.token), `/api/messages/conversations/${conversationId}/messages?before=${cursor}`, 'before'],
      ];
      for (const [headers, url, name] of lists) {
        for (const [language, messages] of [
          ['sv', sv],
          ['en', en],
        ] as const) {
          const response = await t.app.inject({ url, headers: { ...headers, 'accept-language': language } });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
          const { error } = ApiErrorSchema.parse(response.json());
          expect(error.code).toBe('invalid_request');
          expect(error.message).toContain(messages.cursorInvalid);
          expect(error.issues).toEqual([{ path: [name], message: messages.cursorInvalid }]);
        }
      }
      expect(errors()).toEqual([]);
    },
  );

  it('says the same of a bad cursor on every list: nothing about a search', () => {
    // The register's message once asked to start "the search" again, on lists that have none.
    expect(sv.cursorInvalid).not.toMatch(/sök/i);
    expect(en.cursorInvalid).not.toMatch(/search/i);
  });

  it('still pages with the cursors it hands out, on every cursor route', async () => {
    const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
    const admin = await signUpAs(t.app, 'admin');
    for (const content of ['Ett', 'Två', 'Tre']) {
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/me/reports',
        headers: bearer(customer.token),
        payload: { clinicName: 'Någon klinik', content },
      });
      expect(filed.statusCode, filed.body).toBe(201);
    }
    for (const [token, url] of [
      [customer.token, '/api/me/reports?limit=2'],
      [admin.token, '/api/admin/reports?limit=2'],
    ] as const) {
      const first = (await t.app.inject({ url, headers: bearer(token) })).json<{ nextCursor: string }>();
      const second = await t.app.inject({ url: `${url}&cursor=${first.nextCursor}`, headers: bearer(token) });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<{ items: { content: string }[] }>().items.map((item) => item.content)).toEqual(['Ett']);
    }
  });

  it.each(UNREADABLE)(
    'opens the live stream from now when Last-Event-ID is %s, without an error',
    async (_label, cursor) => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const admin = await signUpAs(t.app, 'admin');
      // The bus hands 'Före' to this process's listeners before the stream opens: a notice still in
      // flight would reach the new stream live, which is delivery, not the replay this test is about.
      let unsubscribe = () => {};
      const announced = new Promise<void>((resolve) => {
        unsubscribe = t.app.messageBus.subscribe(() => resolve());
      });
      const before = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(customer.token),
        payload: { to: { kind: 'team' }, content: 'Före' },
      });
      expect(before.statusCode, before.body).toBe(201);
      await announced;
      unsubscribe();
      log.lines.length = 0;
      const stream = await openEventStream(`${origin}/api/messages/stream`, {
        ...bearer(admin.token),
        'last-event-id': cursor,
      });
      try {
        expect(stream.status).toBe(200);
        await stream.next((event) => event.event === 'ready');
        await t.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: bearer(customer.token),
          payload: { to: { kind: 'team' }, content: 'Efter' },
        });
        await stream.next((event) => event.event === 'message');
        // Nothing from before the stream opened is replayed, and the stream is still open.
        expect(
          stream.events
            .filter((event) => event.event === 'message')
            .map((event) => StreamMessageSchema.parse(event.data).message.content),
        ).toEqual(['Efter']);
        expect(errors()).toEqual([]);
      } finally {
        stream.close();
      }
    },
  );

  it('accepts any well-formed cursor (a leap day to the microsecond, an unknown id): a page after it', async () => {
    const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
    const response = await t.app.inject({
      url: `/api/me/reports?cursor=${cursorOf('2024-02-29T23:59:59.999999Z', randomUUID())}`,
      headers: bearer(customer.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ items: [], nextCursor: null });
  });
});
