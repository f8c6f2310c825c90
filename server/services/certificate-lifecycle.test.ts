import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ApiErrorSchema } from '../../contracts/errors.ts';
import { COMPLETE_APPLICATION } from '../../contracts/testing/complete-application.ts';
import { auditLog, certificateEvents, certificates, clinicFacts, profiles } from '../db/schema/index.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../testing/auth-client.ts';
import { describeEachEngine } from '../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../testing/uploads.ts';
import { approveApplication, denyApplication } from './admin/decisions.ts';
import { listApplications } from './admin/clinics.ts';
import { expireCertificates, runCertificateLifecycle, sendRenewalReminders } from './certificate-lifecycle.ts';
import { getBadge, issueCertificate, suspendCertificates } from './certificates.ts';
import { getClinicOwnProfile, submitRenewal } from './clinic-area/clinic-profile.ts';
import { insertPayment } from '../testing/payments.ts';

/** Noon in Sweden on a day, so the Swedish date is the one written. */
const on = (day: string) => new Date(`${day}T11:00:00Z`);
const SITE = 'https://certifieradklinik.example';
// A complete application's fields as its profile columns; each test decides the criteria.
const { criteria: _criteria, ...applicationFields } = COMPLETE_APPLICATION;

function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

describeEachEngine('certificate lifecycle', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  /** A decision emails the clinic (services/decision-emails.ts): here into the app's outbox. */
  const decisionMail = () => ({ mailer: t.app.mailer, siteUrl: t.app.authSettings.siteUrl });
  /** A public clinic with a complete application and one document, certified on `day`. */
  async function certifiedClinic(fullName: string, day: string) {
    const clinic = await signUpAs(t.app, 'clinic', fullName);
    // Uploaded while a draft: a document added once certified waits for the admin (issue 27).
    const upload = multipartFile('intyg.pdf', sampleFiles.pdf(), { contentType: 'application/pdf' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/clinic/documents',
      payload: upload.payload,
      headers: { ...upload.headers, ...bearer(clinic.token) },
    });
    expect(uploaded.statusCode).toBe(201);
    await t.db
      .update(profiles)
      .set({
        isPublic: true,
        isCertified: true,
        applicationStatus: 'Godkänd',
        certifiedAt: on(day),
        ...applicationFields,
        companyName: `${fullName} AB`,
        // Confirmed last year: a renewal confirms them anew.
        c1LiabilityInsurance: false,
      })
      .where(eq(profiles.id, clinic.id));
    // Approval (and a renewal's) needs the facts verified (issue 22): the org number, and an insurance valid well past the tests.
    await t.db
      .update(clinicFacts)
      .set({ status: 'verified', checkedAt: on(day) })
      .where(eq(clinicFacts.clinicId, clinic.id));
    await t.db.insert(clinicFacts).values({
      clinicId: clinic.id,
      kind: 'liability_insurance',
      details: { insurer: 'Exempelförsäkring AB', policyNumber: 'EXEMPEL-1' },
      validUntil: '2028-12-31',
      status: 'verified',
      checkedAt: on(day),
    });
    const number = await issueCertificate(t.db, clinic.id, on(day));
    return { ...clinic, number };
  }
  const certificatesOf = async (clinicId: string) =>
    (await t.db.select().from(certificates).where(eq(certificates.clinicId, clinicId))).sort((a, b) =>
      a.validFrom.localeCompare(b.validFrom),
    );
  const delivery = (mailer: Mailer) => ({ mailer, bus: t.app.messageBus, siteUrl: SITE });
  const profileOf = async (clinicId: string) =>
    (await t.db.select().from(profiles).where(eq(profiles.id, clinicId)))[0];

  it("renews from 1 November: the admin issues next year's certificate from 1 January, and 1 January expires only the old one", async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await certifiedClinic('Förnyade Kliniken', '2026-03-02');
    // Next year's membership is paid: what remains is the date (issue 25).
    await insertPayment(t.db, { clinicId: clinic.id, status: 'paid', year: 2027 });

    await expect(submitRenewal(t.db, clinic.id, on('2026-10-31'))).rejects.toMatchObject({
      status: 409,
      code: 'renewal_not_open',
    });
    const opened = await getClinicOwnProfile(t.db, clinic.id, on('2026-11-01'));
    expect(opened?.renewal).toEqual({ opensOn: '2026-11-01', isOpen: true, submittedAt: null });

    const sent = await submitRenewal(t.db, clinic.id, on('2026-11-02'));
    expect(sent.renewal?.submittedAt).toBe(on('2026-11-02').toISOString());
    expect(sent.criteria).toEqual({ c1: true, c2: true, c3: true, c4: true, c5: true, c6: true });
    await expect(submitRenewal(t.db, clinic.id, on('2026-11-02'))).rejects.toMatchObject({
      status: 409,
      code: 'renewal_already_submitted',
    });
    // Still certified and in the register while the admin reviews.
    expect(await profileOf(clinic.id)).toMatchObject({ isCertified: true, applicationStatus: 'Godkänd' });
    const waiting = await listApplications(t.db, { drafts: false, page: 1, pageSize: 20 });
    expect(waiting.items).toEqual([
      expect.objectContaining({
        id: clinic.id,
        isRenewal: true,
        applicationStatus: 'Godkänd',
        submittedAt: on('2026-11-02').toISOString(),
      }),
    ]);

    await approveApplication(t.db, decisionMail(), admin.id, clinic.id, on('2026-11-05'));
    const [thisYear, nextYear] = await certificatesOf(clinic.id);
    expect(thisYear).toMatchObject({ number: clinic.number, status: 'active', validTo: '2026-12-31' });
    expect(nextYear).toMatchObject({ status: 'active', validFrom: '2027-01-01', validTo: '2027-12-31' });
    expect(nextYear?.number).toMatch(/^CK-2027-\d{6}$/);
    const renewed = await getClinicOwnProfile(t.db, clinic.id, on('2026-11-05'));
    expect(renewed).toMatchObject({
      certificate: { number: clinic.number },
      nextCertificate: { number: nextYear?.number, validFrom: '2027-01-01' },
      renewal: { isOpen: false, submittedAt: null },
    });
    expect((await listApplications(t.db, { page: 1, pageSize: 20 })).items).toEqual([]);
    expect(await getBadge(t.db, clinic.id, on('2026-12-31'))).toMatchObject({
      year: 2026,
      certificateNumber: clinic.number,
    });

    // New Year: this year's certificate expires, next year's takes over; the clinic stays in the register.
    const newYear = await expireCertificates(t.db, on('2027-01-01'));
    expect(newYear).toEqual({ expired: [clinic.number], lapsedClinics: [] });
    expect((await certificatesOf(clinic.id)).map((row) => row.status)).toEqual(['expired', 'active']);
    expect(await profileOf(clinic.id)).toMatchObject({ isCertified: true, applicationStatus: 'Godkänd' });
    expect(await getBadge(t.db, clinic.id, on('2027-01-01'))).toMatchObject({
      year: 2027,
      certificateNumber: nextYear?.number,
    });
  });

  it('on 1 January a clinic that did not renew leaves the register; a renewal still waiting becomes its application; a second run changes nothing', async () => {
    const lapsed = await certifiedClinic('Utgångna Kliniken', '2026-02-01');
    const late = await certifiedClinic('Sena Kliniken', '2026-02-01');
    await insertPayment(t.db, { clinicId: late.id, status: 'paid', year: 2027 });
    await submitRenewal(t.db, late.id, on('2026-12-20'));

    const first = await expireCertificates(t.db, on('2027-01-01'));
    expect(first.expired.sort()).toEqual([lapsed.number, late.number].sort());
    expect(first.lapsedClinics.sort()).toEqual([lapsed.id, late.id].sort());
    expect(await profileOf(lapsed.id)).toMatchObject({
      isCertified: false,
      applicationStatus: 'Väntar',
      applicationSubmittedAt: null,
    });
    expect(await profileOf(late.id)).toMatchObject({
      isCertified: false,
      applicationStatus: 'Väntar',
      applicationSubmittedAt: on('2026-12-20'),
      renewalSubmittedAt: null,
    });
    expect(await getBadge(t.db, lapsed.id, on('2027-01-01'))).toBe('not_certified');
    const register = await t.app.inject({ url: '/api/clinics?search=Kliniken' });
    expect((register.json() as { items: { id: string }[] }).items.map((item) => item.id)).not.toContain(lapsed.id);

    // The waiting application is approved like any other: a certificate from today.
    const admin = await signUpAs(t.app, 'admin');
    await approveApplication(t.db, decisionMail(), admin.id, late.id, on('2027-01-04'));
    expect((await certificatesOf(late.id)).at(-1)).toMatchObject({
      status: 'active',
      validFrom: '2027-01-04',
      validTo: '2027-12-31',
    });

    expect(await expireCertificates(t.db, on('2027-01-01'))).toEqual({ expired: [], lapsedClinics: [] });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'certificate.expired'));
    expect(audits.map((entry) => entry.targetId).sort()).toEqual([lapsed.id, late.id].sort());
  });

  it("1 January expires suspended certificates too, and the history says 'expired' for each, written by the job", async () => {
    const active = await certifiedClinic('Aktiva Kliniken', '2026-03-02');
    const suspended = await certifiedClinic('Avstängda Kliniken', '2026-03-02');
    await suspendCertificates(t.db, suspended.id, 'Tillsynen pågår.', on('2026-12-01'), null);

    const run = await expireCertificates(t.db, on('2027-01-01'));
    expect(run.expired.sort()).toEqual([active.number, suspended.number].sort());
    expect(run.lapsedClinics.sort()).toEqual([active.id, suspended.id].sort());
    expect((await certificatesOf(suspended.id)).map((row) => row.status)).toEqual(['expired']);
    const expiredEvents = await t.db.select().from(certificateEvents).where(eq(certificateEvents.kind, 'expired'));
    expect(
      expiredEvents.map(({ clinicId, actorId, occurredAt, followersToldAt }) => ({
        clinicId,
        actorId,
        occurredAt,
        followersToldAt,
      })),
    ).toEqual(
      expect.arrayContaining(
        [active.id, suspended.id].map((clinicId) => ({
          clinicId,
          actorId: null,
          occurredAt: on('2027-01-01'),
          // Followers are told of an expiry (services/certificate-followers.ts).
          followersToldAt: null,
        })),
      ),
    );
    expect(expiredEvents).toHaveLength(2);

    await expireCertificates(t.db, on('2027-01-02'));
    expect(await t.db.select().from(certificateEvents).where(eq(certificateEvents.kind, 'expired'))).toHaveLength(2);
  });

  it('a denied renewal keeps the clinic certified to 31 December, with the reason', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await certifiedClinic('Nekade Förnyelsen', '2026-04-01');
    await insertPayment(t.db, { clinicId: clinic.id, status: 'paid', year: 2027 });
    await submitRenewal(t.db, clinic.id, on('2026-11-10'));
    await denyApplication(
      t.db,
      t.app.fileStore,
      decisionMail(),
      admin.id,
      clinic.id,
      'Försäkringsbrevet för 2027 saknas.',
      on('2026-11-12'),
    );
    expect(await profileOf(clinic.id)).toMatchObject({
      isCertified: true,
      applicationStatus: 'Godkänd',
      renewalSubmittedAt: null,
      denialReason: 'Försäkringsbrevet för 2027 saknas.',
    });
    const profile = await getClinicOwnProfile(t.db, clinic.id, on('2026-11-12'));
    expect(profile?.renewal).toMatchObject({ isOpen: true, submittedAt: null });
    expect(await certificatesOf(clinic.id)).toHaveLength(1);
  });

  it('reminds 60, 30 and 7 days before expiry, each once, and not after renewing', async () => {
    const mailer = capturingMailer();
    const waiting = await certifiedClinic('Påminda Kliniken', '2026-01-10');
    const renewing = await certifiedClinic('Förnyande Kliniken', '2026-01-10');
    const lateComer = await certifiedClinic('Decemberkliniken', '2026-12-20');
    await insertPayment(t.db, { clinicId: renewing.id, status: 'paid', year: 2027 });
    await submitRenewal(t.db, renewing.id, on('2026-11-01'));

    const days = [
      '2026-11-01',
      '2026-11-01',
      '2026-11-15',
      '2026-12-01',
      '2026-12-21',
      '2026-12-24',
      '2026-12-24',
      '2026-12-31',
    ];
    const runs = [];
    for (const day of days) runs.push(await sendRenewalReminders(t.db, mailer, SITE, on(day)));
    expect(
      runs.map((run) =>
        run.map(
          ({ number, daysBefore }) =>
            `${{ [waiting.number]: 'waiting', [lateComer.number]: 'lateComer' }[number]}:${daysBefore}`,
        ),
      ),
    ).toEqual([
      ['waiting:60'],
      [],
      [],
      ['waiting:30'],
      // Issued eleven days before its end: no 30-day reminder, the 7-day one in time.
      [],
      expect.arrayContaining(['waiting:7', 'lateComer:7']),
      [],
      [],
    ]);
    expect(mailer.sent).toHaveLength(4);
    const [first] = mailer.sent;
    expect(first?.to).toBe(waiting.email);
    expect(first?.subject).toContain('60 dagar kvar');
    expect(first?.text).toContain(`Certifikat ${waiting.number} gäller till och med 2026-12-31`);
    expect(first?.text).toContain(`${SITE}/clinic-dashboard`);
  });

  it('two processes running the lifecycle at once send each reminder once; a failed send is tried again', async () => {
    const clinic = await certifiedClinic('Samtidiga Kliniken', '2026-01-10');
    const mailer = capturingMailer();
    const runs = await Promise.all([
      runCertificateLifecycle(t.db, delivery(mailer), on('2026-11-02')),
      runCertificateLifecycle(t.db, delivery(mailer), on('2026-11-02')),
    ]);
    expect(runs.flatMap((run) => run.reminded)).toEqual([{ number: clinic.number, daysBefore: 60 }]);
    expect(mailer.sent).toHaveLength(1);

    const failing: Mailer = {
      async send() {
        throw new Error('SMTP down');
      },
    };
    await expect(runCertificateLifecycle(t.db, delivery(failing), on('2026-12-02'))).rejects.toThrow('SMTP down');
    const retried = await runCertificateLifecycle(t.db, delivery(mailer), on('2026-12-02'));
    expect(retried.reminded).toEqual([{ number: clinic.number, daysBefore: 30 }]);
  });

  it('POST /api/clinic/renewal: only a clinic, for itself (the id comes from its token), with all six criteria, while renewal is open', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Ocertifierade Kliniken');
    const customer = await signUpAs(t.app, 'customer');
    const confirmed = { criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true } };
    const renew = (token: string | null, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/clinic/renewal',
        payload: payload as object,
        headers: token ? bearer(token) : {},
      });

    expect((await renew(null, confirmed)).statusCode).toBe(401);
    expect((await renew(customer.token, confirmed)).statusCode).toBe(403);
    expect((await renew((await signUpAs(t.app, 'admin')).token, confirmed)).statusCode).toBe(403);
    const unconfirmed = await renew(clinic.token, { criteria: { ...confirmed.criteria, c4: false } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(unconfirmed.json()).error.issues?.map((issue) => issue.message)).toEqual([
      'Bekräfta alla sex certifieringskriterier.',
    ]);
    const notCertified = await renew(clinic.token, confirmed);
    expect(notCertified.statusCode).toBe(409);
    expect(notCertified.json()).toMatchObject({ error: { code: 'renewal_not_open' } });
    expect(await profileOf(clinic.id)).toMatchObject({ renewalSubmittedAt: null });
  });
});
