import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { ConversationListSchema, ThreadPageSchema } from '../../../../contracts/messages.ts';
import { queryRows } from '../../../db/client.ts';
import { conversations, messages } from '../../../db/schema/index.ts';
import { sha256 } from '../../../services/auth/tokens.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

const SITE_URL = 'https://klinik.example';
const greta = {
  name: 'Greta Gäst',
  email: 'greta@example.com',
  subject: 'Fråga om certifiering',
  message: 'Hur lång tid tar det?',
};

// Issue 27 point 7: naming a guest's address is not enough to write into the guest's thread.
describeEachEngine(
  'contact threads cannot be hijacked',
  { env: { SITE_URL, ADMIN_EMAIL: TEST_ADMIN_EMAIL, CONTACT_LIMIT_PER_IP: '100' } },
  (t) => {
    let admin: Awaited<ReturnType<typeof signUpAs>>;
    beforeEach(async () => {
      await t.reset();
      // A mail the last test sent in the background lands first, not in this test's outbox.
      await t.app.mailer.idle();
      await rm(path.join(t.dataDir, 'outbox'), { recursive: true, force: true });
      admin = await signUpAs(t.app, 'admin');
    });

    const send = (payload: object, language = 'sv') =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload,
        remoteAddress: '10.1.0.1',
        headers: { 'accept-language': language },
      });
    const inbox = async () =>
      ConversationListSchema.parse(
        (await t.app.inject({ url: '/api/messages/conversations', headers: bearer(admin.token) })).json(),
      ).items;
    const thread = async (id: string) =>
      ThreadPageSchema.parse(
        (
          await t.app.inject({ url: `/api/messages/conversations/${id}/messages`, headers: bearer(admin.token) })
        ).json(),
      );

    /** The team answers a guest's conversation; the link in the email that goes out, and its token. */
    async function teamAnswers(conversationId: string, content = 'Två till fyra veckor.') {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/messages/conversations/${conversationId}/messages`,
        headers: bearer(admin.token),
        payload: { content },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const mail = (await readOutbox(t.dataDir)).filter((email) => email.to === greta.email).at(-1);
      const link = mail?.link ?? '';
      return { mail, link, token: new URL(link || 'https://x').searchParams.get('token') ?? '' };
    }

    it('a message naming a guest’s address without the link neither renames the guest’s thread nor joins it ("Spoof 2")', async () => {
      expect((await send(greta)).statusCode).toBe(201);
      const [own] = await inbox();
      const spoof = await send({
        ...greta,
        name: 'Spoof 2',
        subject: 'Byt namn',
        message: 'Jag är Greta, skicka allt hit.',
      });
      expect(spoof.statusCode, spoof.body).toBe(201);

      const items = await inbox();
      expect(items).toHaveLength(2);
      const guestThread = items.find((item) => item.id === own?.id);
      const claimed = items.find((item) => item.id !== own?.id);
      // The guest's own thread keeps its name and its one message.
      expect(guestThread?.counterpart).toEqual({
        kind: 'guest',
        email: greta.email,
        name: 'Greta Gäst',
        unconfirmed: false,
      });
      expect((await thread(own?.id ?? '')).items.map((item) => item.senderName)).toEqual(['Greta Gäst']);
      // The other is a thread of its own, marked as from a sender who did not show they hold the address.
      expect(claimed?.counterpart).toEqual({ kind: 'guest', email: greta.email, name: 'Spoof 2', unconfirmed: true });
      expect((await thread(claimed?.id ?? '')).items.map((item) => item.content)).toEqual([
        'Byt namn\n\nJag är Greta, skicka allt hit.',
      ]);
      // The team's copy says so too.
      const copy = (await readOutbox(t.dataDir)).filter((email) => email.to === TEST_ADMIN_EMAIL).at(-1);
      expect(copy?.text).toContain('obekräftad avsändare');
    });

    it('the link in the team’s answer continues the guest’s thread, without renaming it; the token is stored hashed', async () => {
      expect((await send(greta)).statusCode).toBe(201);
      const [own] = await inbox();
      const { link, token } = await teamAnswers(own?.id ?? '');
      expect(link).toMatch(new RegExp(`^${SITE_URL}/kontakta-oss\\?token=[A-Za-z0-9_-]{43}$`));
      const stored = await queryRows<{ token_hash: string; conversation_id: string }>(
        t.db,
        sql`SELECT token_hash, conversation_id FROM guest_thread_tokens`,
      );
      expect(stored).toEqual([{ token_hash: sha256(token), conversation_id: own?.id }]);

      const continued = await send({
        ...greta,
        email: 'Greta@Example.com',
        name: 'Någon annan',
        subject: 'Tack',
        message: 'Då väntar jag.',
        threadToken: token,
      });
      expect(continued.statusCode, continued.body).toBe(201);
      const items = await inbox();
      expect(items).toHaveLength(1);
      expect(items[0]?.counterpart).toEqual({
        kind: 'guest',
        email: greta.email,
        name: 'Greta Gäst',
        unconfirmed: false,
      });
      expect((await thread(own?.id ?? '')).items.map((item) => item.content)).toEqual([
        'Tack\n\nDå väntar jag.',
        'Två till fyra veckor.',
        'Fråga om certifiering\n\nHur lång tid tar det?',
      ]);
    });

    it('refuses an unknown or malformed link, and a link used with another address, with 400 and a reason, storing nothing', async () => {
      expect((await send(greta)).statusCode).toBe(201);
      const [own] = await inbox();
      const { token } = await teamAnswers(own?.id ?? '');
      const before = {
        conversations: (await t.db.select().from(conversations)).length,
        messages: (await t.db.select().from(messages)).length,
        mails: (await readOutbox(t.dataDir)).length,
      };

      const cases: [object, string, string | undefined][] = [
        [{ ...greta, threadToken: 'A'.repeat(43) }, 'thread_link_invalid', undefined],
        [{ ...greta, threadToken: 'inte en länk' }, 'invalid_request', 'threadToken'],
        [{ ...greta, email: 'mallory@example.com', threadToken: token }, 'thread_email_mismatch', 'email'],
      ];
      for (const [payload, code, field] of cases) {
        const answer = await send(payload, 'en');
        expect(answer.statusCode, answer.body).toBe(400);
        const { error } = answer.json();
        expect(error.code).toBe(code);
        expect(error.message).toEqual(expect.any(String));
        if (field) expect(error.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(field);
      }
      expect((await t.db.select().from(conversations)).length).toBe(before.conversations);
      expect((await t.db.select().from(messages)).length).toBe(before.messages);
      expect((await readOutbox(t.dataDir)).length).toBe(before.mails);
    });

    it('refuses a link older than 90 days', async () => {
      expect((await send(greta)).statusCode).toBe(201);
      const [own] = await inbox();
      const { token } = await teamAnswers(own?.id ?? '');
      await t.db.execute(sql`UPDATE guest_thread_tokens SET created_at = now() - interval '91 days'`);
      const answer = await send({ ...greta, threadToken: token });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('thread_link_invalid');
      expect(
        await t.db
          .select()
          .from(messages)
          .where(eq(messages.conversationId, own?.id ?? '')),
      ).toHaveLength(2);
    });
  },
);
