import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { auditLog, authSessions, dataExports, profiles } from '../../../db/schema/index.ts';
import { dateInSweden } from '../../../lib/swedish-date.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { stateFacts } from '../../../testing/facts.ts';
import { captureLog } from '../../../testing/log-capture.ts';
import { insertInvitation, insertReview } from '../../../testing/reviews.ts';
import { insertPayment } from '../../../testing/payments.ts';
import { certifyClinic, describeEachEngine } from '../../../testing/test-app.ts';
import { readZip } from '../../../testing/unzip.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { signDataExportTicket } from '../../../services/privacy/data-export-ticket.ts';

// Issue 26 point 1 and point 5's export (docs/decisions/034): a person's data as one zip, streamed.

/** The auth clock (ticket expiry); tests move it past a ticket's minute. */
let authClock: Date | null = null;
const log = captureLog('debug');

interface DataJson {
  account: { id: string; email: string };
  profile: { fullName: string; role: string; email: string };
  follows: { clinicId: string; clinicName: string }[];
  reports: { content: string; answer: string | null; status: string }[];
  conversations: { with: { id: string | null; name: string }; messages: { content: string; sentByMe: boolean }[] }[];
  reviewsWritten: { clinicName: string; rating: number; text: string }[];
  reviewInvitationsReceived: { clinicName: string }[];
  clinic: {
    application: { companyName: string | null; treatments: string[] };
    facts: { kind: string; details: Record<string, string> }[];
    documents: { fileName: string; fileInZip: string; sizeBytes: number }[];
    certificates: { number: string; status: string; history: { kind: string }[] }[];
  } | null;
  payments: { number: number; status: string; totalOre: number; buyer: { name: string } }[];
  membershipWaivers: { year: number; reason: string }[];
}

describeEachEngine(
  'data export',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }, auth: { now: () => authClock ?? new Date() }, logger: log.logger },
  (t) => {
    afterEach(() => {
      authClock = null;
      vi.restoreAllMocks();
    });

    const askLink = async (token: string, url = '/api/me/data-export') =>
      t.app.inject({ method: 'POST', url, headers: bearer(token) });
    /** The ticket's address, as the browser gets it. */
    const linkFor = async (token: string, url?: string) => {
      const response = await askLink(token, url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ url: string }>().url;
    };
    const download = async (token: string, url?: string) => t.app.inject({ url: await linkFor(token, url) });
    const dataOf = (files: Map<string, Buffer>) =>
      JSON.parse(files.get('data.json')?.toString('utf8') ?? '') as DataJson;
    const upload = async (token: string, name: string, content: Buffer) => {
      const { payload, headers } = multipartFile(name, content, { contentType: 'application/pdf' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/clinic/documents',
        headers: { ...headers, ...bearer(token) },
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const runningExports = async () => (await t.db.select().from(dataExports)).length;

    it('gives a clinic a zip of its profile, application, facts, certificates and its documents byte for byte', async () => {
      const clinic = await signUpAs(t.app, 'clinic', 'Ljusa Kliniken');
      const first = sampleFiles.pdf(40_000);
      const second = sampleFiles.pdf(1_000);
      await upload(clinic.token, 'försäkring.pdf', first);
      // Two documents of one name are both in the zip.
      await upload(clinic.token, 'försäkring.pdf', second);
      await stateFacts(t.db, clinic.id, ['liability_insurance']);
      const number = await certifyClinic(t.db, clinic.id);
      const invoice = await insertPayment(t.db, { clinicId: clinic.id, status: 'invoiced' });

      const response = await download(clinic.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="certifierad-klinik-uppgifter-${dateInSweden(new Date())}.zip"`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      // Every entry is stored with its size known, so the browser is told the whole size first.
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

      const files = await readZip(response.rawPayload);
      expect([...files.keys()]).toEqual([
        'README.txt',
        'data.json',
        'documents/försäkring.pdf',
        'documents/försäkring (2).pdf',
      ]);
      expect(files.get('documents/försäkring.pdf')?.equals(first)).toBe(true);
      expect(files.get('documents/försäkring (2).pdf')?.equals(second)).toBe(true);
      const readme = files.get('README.txt')?.toString('utf8') ?? '';
      expect(readme).toContain('DINA UPPGIFTER');
      expect(readme).toContain('YOUR DATA');
      expect(readme).toContain(clinic.email);
      expect(readme).toContain(TEST_ADMIN_EMAIL);

      const data = dataOf(files);
      expect(data.account).toMatchObject({ id: clinic.id, email: clinic.email });
      expect(data.profile).toMatchObject({ fullName: 'Ljusa Kliniken', role: 'clinic', email: clinic.email });
      expect(data.clinic?.facts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'liability_insurance',
            details: expect.objectContaining({ insurer: 'Exempel Försäkring AB' }),
          }),
        ]),
      );
      expect(data.clinic?.documents).toEqual([
        expect.objectContaining({
          fileName: 'försäkring.pdf',
          fileInZip: 'documents/försäkring.pdf',
          sizeBytes: first.length,
        }),
        expect.objectContaining({ fileName: 'försäkring.pdf', fileInZip: 'documents/försäkring (2).pdf' }),
      ]);
      expect(data.clinic?.certificates).toEqual([
        expect.objectContaining({ number, status: 'active', history: [expect.objectContaining({ kind: 'issued' })] }),
      ]);
      expect(data.clinic?.application).toHaveProperty('treatments');
      // The membership's invoice as its document shows it, the buyer's details included (issue 25).
      expect(data.payments).toEqual([
        expect.objectContaining({
          number: invoice.number,
          status: 'invoiced',
          totalOre: invoice.totalOre,
          buyer: expect.objectContaining({ name: invoice.buyerName }),
        }),
      ]);
      expect(data.membershipWaivers).toEqual([]);
      expect(readme).toContain('medlemskapets betalningar och fakturor');
      // Where the files lie in the store, and the secrets of sign-in, are not the person's data.
      expect(files.get('data.json')?.toString('utf8')).not.toMatch(/storagePath|encryptedPassword|tokenHash|SearchKey/);
      expect(await runningExports()).toBe(0);
    });

    it("gives a customer a zip of its follows, reports with the body's answers, messages and reviews", async () => {
      const clinic = await signUpAs(t.app, 'clinic', 'Ljusa Kliniken');
      await certifyClinic(t.db, clinic.id);
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const admin = await signUpAs(t.app, 'admin');
      const as = (token: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

      expect((await as(customer.token, 'PUT', `/api/me/follows/${clinic.id}`)).statusCode).toBe(204);
      const report = await as(customer.token, 'POST', '/api/me/reports', {
        clinicName: 'Ljusa Kliniken',
        content: 'Priserna på sidan stämmer inte med kassan.',
      });
      const reportId = report.json<{ id: string }>().id;
      await as(admin.token, 'PATCH', `/api/admin/reports/${reportId}`, { adminResponse: 'Vi har talat med kliniken.' });
      const sent = await as(customer.token, 'POST', '/api/messages', {
        to: { kind: 'user', id: clinic.id },
        content: 'Har ni tid på torsdag?',
      });
      const { conversationId } = sent.json<{ conversationId: string }>();
      await as(clinic.token, 'POST', `/api/messages/conversations/${conversationId}/messages`, {
        content: 'Ja, klockan tio.',
      });
      await insertReview(t.db, { clinicId: clinic.id, authorId: customer.id, rating: 4 });
      await insertInvitation(t.db, { clinicId: clinic.id, email: customer.email });

      const response = await download(customer.token);
      expect(response.statusCode).toBe(200);
      const files = await readZip(response.rawPayload);
      expect([...files.keys()]).toEqual(['README.txt', 'data.json']);
      const data = dataOf(files);
      expect(data.account.email).toBe(customer.email);
      expect(data.follows).toEqual([expect.objectContaining({ clinicId: clinic.id, clinicName: 'Ljusa Kliniken' })]);
      expect(data.reports).toEqual([
        expect.objectContaining({
          content: 'Priserna på sidan stämmer inte med kassan.',
          answer: 'Vi har talat med kliniken.',
          status: 'Hanterad',
        }),
      ]);
      expect(data.conversations).toEqual([
        expect.objectContaining({
          with: { id: clinic.id, name: 'Ljusa Kliniken' },
          messages: [
            expect.objectContaining({ content: 'Har ni tid på torsdag?', sentByMe: true }),
            expect.objectContaining({ content: 'Ja, klockan tio.', sentByMe: false }),
          ],
        }),
      ]);
      expect(data.reviewsWritten).toEqual([expect.objectContaining({ clinicName: 'Ljusa Kliniken', rating: 4 })]);
      // The invitation of the review (claimed) and the one sent to the address.
      expect(data.reviewInvitationsReceived).toHaveLength(2);
      expect(data.clinic).toBeNull();

      // The other side of a conversation, once its account is deleted, is named as everyone sees it.
      await t.db.update(profiles).set({ deletedAt: new Date() }).where(eq(profiles.id, clinic.id));
      const later = dataOf(await readZip((await download(customer.token)).rawPayload));
      expect(later.conversations[0]?.with).toEqual({ id: clinic.id, name: 'Borttagen användare' });
    });

    /** Reads an answer bit by bit, as a browser saving to disk does. */
    function reader(stream: Readable) {
      const chunks: Buffer[] = [];
      let received = 0;
      return {
        get received() {
          return received;
        },
        async until(bytes: number) {
          while (received < bytes) {
            const chunk = stream.read() as Buffer | null;
            if (chunk) {
              chunks.push(chunk);
              received += chunk.length;
            } else if (stream.readableEnded) {
              throw new Error(`The answer ended after ${received} bytes`);
            } else {
              await Promise.race([once(stream, 'readable'), once(stream, 'end')]);
            }
          }
        },
        async rest() {
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        },
      };
    }

    it('streams: a file is read from the store only when its turn comes, and the answer flows before the last file is read', async () => {
      const clinic = await signUpAs(t.app, 'clinic');
      const contents = [1, 2, 3].map((n) => Buffer.concat([sampleFiles.pdf(3_000_000), Buffer.from(`fil ${n}`)]));
      for (const [index, content] of contents.entries()) await upload(clinic.token, `bilaga-${index + 1}.pdf`, content);

      // The second file's bytes come only when the test lets them: an export that read every file, or
      // built the zip, before answering would never send the first file's bytes.
      const store = t.app.fileStore;
      const realGet = store.get.bind(store);
      const opened: string[] = [];
      let letSecondFlow = () => {};
      vi.spyOn(store, 'get').mockImplementation(async (bucket, storagePath) => {
        opened.push(storagePath);
        const file = await realGet(bucket, storagePath);
        if (!file || opened.length !== 2) return file;
        const held = new PassThrough();
        letSecondFlow = () => file.body.pipe(held);
        return { ...file, body: held };
      });

      const secondLink = await linkFor(clinic.token);
      const response = await t.app.inject({ url: await linkFor(clinic.token), payloadAsStream: true });
      expect(response.statusCode).toBe(200);
      const answer = reader(response.stream());
      // The first file goes out whole and the second is opened (its header follows the first file's
      // bytes); the third is not opened yet.
      await answer.until(contents[0]?.length ?? 0);
      while (opened.length < 2) await answer.until(answer.received + 1);
      expect(opened).toHaveLength(2);

      // Meanwhile the export runs: another is refused, through the button and through a link in hand.
      const refused = await askLink(clinic.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: {
          code: 'data_export_running',
          message: 'En nedladdning av dina uppgifter pågår redan. Försök igen om en stund.',
        },
      });
      const second = await t.app.inject({ url: secondLink });
      expect(second.statusCode).toBe(409);

      letSecondFlow();
      const files = await readZip(await answer.rest());
      expect(opened).toHaveLength(3);
      contents.forEach((content, index) =>
        expect(files.get(`documents/bilaga-${index + 1}.pdf`)?.equals(content), `bilaga-${index + 1}.pdf`).toBe(true),
      );
      // The claim is gone before the last byte: the next export may start at once.
      expect(await runningExports()).toBe(0);
      expect((await askLink(clinic.token)).statusCode).toBe(200);
    });

    it('frees the claim and stops reading the file store when the browser goes away', async () => {
      const clinic = await signUpAs(t.app, 'clinic');
      await upload(clinic.token, 'stor.pdf', sampleFiles.pdf(4_000_000));
      const store = t.app.fileStore;
      const realGet = store.get.bind(store);
      const bodies: Readable[] = [];
      vi.spyOn(store, 'get').mockImplementation(async (bucket, storagePath) => {
        const file = await realGet(bucket, storagePath);
        if (file) bodies.push(file.body);
        return file;
      });

      const response: LightMyRequestResponse = await t.app.inject({
        url: await linkFor(clinic.token),
        payloadAsStream: true,
      });
      const stream = response.stream();
      await reader(stream).until(100_000);
      expect(await runningExports()).toBe(1);
      stream.destroy();
      response.raw.res.destroy();

      await expect.poll(runningExports).toBe(0);
      await expect.poll(() => bodies.every((body) => body.destroyed)).toBe(true);
      expect((await download(clinic.token)).statusCode).toBe(200);
    });

    it('takes over a running export left by a process that died, and refuses one that still runs', async () => {
      const customer = await signUpAs(t.app, 'customer');
      await t.db
        .insert(dataExports)
        .values({ userId: customer.id, startedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });
      expect((await download(customer.token)).statusCode).toBe(200);
      await t.db.insert(dataExports).values({ userId: customer.id, startedAt: new Date(Date.now() - 60 * 1000) });
      expect((await askLink(customer.token)).statusCode).toBe(409);
    });

    it('refuses a ticket that expired, was altered, is an access token or outlived its session, with a reason', async () => {
      const customer = await signUpAs(t.app, 'customer');
      const link = await linkFor(customer.token);
      const ticket = new URL(link, 'http://klinik.test').searchParams.get('ticket') ?? '';
      const refusal = async (url: string) => {
        const response = await t.app.inject({ url });
        return { status: response.statusCode, code: response.json<{ error: { code: string } }>().error.code };
      };

      authClock = new Date(Date.now() + 61_000);
      expect(await refusal(link)).toEqual({ status: 401, code: 'data_export_ticket_expired' });
      const expired = await t.app.inject({ url: link, headers: { 'accept-language': 'en' } });
      expect(expired.json<{ error: { message: string } }>().error.message).toBe(
        'The download link has expired. Go back and press the button again.',
      );
      authClock = null;

      const altered = `${ticket.slice(0, 40)}${ticket[40] === 'A' ? 'B' : 'A'}${ticket.slice(41)}`;
      expect(await refusal(`/api/data-export?ticket=${altered}`)).toEqual({
        status: 401,
        code: 'data_export_ticket_invalid',
      });
      expect(await refusal(`/api/data-export?ticket=${customer.token}`)).toEqual({
        status: 401,
        code: 'data_export_ticket_invalid',
      });
      expect((await refusal('/api/data-export')).status).toBe(400);

      const signOut = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=global',
        headers: bearer(customer.token),
      });
      expect(signOut.statusCode).toBe(204);
      expect(await refusal(link)).toEqual({ status: 401, code: 'data_export_ticket_invalid' });
      expect(await runningExports()).toBe(0);
    });

    it("lets only an admin export another person's data, and writes that to the audit log", async () => {
      const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
      const other = await signUpAs(t.app, 'customer', 'Olle Annan');
      const clinic = await signUpAs(t.app, 'clinic');
      const admin = await signUpAs(t.app, 'admin');
      const adminRoute = `/api/admin/users/${customer.id}/data-export`;

      expect((await askLink(other.token, adminRoute)).statusCode).toBe(403);
      expect((await askLink(clinic.token, adminRoute)).statusCode).toBe(403);
      expect(
        (await askLink(admin.token, '/api/admin/users/00000000-0000-4000-8000-000000000000/data-export')).statusCode,
      ).toBe(404);
      // A ticket for someone else's data made for a customer (only the server could sign one) is refused too.
      const [session] = await t.db.select().from(authSessions).where(eq(authSessions.userId, other.id));
      const forged = await signDataExportTicket(t.app.authSettings, {
        subjectId: customer.id,
        askerId: other.id,
        sessionId: session?.id ?? '',
      });
      expect((await t.app.inject({ url: `/api/data-export?ticket=${forged}` })).statusCode).toBe(401);
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'data_exported'))).toEqual([]);

      const response = await download(admin.token, adminRoute);
      expect(response.statusCode).toBe(200);
      const data = dataOf(await readZip(response.rawPayload));
      expect(data.account).toMatchObject({ id: customer.id, email: customer.email });
      expect(data.profile.fullName).toBe('Karin Kund');
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'data_exported'))).toEqual([
        expect.objectContaining({ actorId: admin.id, targetId: customer.id }),
      ]);
    });

    it('keeps the ticket out of the log', async () => {
      const customer = await signUpAs(t.app, 'customer');
      const link = await linkFor(customer.token);
      log.lines.length = 0;
      expect((await t.app.inject({ url: link })).statusCode).toBe(200);
      const ticket = new URL(link, 'http://klinik.test').searchParams.get('ticket') ?? '';
      expect(log.lines.join('\n')).toContain('/api/data-export?ticket=%5Bredacted%5D');
      expect(log.lines.join('\n')).not.toContain(ticket);
    });
  },
);
