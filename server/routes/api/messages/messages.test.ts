import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import {
  ConversationListSchema,
  SentMessageSchema,
  ThreadPageSchema,
  UnreadSchema,
} from '../../../../contracts/messages.ts';
import { conversations, messages } from '../../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { certifyClinic, describeEachEngine } from '../../../testing/test-app.ts';

/** MESSAGE_LIMIT_PER_USER of these tests: lower than the default (30), so flooding takes fewer requests. */
const MESSAGES_PER_MINUTE = 12;

describeEachEngine(
  'messages',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, MESSAGE_LIMIT_PER_USER: String(MESSAGES_PER_MINUTE) } },
  (t) => {
    const call = (token: string | null, options: InjectOptions) =>
      t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
    const write = (token: string | null, to: unknown, content = 'Hej!') =>
      call(token, { method: 'POST', url: '/api/messages', payload: { to, content } });
    const inbox = async (token: string) => {
      const answer = await call(token, { url: '/api/messages/conversations' });
      expect(answer.statusCode, answer.body).toBe(200);
      return ConversationListSchema.parse(answer.json());
    };

    /** The register's clinic, whose account is signed up like any clinic's and then certified and public. */
    async function registerClinic(name = 'Registrets Klinik') {
      const clinic = await signUpAs(t.app, 'clinic', name);
      await certifyClinic(t.db, clinic.id);
      return clinic;
    }

    it('a customer writes to a certified clinic; the clinic sees it unread, reads it and answers; both inboxes show one conversation', async () => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const clinic = await registerClinic();
      const sent = await write(customer.token, { kind: 'user', id: clinic.id }, 'Har ni tid i veckan? <b>snälla</b>');
      expect(sent.statusCode).toBe(201);
      const { conversationId, message } = SentMessageSchema.parse(sent.json());
      expect(message).toMatchObject({
        fromMe: true,
        senderName: 'Karin Kund',
        content: 'Har ni tid i veckan? <b>snälla</b>',
        readAt: null,
      });

      const clinicInbox = await inbox(clinic.token);
      expect(clinicInbox).toMatchObject({ total: 1, unreadTotal: 1 });
      expect(clinicInbox.items[0]).toMatchObject({
        id: conversationId,
        counterpart: { kind: 'user', id: customer.id, fullName: 'Karin Kund', role: 'customer' },
        unread: 1,
        lastMessage: { fromMe: false },
      });
      expect(UnreadSchema.parse((await call(clinic.token, { url: '/api/messages/unread' })).json())).toEqual({
        unreadTotal: 1,
      });

      expect(
        (
          await call(clinic.token, { method: 'POST', url: `/api/messages/conversations/${conversationId}/read` })
        ).json(),
      ).toEqual({ unreadTotal: 0 });
      const answered = await call(clinic.token, {
        method: 'POST',
        url: `/api/messages/conversations/${conversationId}/messages`,
        payload: { content: 'Ja, på torsdag.' },
      });
      expect(answered.statusCode).toBe(201);
      // Writing to the customer again continues the same conversation.
      expect(
        SentMessageSchema.parse((await write(clinic.token, { kind: 'user', id: customer.id }, 'Välkommen!')).json())
          .conversationId,
      ).toBe(conversationId);

      const customerInbox = await inbox(customer.token);
      expect(customerInbox).toMatchObject({ total: 1, unreadTotal: 2 });
      expect(customerInbox.items[0]?.counterpart).toEqual({
        kind: 'user',
        id: clinic.id,
        fullName: 'Registrets Klinik',
        role: 'clinic',
      });
      const thread = ThreadPageSchema.parse(
        (await call(customer.token, { url: `/api/messages/conversations/${conversationId}/messages` })).json(),
      );
      expect(thread.items.map((item) => [item.content, item.fromMe, item.readAt !== null])).toEqual([
        ['Välkommen!', false, false],
        ['Ja, på torsdag.', false, false],
        ['Har ni tid i veckan? <b>snälla</b>', true, true],
      ]);
    });

    it('anyone writes to the team; every admin reads it, and an admin writes to anyone but another admin', async () => {
      const admin = await signUpAs(t.app, 'admin');
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const clinic = await signUpAs(t.app, 'clinic', 'Ny Klinik');
      expect((await write(customer.token, { kind: 'team' }, 'Hur blir man certifierad?')).statusCode).toBe(201);
      expect((await write(clinic.token, { kind: 'team' }, 'Fråga om dokument')).statusCode).toBe(201);
      const teamInbox = await inbox(admin.token);
      expect(teamInbox.items.map((item) => item.counterpart)).toEqual([
        { kind: 'user', id: clinic.id, fullName: 'Ny Klinik', role: 'clinic' },
        { kind: 'user', id: customer.id, fullName: 'Karin Kund', role: 'customer' },
      ]);
      expect(teamInbox.unreadTotal).toBe(2);
      // The admin's answer lands in the same conversation, from the team.
      const answer = SentMessageSchema.parse(
        (await write(admin.token, { kind: 'user', id: customer.id }, 'Ansök under För kliniker.')).json(),
      );
      expect(answer.conversationId).toBe(teamInbox.items[1]?.id);
      expect((await inbox(customer.token)).items[0]).toMatchObject({ counterpart: { kind: 'team' }, unread: 1 });
      expect((await write(admin.token, { kind: 'team' })).statusCode).toBe(403);
    });

    it("refuses what the rules do not allow with 403, unknown recipients and others' conversations with 404, and bad input with 400", async () => {
      const admin = await signUpAs(t.app, 'admin');
      const customer = await signUpAs(t.app, 'customer');
      const otherCustomer = await signUpAs(t.app, 'customer', 'Annan Kund');
      const uncertified = await signUpAs(t.app, 'clinic', 'Ocertifierad');
      const clinic = await registerClinic();
      const otherClinic = await registerClinic('Annan Klinik');

      expect((await write(null, { kind: 'team' })).statusCode).toBe(401);
      expect((await write(customer.token, { kind: 'user', id: otherCustomer.id })).statusCode).toBe(403);
      expect((await write(customer.token, { kind: 'user', id: uncertified.id })).statusCode).toBe(403);
      expect((await write(customer.token, { kind: 'user', id: admin.id })).statusCode).toBe(403);
      // A clinic does not start conversations with customers or other clinics.
      expect((await write(clinic.token, { kind: 'user', id: customer.id })).statusCode).toBe(403);
      expect((await write(clinic.token, { kind: 'user', id: otherClinic.id })).statusCode).toBe(403);
      expect((await write(admin.token, { kind: 'user', id: admin.id })).statusCode).toBe(404);
      expect(
        (await write(customer.token, { kind: 'user', id: '00000000-0000-4000-8000-000000000000' })).statusCode,
      ).toBe(404);

      const empty = await write(customer.token, { kind: 'team' }, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.issues[0].message).toBe('Meddelandet kan inte vara tomt.');
      expect((await write(customer.token, { kind: 'team' }, 'x'.repeat(5001))).statusCode).toBe(400);
      expect((await write(customer.token, { kind: 'nobody' })).statusCode).toBe(400);
      // A page number says what is wrong with it, as on every list paged by number (contracts/cursors.ts).
      const badPage = await call(customer.token, { url: '/api/messages/conversations?page=0' });
      expect(badPage.statusCode).toBe(400);
      expect(badPage.json().error.issues[0].message).toBe('Sidnumret måste vara ett heltal från 1.');

      const { conversationId } = SentMessageSchema.parse(
        (await write(customer.token, { kind: 'user', id: clinic.id })).json(),
      );
      for (const stranger of [otherCustomer, otherClinic, admin]) {
        expect(
          (await call(stranger.token, { url: `/api/messages/conversations/${conversationId}/messages` })).statusCode,
        ).toBe(404);
        expect(
          (
            await call(stranger.token, {
              method: 'POST',
              url: `/api/messages/conversations/${conversationId}/messages`,
              payload: { content: 'Hej' },
            })
          ).statusCode,
        ).toBe(404);
        expect(
          (await call(stranger.token, { method: 'POST', url: `/api/messages/conversations/${conversationId}/read` }))
            .statusCode,
        ).toBe(404);
      }
      expect(
        (await call(customer.token, { url: `/api/messages/conversations/${conversationId}/messages?before=junk` }))
          .statusCode,
      ).toBe(400);
      expect((await call(customer.token, { url: '/api/messages/conversations/not-an-id/messages' })).statusCode).toBe(
        400,
      );
      expect(await t.db.select().from(messages)).toHaveLength(1);
    });

    it('pages long threads newest first, and two first messages at once share one conversation', async () => {
      const customer = await signUpAs(t.app, 'customer');
      const clinic = await registerClinic();
      const [first, second] = await Promise.all([
        write(customer.token, { kind: 'user', id: clinic.id }, 'Ett'),
        write(customer.token, { kind: 'user', id: clinic.id }, 'Två'),
      ]);
      expect(SentMessageSchema.parse(first?.json()).conversationId).toBe(
        SentMessageSchema.parse(second?.json()).conversationId,
      );
      expect(await t.db.select().from(conversations)).toHaveLength(1);
      const conversationId = SentMessageSchema.parse(first?.json()).conversationId;
      const start = Date.parse('2026-11-01T08:00:00Z');
      await t.db.insert(messages).values(
        Array.from({ length: 40 }, (_, index) => ({
          conversationId,
          senderId: customer.id,
          fromSideA: true,
          content: `Rad ${index}`,
          createdAt: new Date(start + index * 60_000),
        })),
      );
      const firstPage = ThreadPageSchema.parse(
        (await call(clinic.token, { url: `/api/messages/conversations/${conversationId}/messages` })).json(),
      );
      expect(firstPage.items).toHaveLength(30);
      const rest = ThreadPageSchema.parse(
        (
          await call(clinic.token, {
            url: `/api/messages/conversations/${conversationId}/messages?before=${firstPage.nextCursor}`,
          })
        ).json(),
      );
      expect(rest.items).toHaveLength(12);
      expect(rest.nextCursor).toBeNull();
      expect(new Set([...firstPage.items, ...rest.items].map((item) => item.id)).size).toBe(42);
    });

    it(`answers 429 after MESSAGE_LIMIT_PER_USER (${MESSAGES_PER_MINUTE}) messages a minute from one account`, async () => {
      const customer = await signUpAs(t.app, 'customer');
      for (let index = 0; index < MESSAGES_PER_MINUTE; index += 1)
        expect((await write(customer.token, { kind: 'team' }, `Nr ${index}`)).statusCode).toBe(201);
      const flooded = await write(customer.token, { kind: 'team' }, 'En för mycket');
      expect(flooded.statusCode).toBe(429);
      expect(flooded.json().error.message).toBe(
        'Du har skickat många meddelanden på kort tid. Vänta en stund och försök igen.',
      );
    });
  },
);
