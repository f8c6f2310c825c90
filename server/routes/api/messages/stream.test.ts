import { afterEach, beforeAll, expect, it } from 'vitest';
import {
  SentMessageSchema,
  STREAM_HEARTBEAT_MS,
  StreamEndSchema,
  StreamMessageSchema,
  UnreadSchema,
} from '../../../../contracts/messages.ts';
import {
  bearer,
  createAuthClient,
  newAccount,
  signUpAs,
  signUpWith,
  TEST_ADMIN_EMAIL,
} from '../../../testing/auth-client.ts';
import { type EventStreamClient, openEventStream, type ReceivedEvent } from '../../../testing/sse-client.ts';
import { certifyClinic, describeEachEngine } from '../../../testing/test-app.ts';

const HEARTBEAT_MS = 150;

describeEachEngine(
  'live message stream',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }, messageStreamHeartbeatMs: HEARTBEAT_MS },
  (t) => {
    let origin = '';
    const streams: EventStreamClient[] = [];
    beforeAll(async () => {
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
    });

    const open = async (token: string | null, headers: Record<string, string> = {}) => {
      const stream = await openEventStream(`${origin}/api/messages/stream`, {
        ...(token ? bearer(token) : {}),
        ...headers,
      });
      streams.push(stream);
      return stream;
    };
    const write = async (token: string, to: unknown, content: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(token),
        payload: { to, content },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return SentMessageSchema.parse(answer.json());
    };
    const replyIn = async (token: string, conversationId: string, content: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/messages/conversations/${conversationId}/messages`,
        headers: bearer(token),
        payload: { content },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    };
    const isMessage = (content: string) => (event: ReceivedEvent) =>
      event.event === 'message' && StreamMessageSchema.parse(event.data).message.content === content;
    async function certifiedClinic(name: string) {
      const clinic = await signUpAs(t.app, 'clinic', name);
      await certifyClinic(t.db, clinic.id);
      return clinic;
    }

    it('refuses a stream without a valid token with 401 and a reason, before any event', async () => {
      for (const token of [null, 'not-a-token']) {
        const stream = await open(token);
        expect(stream.status).toBe(401);
        expect(stream.events).toEqual([]);
      }
      const answer = await t.app.inject({ url: '/api/messages/stream', headers: { accept: 'text/event-stream' } });
      expect(answer.json()).toMatchObject({ error: { code: 'unauthorized', message: expect.any(String) } });
    });

    it('delivers a message at once to each party that reads it, as that party sees it, and to nobody else', async () => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const otherCustomer = await signUpAs(t.app, 'customer', 'Annan Kund');
      const clinic = await certifiedClinic('Live Klinik');
      const admin = await signUpAs(t.app, 'admin');
      const [clinicStream, customerStream, otherStream, adminStream] = await Promise.all([
        open(clinic.token),
        open(customer.token),
        open(otherCustomer.token),
        open(admin.token),
      ]);
      for (const stream of [clinicStream, customerStream, otherStream, adminStream]) {
        expect(stream.status).toBe(200);
        expect(UnreadSchema.parse((await stream.next((event) => event.event === 'ready')).data)).toEqual({
          unreadTotal: 0,
        });
      }

      const sent = await write(
        customer.token,
        { kind: 'user', id: clinic.id },
        '<script>alert(1)</script> Har ni tid?',
      );
      const atClinic = StreamMessageSchema.parse(
        (await clinicStream.next(isMessage('<script>alert(1)</script> Har ni tid?'))).data,
      );
      expect(atClinic).toEqual({
        conversationId: sent.conversationId,
        message: { ...sent.message, fromMe: false },
        unreadTotal: 1,
      });
      const atCustomer = StreamMessageSchema.parse(
        (await customerStream.next(isMessage('<script>alert(1)</script> Har ni tid?'))).data,
      );
      expect(atCustomer).toMatchObject({ message: { fromMe: true }, unreadTotal: 0 });

      // The team's conversation reaches the admins; the first one reached neither of the others.
      await write(otherCustomer.token, { kind: 'team' }, 'Hur blir man certifierad?');
      const atAdmin = StreamMessageSchema.parse((await adminStream.next(isMessage('Hur blir man certifierad?'))).data);
      expect(atAdmin).toMatchObject({ message: { fromMe: false, senderName: 'Annan Kund' }, unreadTotal: 1 });
      await otherStream.next(isMessage('Hur blir man certifierad?'));
      expect(adminStream.events.filter((event) => event.event === 'message')).toHaveLength(1);
      expect(
        otherStream.events
          .filter((event) => event.event === 'message')
          .map((event) => StreamMessageSchema.parse(event.data).message.content),
      ).toEqual(['Hur blir man certifierad?']);
      expect(clinicStream.events.filter((event) => event.event === 'message')).toHaveLength(1);
    });

    it('catches up after a reconnect: Last-Event-ID replays what arrived meanwhile, in order, then goes on live', async () => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const clinic = await certifiedClinic('Live Klinik');
      const first = await open(clinic.token);
      await first.next((event) => event.event === 'ready');
      const { conversationId } = await write(customer.token, { kind: 'user', id: clinic.id }, 'Ett');
      const seen = await first.next(isMessage('Ett'));
      first.close();

      await replyIn(customer.token, conversationId, 'Två');
      await replyIn(customer.token, conversationId, 'Tre');
      const again = await open(clinic.token, { 'last-event-id': seen.id ?? '' });
      await again.next(isMessage('Tre'));
      await replyIn(customer.token, conversationId, 'Fyra');
      await again.next(isMessage('Fyra'));
      const contents = again.events
        .filter((event) => event.event === 'message')
        .map((event) => StreamMessageSchema.parse(event.data).message.content);
      expect(contents).toEqual(['Två', 'Tre', 'Fyra']);
      // A garbled id replays nothing and still opens the stream.
      const garbled = await open(clinic.token, { 'last-event-id': 'x' });
      await garbled.next((event) => event.event === 'ready');
    });

    it('pings with every heartbeat, keeps the stream through a token refresh and ends it when the session is signed out', async () => {
      const client = createAuthClient(t.app);
      const session = await signUpWith(client, newAccount({ role: 'customer', fullName: 'Karin Kund' }));
      const stream = await open(session.access_token);
      await stream.next((event) => event.event === 'ready');
      const pings = () => stream.events.filter((event) => event.event === 'ping').length;
      await stream.next((event) => event.event === 'ping');

      const { data, error } = await client.refreshSession();
      expect(error).toBeNull();
      const pingsAtRefresh = pings();
      await stream.next(() => pings() > pingsAtRefresh + 1);

      const signedOut = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: bearer(data.session?.access_token ?? ''),
      });
      expect(signedOut.statusCode).toBe(204);
      expect((await stream.next((event) => event.event === 'end')).data).toEqual({ code: 'session_ended' });
      await stream.ended;
    });
  },
);

// Issue 27 point 5: live streams are bounded per account, and end promptly on sign-out. Here the
// heartbeat is the real one (25 s), so a stream that ends within a second did not wait for it.
describeEachEngine(
  'live message stream limits',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, STREAMS_PER_ACCOUNT: '5' } },
  (t) => {
    let origin = '';
    const streams: EventStreamClient[] = [];
    beforeAll(async () => {
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
    });
    const open = async (token: string) => {
      const stream = await openEventStream(`${origin}/api/messages/stream`, bearer(token));
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'ready');
      return stream;
    };
    /** Resolves with how long the stream took to send `end` and close, from now. */
    const endOf = async (stream: EventStreamClient) => {
      const started = Date.now();
      const end = await stream.next((event) => event.event === 'end', { timeoutMs: 5_000 });
      await stream.ended;
      return { reason: StreamEndSchema.parse(end.data), ms: Date.now() - started };
    };
    const stillLive = async (stream: EventStreamClient, token: string, content: string) => {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(token),
        payload: { to: { kind: 'team' }, content },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      await stream.next(
        (event) => event.event === 'message' && StreamMessageSchema.parse(event.data).message.content === content,
      );
    };

    it('ends the oldest stream of an account with too_many_streams when it opens a sixth, and no other', async () => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const other = await signUpAs(t.app, 'customer', 'Annan Kund');
      const othersStream = await open(other.token);
      const mine: EventStreamClient[] = [];
      for (let index = 0; index < 5; index += 1) mine.push(await open(customer.token));
      for (const stream of mine) expect(stream.events.map((event) => event.event)).toEqual(['ready']);

      const sixth = await open(customer.token);
      const [first, ...rest] = mine;
      expect((await endOf(first as EventStreamClient)).reason).toEqual({ code: 'too_many_streams' });
      // The five newest go on, each with what the account writes; another account's stream too.
      for (const [index, stream] of [...rest, sixth].entries()) await stillLive(stream, customer.token, `Hej ${index}`);
      await stillLive(othersStream, other.token, 'Hej från en annan');
      for (const stream of [...rest, sixth, othersStream])
        expect(stream.events.some((event) => event.event === 'end')).toBe(false);
      expect(first?.events.filter((event) => event.event === 'message')).toEqual([]);
    });

    it('ends a stream within a moment of its session signing out, not at the next heartbeat', async () => {
      const client = createAuthClient(t.app);
      const account = newAccount({ role: 'customer', fullName: 'Karin Kund' });
      const first = await signUpWith(client, account);
      const signIn = async () => {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: account.email, password: account.password },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{ access_token: string }>().access_token;
      };
      const second = await signIn();
      const third = await signIn();
      const [firstStream, secondStream, thirdStream] = [
        await open(first.access_token),
        await open(second),
        await open(third),
      ];

      // Local: only that session's stream.
      const local = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=local',
        headers: bearer(first.access_token),
      });
      expect(local.statusCode).toBe(204);
      const ended = await endOf(firstStream);
      expect(ended.reason).toEqual({ code: 'session_ended' });
      expect(ended.ms).toBeLessThan(Math.min(2_000, STREAM_HEARTBEAT_MS / 10));
      await stillLive(secondStream, third, 'Fortfarande här');

      // Global, from another session: every stream of the account.
      const global = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=global',
        headers: bearer(third),
      });
      expect(global.statusCode).toBe(204);
      for (const stream of [secondStream, thirdStream]) {
        const { reason, ms } = await endOf(stream);
        expect(reason).toEqual({ code: 'session_ended' });
        expect(ms).toBeLessThan(2_000);
      }
    });

    it('ends the streams of the other sessions at once when the password is changed', async () => {
      const account = newAccount({ role: 'customer', fullName: 'Karin Kund' });
      const first = await signUpWith(createAuthClient(t.app), account);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: account.email, password: account.password },
      });
      const second = signedIn.json<{ access_token: string }>().access_token;
      const [otherStream, ownStream] = [await open(first.access_token), await open(second)];
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: bearer(second),
        payload: { password: 'ett-nytt-lösenord', current_password: account.password },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const { reason, ms } = await endOf(otherStream);
      expect(reason).toEqual({ code: 'session_ended' });
      expect(ms).toBeLessThan(2_000);
      await stillLive(ownStream, second, 'Nytt lösenord');
    });
  },
);
