import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { ClinicReviewSchema } from '../../../../contracts/admin.ts';
import { ClinicOwnProfileSchema } from '../../../../contracts/clinic-area.ts';
import { ReportSchema } from '../../../../contracts/customer-area.ts';
import { auditLog, profiles, reports } from '../../../db/schema/index.ts';
import { OUTBOX_FOLDER } from '../../../lib/mailer.ts';
import { submitRenewal } from '../../../services/clinic-area/clinic-profile.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { completeApplication } from '../../../testing/application.ts';
import { verifyAllFacts } from '../../../testing/facts.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { insertPayment } from '../../../testing/payments.ts';

// Issue 28 point 2: each decision reaches the person it concerns by email, sent in the decision's own
// transaction: an approval, a denial with its reason, a withdrawal, a renewal decided either way, and
// the answer to a customer's report. When the email cannot be sent, nothing was decided.

const SITE = 'https://certifieradklinik.example';
/** Noon in Sweden on 10 November 2026: renewal for 2027 is open. */
const NOW = new Date('2026-11-10T11:00:00Z');

describeEachEngine(
  '/api/admin decisions email the person concerned',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, SITE_URL: SITE }, now: () => NOW },
  (t) => {
    const call = (token: string, options: InjectOptions) =>
      t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
    const mailTo = async (address: string) => (await readOutbox(t.dataDir)).filter((email) => email.to === address);
    const outboxPath = () => path.join(t.dataDir, OUTBOX_FOLDER);

    /** A clinic that sent in a complete application whose facts the admin verified: ready to be decided. */
    async function sentInClinic(fullName: string) {
      const clinic = await signUpAs(t.app, 'clinic', fullName);
      await call(clinic.token, {
        method: 'PATCH',
        url: '/api/clinic/application',
        payload: completeApplication(`${fullName} AB`),
      });
      await call(clinic.token, {
        method: 'POST',
        url: '/api/clinic/documents',
        ...multipartFile('intyg.pdf', sampleFiles.pdf()),
      });
      await t.db
        .update(profiles)
        .set({ treatments: ['waxing'] })
        .where(eq(profiles.id, clinic.id));
      // This year's membership, invoiced beforehand: its email is not what these tests count.
      await insertPayment(t.db, { clinicId: clinic.id, status: 'invoiced', year: 2026 });
      const sent = await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
      expect(sent.statusCode, sent.body).toBe(200);
      return clinic;
    }

    async function decide(token: string, clinicId: string, action: string, reason?: string) {
      const response = await call(token, {
        method: 'POST',
        url: `/api/admin/clinics/${clinicId}/${action}`,
        ...(reason === undefined ? {} : { payload: { reason } }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return ClinicReviewSchema.parse(response.json());
    }

    async function approvedClinic(fullName: string, admin?: Awaited<ReturnType<typeof signUpAs>>) {
      const deciding = admin ?? (await signUpAs(t.app, 'admin'));
      const clinic = await sentInClinic(fullName);
      await verifyAllFacts(t.db, clinic.id, deciding.id);
      await decide(deciding.token, clinic.id, 'approve-application');
      return { admin: deciding, clinic };
    }

    const ownProfile = async (token: string) =>
      ClinicOwnProfileSchema.parse((await call(token, { url: '/api/clinic/profile' })).json());

    afterEach(() => {
      rmSync(outboxPath(), { recursive: true, force: true });
    });

    it('emails the clinic its approval, with its certificate and a link to its overview', async () => {
      const { clinic } = await approvedClinic('Godkända Kliniken');
      const profile = await ownProfile(clinic.token);
      const [email, ...more] = await mailTo(clinic.email);
      expect(more).toEqual([]);
      expect(email?.subject).toBe('Kliniken är certifierad / Your clinic is certified – Certifierad Klinik');
      expect(email?.text).toContain(
        `Er ansökan är godkänd: Godkända Kliniken är certifierad med certifikat ${profile.certificate?.number}, som gäller till och med 2026-12-31.`,
      );
      expect(email?.text).toContain('Your application has been approved');
      expect(email?.link).toBe(`${SITE}/clinic-dashboard`);
    });

    it("emails the clinic the clinics table's approval too", async () => {
      const admin = await signUpAs(t.app, 'admin');
      const clinic = await sentInClinic('Direktgodkända Kliniken');
      await verifyAllFacts(t.db, clinic.id, admin.id);
      await decide(admin.token, clinic.id, 'approve');
      expect((await mailTo(clinic.email)).map((email) => email.subject)).toEqual([
        'Kliniken är certifierad / Your clinic is certified – Certifierad Klinik',
      ]);
    });

    it('emails the clinic a denial with the reason and what to do next', async () => {
      const admin = await signUpAs(t.app, 'admin');
      const clinic = await sentInClinic('Nekade Kliniken');
      await decide(admin.token, clinic.id, 'deny', 'Försäkringsbrevet saknas.\nLadda upp det under Dokument.');
      const [email] = await mailTo(clinic.email);
      expect(email?.subject).toBe('Ansökan nekad / Application denied – Certifierad Klinik');
      expect(email?.text).toContain('Vi kunde tyvärr inte godkänna ansökan för Nekade Kliniken som den var.');
      expect(email?.text).toContain('Skäl / Reason:\nFörsäkringsbrevet saknas.\nLadda upp det under Dokument.');
      expect(email?.text).toContain('skicka sedan in ansökan igen under Översikt:');
      expect(email?.text).toContain('Unfortunately we could not approve the application for Nekade Kliniken');
      expect(email?.link).toBe(`${SITE}/clinic-dashboard`);
      expect(await ownProfile(clinic.token)).toMatchObject({
        phase: 'denied',
        denialReason: 'Försäkringsbrevet saknas.\nLadda upp det under Dokument.',
      });
    });

    it('emails the clinic the withdrawal of its certification, with the reason and the day', async () => {
      const { admin, clinic } = await approvedClinic('Återkallade Kliniken');
      await decide(admin.token, clinic.id, 'withdraw', 'Kliniken uppfyller inte längre kriterierna.');
      const [, email] = await mailTo(clinic.email);
      expect(email?.subject).toBe('Certifieringen är återkallad / Certification withdrawn – Certifierad Klinik');
      expect(email?.text).toContain('Certifieringen av Återkallade Kliniken återkallades 2026-11-10.');
      expect(email?.text).toContain('Skäl / Reason:\nKliniken uppfyller inte längre kriterierna.');
      expect(email?.text).toContain('The certification of Återkallade Kliniken was withdrawn on 2026-11-10.');
    });

    it('emails the clinic the decision on its renewal, approved or denied with the reason', async () => {
      const renewed = await approvedClinic('Förnyade Kliniken');
      await insertPayment(t.db, { clinicId: renewed.clinic.id, status: 'paid', year: 2027 });
      await submitRenewal(t.db, renewed.clinic.id, NOW);
      await decide(renewed.admin.token, renewed.clinic.id, 'approve-application');
      const next = (await ownProfile(renewed.clinic.token)).nextCertificate;
      const [, approval] = await mailTo(renewed.clinic.email);
      expect(approval?.subject).toBe('Förnyelsen är godkänd / Renewal approved – Certifierad Klinik');
      expect(approval?.text).toContain(
        `Förnyelsen för Förnyade Kliniken är godkänd: certifikat ${next?.number} gäller från 2027-01-01 till och med 2027-12-31.`,
      );

      const denied = await approvedClinic('Nekade Förnyelsen', renewed.admin);
      await insertPayment(t.db, { clinicId: denied.clinic.id, status: 'paid', year: 2027 });
      await submitRenewal(t.db, denied.clinic.id, NOW);
      await decide(denied.admin.token, denied.clinic.id, 'deny', 'Försäkringsbrevet för 2027 saknas.');
      const [, denial] = await mailTo(denied.clinic.email);
      expect(denial?.subject).toBe('Förnyelsen nekades / Renewal denied – Certifierad Klinik');
      expect(denial?.text).toContain('Skäl / Reason:\nFörsäkringsbrevet för 2027 saknas.');
      expect(denial?.text).toContain('Kliniken är certifierad tills det nuvarande certifikatet går ut.');
    });

    it("emails the customer the answer to a report, with a link to the customer's reports; once per answer", async () => {
      const admin = await signUpAs(t.app, 'admin');
      const customer = await signUpAs(t.app, 'customer', 'Anna Karlsson');
      const filed = await call(customer.token, {
        method: 'POST',
        url: '/api/me/reports',
        payload: { clinicName: 'Klinik Andra', content: 'Kliniken kallar sig certifierad.' },
      });
      const report = ReportSchema.parse(filed.json());
      const answer = (adminResponse: string) =>
        call(admin.token, { method: 'PATCH', url: `/api/admin/reports/${report.id}`, payload: { adminResponse } });

      expect((await answer('Tack! Vi har kontaktat kliniken.')).statusCode).toBe(200);
      const [email] = await mailTo(customer.email);
      expect(email?.subject).toBe(
        'Svar på din rapport om Klinik Andra / Your report has been answered – Certifierad Klinik',
      );
      expect(email?.text).toContain('Hej Anna Karlsson,');
      expect(email?.text).toContain('Svar från oss / Our answer:\nTack! Vi har kontaktat kliniken.');
      expect(email?.link).toBe(`${SITE}/dashboard/reports`);

      // Saving the same answer again tells the customer nothing new; a changed answer is sent.
      expect((await answer('Tack! Vi har kontaktat kliniken.')).statusCode).toBe(200);
      expect(await mailTo(customer.email)).toHaveLength(1);
      expect((await answer('Kliniken har tagits bort ur registret.')).statusCode).toBe(200);
      expect((await mailTo(customer.email)).map((sent) => sent.text)).toEqual([
        expect.stringContaining('Tack! Vi har kontaktat kliniken.'),
        expect.stringContaining('Kliniken har tagits bort ur registret.'),
      ]);
    });

    it('decides nothing when the email cannot be sent, and says so', async () => {
      const admin = await signUpAs(t.app, 'admin');
      const clinic = await sentInClinic('Oturliga Kliniken');
      const customer = await signUpAs(t.app, 'customer', 'Bo Ek');
      const filed = ReportSchema.parse(
        (
          await call(customer.token, {
            method: 'POST',
            url: '/api/me/reports',
            payload: { clinicName: 'Oturliga Kliniken', content: 'Svarar aldrig.' },
          })
        ).json(),
      );
      // A file where the outbox folder goes: every send fails, as with a mail server that is down.
      writeFileSync(outboxPath(), 'not a folder');

      const denial = await call(admin.token, {
        method: 'POST',
        url: `/api/admin/clinics/${clinic.id}/deny`,
        payload: { reason: 'Dokumenten saknas.' },
        headers: { 'accept-language': 'sv' },
      });
      expect(denial.statusCode).toBe(503);
      expect(denial.json().error).toMatchObject({
        code: 'mail_failed',
        message:
          'Beslutet kunde inte skickas med e-post till mottagaren och har inte sparats. Försök igen om en stund.',
      });
      expect(await ownProfile(clinic.token)).toMatchObject({
        phase: 'sent_in',
        applicationStatus: 'Väntar',
        denialReason: null,
        decidedAt: null,
      });
      expect(
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.targetId, clinic.id), eq(auditLog.action, 'application.denied'))),
      ).toEqual([]);

      const answer = await call(admin.token, {
        method: 'PATCH',
        url: `/api/admin/reports/${filed.id}`,
        payload: { adminResponse: 'Vi tittar på det.' },
        headers: { 'accept-language': 'en' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.message).toBe(
        'The decision could not be emailed to the recipient and has not been saved. Try again in a moment.',
      );
      const [row] = await t.db.select().from(reports).where(eq(reports.id, filed.id));
      expect(row).toMatchObject({ status: 'Ny', adminResponse: null });
    });
  },
);
