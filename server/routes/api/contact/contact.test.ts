import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ConversationListSchema, SentMessageSchema, ThreadPageSchema } from '../../../../contracts/messages.ts';
import { conversations, messages } from '../../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';
import { createInProcessMessageBus } from '../../../lib/message-bus/in-process-message-bus.ts';
import { receiveContactMessage } from '../../../services/messages/contact.ts';

const form = {
  name: 'Greta Gäst',
  email: 'Greta@Example.com',
  subject: 'Fråga om certifiering',
  message: 'Hur lång tid tar det?\n<b>Tack</b>',
};

describeEachEngine('contact form', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, CONTACT_LIMIT_PER_IP: '3' } }, (t) => {
  const send = (payload: unknown, remoteAddress = '10.0.0.1', language = 'sv') =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      remoteAddress,
      headers: { 'accept-language': language },
    });

  it("lands in the team's inbox as the guest's conversation, mails the team a copy, and the team's answer reaches the guest by email", async () => {
    const admin = await signUpAs(t.app, 'admin');
    const sent = await send(form);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ ok: true });
    // Writing again without the link from the team's answer starts a conversation of its own (contact-threads.test.ts).
    const inbox = ConversationListSchema.parse(
      (await t.app.inject({ url: '/api/messages/conversations', headers: bearer(admin.token) })).json(),
    );
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({
      counterpart: { kind: 'guest', email: 'greta@example.com', name: 'Greta Gäst', unconfirmed: false },
      unread: 1,
    });
    const conversationId = inbox.items[0]?.id ?? '';
    const thread = ThreadPageSchema.parse(
      (
        await t.app.inject({
          url: `/api/messages/conversations/${conversationId}/messages`,
          headers: bearer(admin.token),
        })
      ).json(),
    );
    expect(thread.items.map((item) => [item.content, item.senderName, item.fromMe])).toEqual([
      ['Fråga om certifiering\n\nHur lång tid tar det?\n<b>Tack</b>', 'Greta Gäst', false],
    ]);
    const copies = (await readOutbox(t.dataDir)).filter((email) => email.to === TEST_ADMIN_EMAIL);
    expect(copies.map((email) => email.subject)).toEqual(['Kontaktformulär / Contact form: Fråga om certifiering']);
    expect(copies[0]?.replyTo).toBe('greta@example.com');

    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/messages`,
      headers: bearer(admin.token),
      payload: { content: 'Två till fyra veckor.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(SentMessageSchema.parse(answer.json()).message).toMatchObject({ fromMe: true, senderName: 'Chefen' });
    const toGuest = (await readOutbox(t.dataDir)).filter((email) => email.to === 'greta@example.com');
    expect(toGuest).toHaveLength(1);
    expect(toGuest[0]?.text).toContain('Två till fyra veckor.');
  });

  it('refuses missing, invalid and oversized fields with translated reasons and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...form, name: '  ' }, 'name'],
      [{ ...form, email: 'inte-en-adress' }, 'email'],
      [{ ...form, subject: 'x'.repeat(201) }, 'subject'],
      [{ ...form, message: 'x'.repeat(5001) }, 'message'],
      [{ ...form, message: 'nul\u0000' }, 'message'],
      [{ name: 'Greta' }, 'email'],
      [[form], ''],
    ];
    const mailedBefore = (await readOutbox(t.dataDir)).length;
    for (const [payload, field] of cases) {
      const answer = await send(payload, '10.0.0.2', 'en');
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = answer.json();
      expect(body.error.message).toEqual(expect.any(String));
      if (field) expect(body.error.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(field);
    }
    expect(await t.db.select().from(conversations)).toEqual([]);
    expect(await t.db.select().from(messages)).toEqual([]);
    expect(await readOutbox(t.dataDir)).toHaveLength(mailedBefore);
  });

  it('answers 429 with a reason once one address has sent CONTACT_LIMIT_PER_IP messages, while another address may still write', async () => {
    for (let index = 0; index < 3; index += 1) expect((await send(form, '10.0.0.3')).statusCode).toBe(201);
    const refused = await send(form, '10.0.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_messages',
      message: expect.stringContaining('meddelanden'),
    });
    expect((await send(form, '10.0.0.4')).statusCode).toBe(201);
    expect(await t.db.select().from(messages)).toHaveLength(4);
  });

  it('stores nothing when the copy cannot be mailed', async () => {
    const failingMailer = { send: () => Promise.reject(new Error('smtp down')) };
    await expect(
      receiveContactMessage(
        t.db,
        { bus: createInProcessMessageBus({ log: t.app.log }), mailer: failingMailer },
        TEST_ADMIN_EMAIL,
        { ...form, email: 'greta@example.com' },
      ),
    ).rejects.toMatchObject({
      status: 503,
      code: 'mail_failed',
    });
    expect(await t.db.select().from(conversations).where(eq(conversations.guestEmail, 'greta@example.com'))).toEqual(
      [],
    );
    expect(await t.db.select().from(messages)).toEqual([]);
  });
});
