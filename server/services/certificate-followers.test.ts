import { isNull } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { ConversationListSchema, StreamMessageSchema, ThreadPageSchema } from '../../contracts/messages.ts';
import { certificateEvents } from '../db/schema/index.ts';
import { listenForCertificateEvents } from '../lib/database-notices.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import { bearer, signUpAs } from '../testing/auth-client.ts';
import { readOutbox } from '../testing/outbox.ts';
import { type EventStreamClient, openEventStream } from '../testing/sse-client.ts';
import { certifyClinic, describeEachEngine } from '../testing/test-app.ts';
import { startFollowerNotifier, tellFollowers } from './certificate-followers.ts';
import { expireCertificates } from './certificate-lifecycle.ts';
import {
  dateInSweden,
  issueCertificate,
  reinstateCertificates,
  suspendCertificates,
  withdrawActiveCertificate,
} from './certificates.ts';
import { sendUnreadNotices } from './messages/unread-notices.ts';

const SITE = 'https://certifieradklinik.example';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon in Sweden today, and `ms` after it: the changes of a test happen on one Swedish day whenever it runs. */
const noon = (ms = 0) => new Date(Date.parse(`${dateInSweden(new Date())}T10:00:00Z`) + ms);

describeEachEngine('followers told of changes to a certificate', {}, (t) => {
  let origin = '';
  const streams: EventStreamClient[] = [];
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  const delivery = (mailer: Mailer = t.app.mailer) => ({ mailer, bus: t.app.messageBus, siteUrl: SITE });

  /** A certified clinic in the register today, and the number of its certificate. */
  async function listedClinic(fullName: string) {
    const clinic = await signUpAs(t.app, 'clinic', fullName);
    return { ...clinic, fullName, number: await certifyClinic(t.db, clinic.id) };
  }
  async function follower(fullName: string, clinicId: string) {
    const customer = await signUpAs(t.app, 'customer', fullName);
    const followed = await t.app.inject({
      method: 'PUT',
      url: `/api/me/follows/${clinicId}`,
      headers: bearer(customer.token),
    });
    expect(followed.statusCode).toBe(204);
    return customer;
  }
  /** The messages in the customer's inbox, newest first, with the conversation's other party. */
  async function inboxOf(token: string) {
    const list = ConversationListSchema.parse(
      (await t.app.inject({ url: '/api/messages/conversations', headers: bearer(token) })).json(),
    );
    const threads = await Promise.all(
      list.items.map(async (conversation) => {
        const page = ThreadPageSchema.parse(
          (
            await t.app.inject({
              url: `/api/messages/conversations/${conversation.id}/messages`,
              headers: bearer(token),
            })
          ).json(),
        );
        return page.items.map((message) => ({
          party: conversation.counterpart.kind,
          from: message.senderName,
          fromMe: message.fromMe,
          content: message.content,
        }));
      }),
    );
    return threads.flat();
  }
  const emailsTo = async (email: string) => (await readOutbox(t.dataDir)).filter((sent) => sent.to === email);

  it('a suspension: every follower finds a message from the certification body in the inbox and gets one email; nobody else hears of it', async () => {
    const clinic = await listedClinic('Följda Kliniken');
    const anna = await follower('Anna', clinic.id);
    const bo = await follower('Bo', clinic.id);
    const stranger = await signUpAs(t.app, 'customer', 'Cecilia');
    const other = await listedClinic('Andra Kliniken');
    await follower('Cecilia följer en annan', other.id);
    const now = noon();
    await suspendCertificates(t.db, clinic.id, 'Tillsynsmyndigheten utreder kliniken.', now, null);

    const told = await tellFollowers(t.db, delivery(), now);
    expect(told).toEqual([
      expect.objectContaining({ clinicId: clinic.id, kind: 'suspended', followers: 2, emailed: 2 }),
    ]);

    const message = [
      `Certifikatet för Följda Kliniken är tillfälligt indraget sedan ${dateInSweden(now)}. Skäl: Tillsynsmyndigheten utreder kliniken.`,
      'Kliniken visas inte i registret medan certifikatet är indraget.',
      '',
      `Se certifikatet: ${SITE}/verifiera/${clinic.number}`,
    ].join('\n');
    for (const customer of [anna, bo]) {
      expect(await inboxOf(customer.token)).toEqual([
        { party: 'team', from: 'Certifierad Klinik', fromMe: false, content: message },
      ]);
      const emails = await emailsTo(customer.email);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.subject).toBe(
        'Följda Kliniken: certifikatet är tillfälligt indraget / certificate suspended – Certifierad Klinik',
      );
      expect(emails[0]?.text).toContain(
        'Du följer Följda Kliniken. Certifikatet för Följda Kliniken är tillfälligt indraget sedan',
      );
      expect(emails[0]?.text).toContain(
        'You follow Följda Kliniken. The certificate of Följda Kliniken has been suspended',
      );
      expect(emails[0]?.text).toContain(`${SITE}/verifiera/${clinic.number}`);
    }
    expect(await inboxOf(stranger.token)).toEqual([]);
    expect(await emailsTo(stranger.email)).toEqual([]);
    expect(await t.db.select().from(certificateEvents).where(isNull(certificateEvents.followersToldAt))).toEqual([]);

    // Told once: a second run finds nothing, and the unread notice leaves the body's own message alone.
    expect(await tellFollowers(t.db, delivery(), now)).toEqual([]);
    expect(await sendUnreadNotices(t.db, t.app.mailer, SITE, new Date(now.getTime() + 20 * 60 * 1000))).toEqual([]);
    expect(await emailsTo(anna.email)).toHaveLength(1);
  });

  it('a second change the same day adds a message but no email; the next day emails again', async () => {
    const clinic = await listedClinic('Ofta Ändrade Kliniken');
    const customer = await follower('Dora', clinic.id);
    const today = noon();
    const tomorrow = noon(DAY_MS);

    await suspendCertificates(t.db, clinic.id, 'Försäkringsbrevet saknas.', today, null);
    await tellFollowers(t.db, delivery(), today);
    await reinstateCertificates(t.db, clinic.id, new Date(today.getTime() + 1000), null);
    expect(await tellFollowers(t.db, delivery(), new Date(today.getTime() + 2000))).toEqual([
      expect.objectContaining({ kind: 'reinstated', followers: 1, emailed: 0 }),
    ]);
    expect((await inboxOf(customer.token)).map((message) => message.content.split('\n')[0])).toEqual([
      `Certifikatet för Ofta Ändrade Kliniken gäller igen sedan ${dateInSweden(today)}; indragningen är hävd.`,
      `Certifikatet för Ofta Ändrade Kliniken är tillfälligt indraget sedan ${dateInSweden(today)}. Skäl: Försäkringsbrevet saknas.`,
    ]);
    expect(await emailsTo(customer.email)).toHaveLength(1);

    await suspendCertificates(t.db, clinic.id, 'Försäkringsbrevet saknas igen.', tomorrow, null);
    expect(await tellFollowers(t.db, delivery(), tomorrow)).toEqual([
      expect.objectContaining({ kind: 'suspended', followers: 1, emailed: 1 }),
    ]);
    expect(await inboxOf(customer.token)).toHaveLength(3);
    expect((await emailsTo(customer.email)).map((email) => email.subject)).toEqual([
      'Ofta Ändrade Kliniken: certifikatet är tillfälligt indraget / certificate suspended – Certifierad Klinik',
      'Ofta Ändrade Kliniken: certifikatet är tillfälligt indraget / certificate suspended – Certifierad Klinik',
    ]);
  });

  it('two notifiers at once tell each change once; a failed email leaves the change waiting for the next run', async () => {
    const clinic = await listedClinic('Samtidiga Kliniken');
    const customer = await follower('Erik', clinic.id);
    const now = noon();
    await suspendCertificates(t.db, clinic.id, 'Utreds.', now, null);
    const failing: Mailer = {
      async send() {
        throw new Error('SMTP down');
      },
    };
    await expect(tellFollowers(t.db, delivery(failing), now)).rejects.toThrow('SMTP down');
    expect(await inboxOf(customer.token)).toEqual([]);

    const sent: MailMessage[] = [];
    const capturing: Mailer = {
      async send(message) {
        sent.push(message);
      },
    };
    const runs = await Promise.all([
      tellFollowers(t.db, delivery(capturing), now),
      tellFollowers(t.db, delivery(capturing), now),
    ]);
    expect(runs.flat()).toEqual([expect.objectContaining({ kind: 'suspended', followers: 1, emailed: 1 })]);
    expect(sent.map((message) => message.to)).toEqual([customer.email]);
    expect(await inboxOf(customer.token)).toHaveLength(1);
  });

  it('says what happened: withdrawn with the reason, renewed with its last day, expired; one message when a change touches both years', async () => {
    const today = dateInSweden(new Date());
    const year = Number(today.slice(0, 4));
    const withdrawn = await listedClinic('Återkallade Kliniken');
    const renewed = await listedClinic('Förnyade Kliniken');
    const lapsing = await listedClinic('Utgående Kliniken');
    const customer = await follower('Frida', withdrawn.id);
    for (const clinic of [renewed, lapsing]) {
      const followed = await t.app.inject({
        method: 'PUT',
        url: `/api/me/follows/${clinic.id}`,
        headers: bearer(customer.token),
      });
      expect(followed.statusCode).toBe(204);
    }
    // Next year's certificates of two renewals; the second clinic then loses both at once.
    const nextYear = `${year + 1}-01-01`;
    const renewal = await issueCertificate(t.db, renewed.id, noon(), nextYear, { kind: 'renewed' });
    await tellFollowers(t.db, delivery(), noon());
    const withdrawnRenewal = await issueCertificate(t.db, withdrawn.id, noon(1000), nextYear, { kind: 'renewed' });
    await tellFollowers(t.db, delivery(), noon(1000));
    await withdrawActiveCertificate(t.db, withdrawn.id, 'Kliniken har injicerat utan legitimation.', noon(2000), null);
    expect(await tellFollowers(t.db, delivery(), noon(2000))).toEqual([
      expect.objectContaining({ kind: 'withdrawn', eventIds: [expect.any(String), expect.any(String)], emailed: 0 }),
    ]);
    // New Year: the renewed clinic's old certificate expires with next year's in force, the other's without.
    const newYear = new Date(`${nextYear}T10:00:00Z`);
    await expireCertificates(t.db, newYear);
    const told = await tellFollowers(t.db, delivery(), newYear);
    expect(told.map((change) => [change.clinicId, change.kind, change.followers]).sort()).toEqual(
      [
        [renewed.id, 'expired', 0],
        [lapsing.id, 'expired', 1],
      ].sort(),
    );

    expect((await inboxOf(customer.token)).map((message) => message.content)).toEqual([
      [
        `Certifikatet för Utgående Kliniken gällde till och med ${year}-12-31 och har gått ut utan att förnyas. Kliniken har lämnat registret.`,
        '',
        `Se certifikatet: ${SITE}/verifiera/${lapsing.number}`,
      ].join('\n'),
      [
        `Certifikatet för Återkallade Kliniken återkallades ${today}. Skäl: Kliniken har injicerat utan legitimation.`,
        'Kliniken har lämnat registret.',
        '',
        `Se certifikatet: ${SITE}/verifiera/${withdrawn.number}`,
      ].join('\n'),
      [
        `Återkallade Kliniken har förnyat sitt certifikat: ${withdrawnRenewal} gäller till och med ${year + 1}-12-31.`,
        '',
        `Se certifikatet: ${SITE}/verifiera/${withdrawnRenewal}`,
      ].join('\n'),
      [
        `Förnyade Kliniken har förnyat sitt certifikat: ${renewal} gäller till och med ${year + 1}-12-31.`,
        '',
        `Se certifikatet: ${SITE}/verifiera/${renewal}`,
      ].join('\n'),
    ]);
    // One email per clinic and day: the withdrawal came the day of the same clinic's renewal.
    expect((await emailsTo(customer.email)).map((email) => email.subject)).toEqual([
      'Förnyade Kliniken: certifikatet är förnyat / certificate renewed – Certifierad Klinik',
      'Återkallade Kliniken: certifikatet är förnyat / certificate renewed – Certifierad Klinik',
      'Utgående Kliniken: certifikatet har gått ut / certificate expired – Certifierad Klinik',
    ]);
  });

  it("wakes on the database's notice when a change is committed, and the follower's open inbox shows the message at once", async () => {
    const clinic = await listedClinic('Levande Kliniken');
    const customer = await follower('Gustav', clinic.id);
    const stream = await openEventStream(`${origin}/api/messages/stream`, bearer(customer.token));
    streams.push(stream);
    expect(stream.status).toBe(200);
    const notices = await listenForCertificateEvents(t.handle, { log: t.app.log });
    const notifier = startFollowerNotifier({
      notices,
      tell: () => tellFollowers(t.db, delivery(), new Date()),
      log: t.app.log,
    });
    try {
      await t.db.transaction(async (tx) => {
        await suspendCertificates(tx, clinic.id, 'Hygienbrister vid inspektionen.', new Date(), null);
      });
      const event = await stream.next((received) => received.event === 'message', { timeoutMs: 10_000 });
      const { message } = StreamMessageSchema.parse(event.data);
      expect(message).toMatchObject({ senderName: 'Certifierad Klinik', fromMe: false });
      expect(message.content).toContain('Certifikatet för Levande Kliniken är tillfälligt indraget sedan');
    } finally {
      await notifier.stop();
      await notices.close();
    }
  });
});
