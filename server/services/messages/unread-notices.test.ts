import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SentMessageSchema } from '../../../contracts/messages.ts';
import { messageEmailNotices, messages } from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../testing/auth-client.ts';
import { certifyClinic, describeEachEngine } from '../../testing/test-app.ts';
import { sendUnreadNotices } from './unread-notices.ts';

const SITE = 'https://klinik.example';
const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);

describeEachEngine('unread message notices', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const recordingMailer = () => {
    const sent: MailMessage[] = [];
    return { sent, send: async (message: MailMessage) => void sent.push(message) };
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

  it('tells the recipient once a message has waited unread for 15 minutes, once per conversation and day, with a link to the inbox', async () => {
    const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
    const clinic = await signUpAs(t.app, 'clinic', 'Notis Klinik');
    await certifyClinic(t.db, clinic.id);
    const { conversationId } = await write(customer.token, { kind: 'user', id: clinic.id }, 'Hej, har ni tid?');
    await write(customer.token, { kind: 'user', id: clinic.id }, 'Och en fråga till');
    // Sent at a fixed time of day (09:00 in Sweden), so that no run below crosses midnight there.
    const sentAt = new Date('2026-11-20T08:00:00Z');
    await t.db.update(messages).set({ createdAt: sentAt });

    const mailer = recordingMailer();
    expect(await sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 14))).toEqual([]);
    expect(await sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 16))).toEqual([
      { conversationId, toSideA: false },
    ]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: clinic.email,
      subject: 'Nytt meddelande från Karin Kund / New message from Karin Kund',
    });
    expect(mailer.sent[0]?.text).toContain(`${SITE}/clinic-dashboard/messages?c=${conversationId}`);
    // Later runs the same day tell nobody again, about these or newer messages of the conversation.
    const { message } = await write(customer.token, { kind: 'user', id: clinic.id }, 'Hallå?');
    await t.db
      .update(messages)
      .set({ createdAt: minutes(sentAt, 20) })
      .where(eq(messages.id, message.id));
    expect(await sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 40))).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
    // The next day they are told again.
    expect(await sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 20 * 60))).toEqual([
      { conversationId, toSideA: false },
    ]);
  });

  it('tells nobody about a message read in time, and every admin about one to the team', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
    const { conversationId } = await write(customer.token, { kind: 'team' }, 'Fråga till supporten');
    const sentAt = new Date('2026-11-20T08:00:00Z');
    await t.db.update(messages).set({ createdAt: sentAt });
    const mailer = recordingMailer();
    const [notice] = await sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 16));
    expect(notice).toEqual({ conversationId, toSideA: false });
    expect(mailer.sent.map((mail) => mail.to)).toEqual([TEST_ADMIN_EMAIL]);
    expect(mailer.sent[0]?.text).toContain(`${SITE}/admin/messages?c=${conversationId}`);

    const answer = await write(admin.token, { kind: 'user', id: customer.id }, 'Svar från oss');
    await t.db
      .update(messages)
      .set({ createdAt: minutes(sentAt, 30) })
      .where(eq(messages.id, answer.message.id));
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${answer.conversationId}/read`,
      headers: bearer(customer.token),
    });
    expect(await sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 50))).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
  });

  it('tries again after a failed send, and two runs at once send once', async () => {
    const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
    await signUpAs(t.app, 'admin');
    const sentAt = new Date();
    await write(customer.token, { kind: 'team' }, 'Hej');
    const failing = { send: () => Promise.reject(new Error('smtp down')) };
    await expect(sendUnreadNotices(t.db, failing, SITE, minutes(sentAt, 16))).rejects.toThrow('smtp down');
    expect(await t.db.select().from(messageEmailNotices)).toEqual([]);

    const mailer = recordingMailer();
    const runs = await Promise.all([
      sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 17)),
      sendUnreadNotices(t.db, mailer, SITE, minutes(sentAt, 17)),
    ]);
    expect(runs.flat()).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });
});
