import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { AdminUserPageSchema } from '../../../contracts/admin.ts';
import { CertificateHistoryPageSchema, CertificateVerificationSchema } from '../../../contracts/certificates.ts';
import { AdminReportPageSchema } from '../../../contracts/customer-area.ts';
import { ClinicLeftRegisterSchema, FollowedClinicSchema } from '../../../contracts/left-register.ts';
import { ConversationListSchema, ThreadPageSchema } from '../../../contracts/messages.ts';
import {
  auditLog,
  authSessions,
  clinicDocuments,
  fileDeletions,
  followedClinics,
  profiles,
  refreshTokens,
  reports,
  users,
} from '../../db/schema/index.ts';
import { OUTBOX_FOLDER } from '../../lib/mailer.ts';
import {
  bearer,
  createAuthClient,
  newAccount,
  signUpWith,
  TEST_ADMIN_EMAIL,
  type TestAccount,
} from '../../testing/auth-client.ts';
import { readOutbox } from '../../testing/outbox.ts';
import { insertReview } from '../../testing/reviews.ts';
import { certifyClinic, describeEachEngine } from '../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../testing/uploads.ts';

// Issue 26 point 2 (a person deletes the own account with its password) and point 5 (an admin erases
// one on request): one transaction, signed out at once, an anonymous row that keeps what others keep.

const SITE = 'https://certifieradklinik.example';

describeEachEngine('deleting an account', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, SITE_URL: SITE } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  // Each test reads only its own emails.
  beforeEach(() => rmSync(path.join(t.dataDir, OUTBOX_FOLDER), { recursive: true, force: true }));

  /** A new signed-in account with its password and refresh token; an admin by ADMIN_EMAIL, or promoted. */
  async function register(
    role: 'customer' | 'clinic' | 'admin',
    fullName: string,
    overrides: Partial<TestAccount> = {},
  ) {
    const account = newAccount({ role: role === 'admin' ? 'customer' : role, fullName, ...overrides });
    const session = await signUpWith(createAuthClient(t.app), account);
    if (role === 'admin' && session.user.app_metadata.role !== 'admin')
      await t.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, session.user.id));
    return {
      id: session.user.id,
      email: account.email,
      password: account.password,
      token: session.access_token,
      refreshToken: session.refresh_token,
    };
  }
  type Person = Awaited<ReturnType<typeof register>>;

  const deleteAccount = (person: Person, password = person.password, lng = 'sv') =>
    call(person.token, { method: 'DELETE', url: `/api/me/account?lng=${lng}`, payload: { password } });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password } });

  /** A customer who follows a certified clinic, reported it and wrote to it; the clinic answered. */
  async function customerWithHistory() {
    const clinic = await register('clinic', 'Hudkliniken Linnea');
    await certifyClinic(t.db, clinic.id);
    const customer = await register('customer', 'Karin Kund');
    expect((await call(customer.token, { method: 'PUT', url: `/api/me/follows/${clinic.id}` })).statusCode).toBe(204);
    const report = await call(customer.token, {
      method: 'POST',
      url: '/api/me/reports',
      payload: { clinicName: 'Hudkliniken Linnea', content: 'Prislistan stämde inte med notan.' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const sent = await call(customer.token, {
      method: 'POST',
      url: '/api/messages',
      payload: { to: { kind: 'user', id: clinic.id }, content: 'Har ni tid på torsdag?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const conversationId = sent.json<{ conversationId: string }>().conversationId;
    const answer = await call(clinic.token, {
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/messages`,
      payload: { content: 'Ja, klockan tio.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return { clinic, customer, conversationId, reportId: report.json<{ id: string }>().id };
  }

  it('refuses a wrong password in words and changes nothing', async () => {
    const { customer, clinic } = await customerWithHistory();
    const before = await t.db.select().from(profiles).where(eq(profiles.id, customer.id));

    const wrong = await deleteAccount(customer, 'inte-mitt-lösenord');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: { code: 'wrong_password', message: 'Fel lösenord. Kontot har inte raderats.' },
    });
    const english = await deleteAccount(customer, 'inte-mitt-lösenord', 'en');
    expect(english.json().error.message).toBe('Wrong password. The account has not been deleted.');
    const empty = await deleteAccount(customer, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].message).toBe('Ange ditt lösenord.');

    expect(await t.db.select().from(profiles).where(eq(profiles.id, customer.id))).toEqual(before);
    expect((await call(customer.token, { url: '/api/me/profile' })).statusCode).toBe(200);
    expect(await t.db.select().from(followedClinics).where(eq(followedClinics.clinicId, clinic.id))).toHaveLength(1);
    expect((await signIn(customer.email, customer.password)).statusCode).toBe(200);
    expect(await readOutbox(t.dataDir)).toEqual([]);
  });

  it("ends a customer's sessions at once, removes the follows and the name, and keeps reports and messages for the other side", async () => {
    const { clinic, customer, conversationId, reportId } = await customerWithHistory();
    const admin = await register('admin', 'Chefen', { email: TEST_ADMIN_EMAIL });

    await insertReview(t.db, { clinicId: clinic.id, authorId: customer.id });
    const deleted = await deleteAccount(customer);
    expect(deleted.statusCode, deleted.body).toBe(204);

    // Signed out everywhere at once: the access token, the refresh token and the password.
    expect((await call(customer.token, { url: '/api/me/profile' })).statusCode).toBe(401);
    expect((await call(customer.token, { url: '/api/messages/conversations' })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: customer.refreshToken },
    });
    expect(refresh.statusCode).toBe(400);
    expect((await signIn(customer.email, customer.password)).statusCode).toBe(400);
    // A second delete: the session is gone.
    expect((await deleteAccount(customer)).statusCode).toBe(401);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, customer.id))).toEqual([]);
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, customer.id))).toEqual([]);

    // The row stays, anonymous, with an address that takes no mail.
    const [identity] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(identity).toMatchObject({
      email: `deleted-${customer.id}@deleted.invalid`,
      encryptedPassword: null,
      recoveryTokenHash: null,
      emailChange: null,
    });
    expect(identity?.deletedAt).toBeInstanceOf(Date);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(profile).toMatchObject({ fullName: '', email: `deleted-${customer.id}@deleted.invalid`, phoneNumber: null });
    expect(await t.db.select().from(followedClinics).where(eq(followedClinics.userId, customer.id))).toEqual([]);

    // The clinic still has the conversation, from "Borttagen användare", and cannot write into it any more.
    const inbox = ConversationListSchema.parse(
      (await call(clinic.token, { url: '/api/messages/conversations' })).json(),
    );
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]?.counterpart).toMatchObject({ kind: 'user', fullName: 'Borttagen användare' });
    const thread = ThreadPageSchema.parse(
      (await call(clinic.token, { url: `/api/messages/conversations/${conversationId}/messages` })).json(),
    );
    expect(thread.items.map((message) => [message.senderName, message.content])).toEqual([
      ['Hudkliniken Linnea', 'Ja, klockan tio.'],
      ['Borttagen användare', 'Har ni tid på torsdag?'],
    ]);
    const inEnglish = ThreadPageSchema.parse(
      (
        await call(clinic.token, {
          url: `/api/messages/conversations/${conversationId}/messages`,
          headers: { 'accept-language': 'en' },
        })
      ).json(),
    );
    expect(inEnglish.conversation.counterpart).toMatchObject({ fullName: 'Deleted user' });
    expect(inEnglish.items[1]?.senderName).toBe('Deleted user');
    const reply = await call(clinic.token, {
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/messages`,
      payload: { content: 'Hallå?' },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe('Kontot är borttaget, så meddelandet kan inte skickas.');

    // A review stays on the clinic's page, by "Tidigare kund" (authorName null).
    const reviews = await t.app.inject({ url: `/api/clinics/${clinic.id}/reviews` });
    expect(reviews.json().items.map((review: { authorName: string | null }) => review.authorName)).toEqual([null]);

    // The report stays for the certification record, without who wrote it.
    const reportList = AdminReportPageSchema.parse((await call(admin.token, { url: '/api/admin/reports' })).json());
    expect(reportList.items.find((report) => report.id === reportId)).toMatchObject({
      content: 'Prislistan stämde inte med notan.',
      reporter: { id: customer.id, fullName: 'Borttagen användare', email: null },
    });
    expect(await t.db.select().from(reports).where(eq(reports.id, reportId))).toHaveLength(1);
    const answered = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/reports/${reportId}`,
      payload: { adminResponse: 'Vi har talat med kliniken.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // The admin's overview names the sender in its latest messages the same way.
    const latest = await call(admin.token, { url: '/api/admin/messages/latest' });
    expect(JSON.stringify(latest.json())).toContain('Borttagen användare');
    expect(JSON.stringify(latest.json())).not.toContain('Karin Kund');

    // A deleted account is no customer of the users table, nor of the overview's count.
    const customers = AdminUserPageSchema.parse((await call(admin.token, { url: '/api/admin/users' })).json());
    expect(customers.items.map((row) => row.id)).not.toContain(customer.id);
    expect((await call(admin.token, { url: '/api/admin/stats' })).json()).toMatchObject({ customers: 0 });

    // One confirmation, to the address the account had (the report's answer went nowhere).
    const mail = await readOutbox(t.dataDir);
    expect(mail.map((email) => [email.to, email.subject])).toEqual([
      [customer.email, 'Ditt konto är raderat / Your account has been deleted – Certifierad Klinik'],
    ]);
    expect(mail[0]?.text).toContain('Dina meddelanden finns kvar hos mottagarna under namnet ”Borttagen användare”');
    expect(mail[0]?.link).toBe(`${SITE}/register`);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(audit).toMatchObject({ actorId: customer.id, action: 'account.deleted', details: { role: 'customer' } });
  });

  it('lets the address sign up again as a fresh account', async () => {
    const customer = await register('customer', 'Karin Kund');
    expect((await deleteAccount(customer)).statusCode).toBe(204);

    const again = await register('customer', 'Karin Ny', { email: customer.email.toUpperCase() });
    expect(again.id).not.toBe(customer.id);
    const profile = await call(again.token, { url: '/api/me/profile' });
    expect(profile.json()).toMatchObject({ email: customer.email, fullName: 'Karin Ny' });
    expect((await signIn(customer.email, customer.password)).statusCode).toBe(200);
  });

  it("withdraws a clinic's certificate with 'Kontot avslutat', keeps its public history and page, and queues its cover", async () => {
    const clinic = await register('clinic', 'Hudkliniken Linnea');
    const upload = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const number = await certifyClinic(t.db, clinic.id);
    await t.db
      .update(profiles)
      .set({
        city: 'Umeå',
        contactPerson: 'Linnea Berg',
        phoneNumber: '070-123 45 67',
        bookingUrl: 'https://boka.example',
      })
      .where(eq(profiles.id, clinic.id));
    const cover = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/cover',
      ...multipartFile('omslag.png', sampleFiles.png()),
    });
    expect(cover.statusCode, cover.body).toBe(200);
    const [{ slug, coverImagePath, coverImageUrl } = { slug: null, coverImagePath: null, coverImageUrl: null }] =
      await t.db.select().from(profiles).where(eq(profiles.id, clinic.id));
    const follower = await register('customer', 'Följaren');
    await call(follower.token, { method: 'PUT', url: `/api/me/follows/${clinic.id}` });

    expect((await deleteAccount(clinic)).statusCode).toBe(204);
    expect((await call(clinic.token, { url: '/api/clinic/profile' })).statusCode).toBe(401);

    const verification = CertificateVerificationSchema.parse(
      (await t.app.inject({ url: `/api/certificates/${number}` })).json(),
    );
    expect(verification).toMatchObject({
      status: 'withdrawn',
      withdrawnReason: 'Kontot avslutat',
      clinic: { fullName: 'Hudkliniken Linnea', city: 'Umeå' },
      listed: false,
    });
    const history = CertificateHistoryPageSchema.parse(
      (await t.app.inject({ url: `/api/certificates/${number}/history` })).json(),
    );
    expect(history.items.map((event) => [event.kind, event.reason])).toEqual([
      ['withdrawn', 'Kontot avslutat'],
      ['issued', null],
    ]);
    // Its page says it was withdrawn, as for any clinic that left the register.
    const page = await t.app.inject({ url: `/api/clinics/by-slug/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(ClinicLeftRegisterSchema.parse(page.json())).toMatchObject({
      fullName: 'Hudkliniken Linnea',
      leftRegister: { status: 'withdrawn', certificateNumber: number },
    });
    const follows = await call(follower.token, { url: '/api/me/follows' });
    expect(FollowedClinicSchema.parse(follows.json().items[0]).leftRegister).toMatchObject({ status: 'withdrawn' });

    // The name stays for the record; the contact details and the cover go, the cover file through the job.
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, clinic.id));
    expect(profile).toMatchObject({
      fullName: 'Hudkliniken Linnea',
      contactPerson: null,
      phoneNumber: null,
      bookingUrl: null,
      coverImagePath: null,
      coverImageUrl: null,
      isCertified: false,
      applicationStatus: 'Nekad',
    });
    expect(profile?.deletedAt).toBeInstanceOf(Date);
    expect((await t.app.inject({ url: String(coverImageUrl) })).statusCode).toBe(404);
    expect(await t.db.select({ bucket: fileDeletions.bucket, path: fileDeletions.path }).from(fileDeletions)).toEqual([
      { bucket: 'clinic-covers', path: coverImagePath },
    ]);
    // The documents wait for the retention job.
    expect(await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.clinicId, clinic.id))).toHaveLength(1);
    const [mail] = await readOutbox(t.dataDir);
    expect(mail?.to).toBe(clinic.email);
    expect(mail?.text).toContain('Klinikens certifikat är återkallat med skälet ”Kontot avslutat”.');
  });

  it('refuses to delete the last admin, and deletes an admin while another remains', async () => {
    const admin = await register('admin', 'Chefen', { email: TEST_ADMIN_EMAIL });
    const last = await deleteAccount(admin);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({
      code: 'last_admin',
      message: 'Det sista administratörskontot kan inte raderas. Gör först någon annan till administratör.',
    });
    expect((await call(admin.token, { url: '/api/admin/stats' })).statusCode).toBe(200);

    const second = await register('admin', 'Biträdande');
    expect((await deleteAccount(admin)).statusCode).toBe(204);
    expect((await call(admin.token, { url: '/api/admin/stats' })).statusCode).toBe(401);
    // The one left is now the last.
    const erase = await call(second.token, {
      method: 'POST',
      url: `/api/admin/users/${second.id}/erase`,
      payload: { reason: 'Testar' },
    });
    expect(erase.statusCode).toBe(409);
    expect(erase.json().error.code).toBe('last_admin');
  });

  it("erases a person on request with the admin's reason in the audit log, and answers a second erase clearly", async () => {
    const admin = await register('admin', 'Chefen', { email: TEST_ADMIN_EMAIL });
    const customer = await register('customer', 'Karin Kund');
    const erase = (id: string, payload: { reason: string }, lng = 'sv') =>
      call(admin.token, { method: 'POST', url: `/api/admin/users/${id}/erase?lng=${lng}`, payload });

    const noReason = await erase(customer.id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.issues[0].message).toBe(
      'Ange varför kontot raderas, till exempel vem som bad om det och när.',
    );
    expect((await erase('00000000-0000-4000-8000-000000000000', { reason: 'Begäran per telefon' })).statusCode).toBe(
      404,
    );
    expect((await call(customer.token, { url: '/api/me/profile' })).statusCode).toBe(200);

    const reason = 'Begäran per e-post 3 mars från kundens adress; hon har tappat bort lösenordet.';
    const erased = await erase(customer.id, { reason });
    expect(erased.statusCode, erased.body).toBe(204);
    expect((await call(customer.token, { url: '/api/me/profile' })).statusCode).toBe(401);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(audit).toMatchObject({ actorId: admin.id, action: 'account.erased', details: { reason, role: 'customer' } });
    const [mail] = await readOutbox(t.dataDir);
    expect(mail?.to).toBe(customer.email);
    expect(mail?.text).toContain('Vi har raderat ditt konto på din begäran');

    const again = await erase(customer.id, { reason }, 'sv');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'account_already_deleted',
      message: 'Kontot är redan borttaget.',
    });
    expect((await erase(customer.id, { reason }, 'en')).json().error.message).toBe(
      'The account has already been deleted.',
    );
    // Only admins erase.
    const other = await register('customer', 'Olle Annan');
    expect(
      (await call(other.token, { method: 'POST', url: `/api/admin/users/${customer.id}/erase`, payload: { reason } }))
        .statusCode,
    ).toBe(403);
  });
});

describeEachEngine(
  'deleting an account under the sign-in limit',
  { auth: { rateLimits: { signInPerEmail: { max: 2, timeWindowMs: 60_000 } } } },
  (t) => {
    it('counts each password check against the limit of password guesses', async () => {
      const account = newAccount({ fullName: 'Gissaren' });
      const session = await signUpWith(createAuthClient(t.app), account);
      const attempt = () =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/me/account',
          headers: bearer(session.access_token),
          payload: { password: 'gissning-nummer-ett' },
        });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe('För många förfrågningar. Försök igen om en stund.');
      expect((await t.app.inject({ url: '/api/me/profile', headers: bearer(session.access_token) })).statusCode).toBe(
        200,
      );
    });
  },
);
