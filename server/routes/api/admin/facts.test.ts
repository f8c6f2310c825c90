import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { AdminFactsSchema, ClinicReviewSchema } from '../../../../contracts/admin.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { auditLog, certificateEvents, certificates, clinicFacts, profiles } from '../../../db/schema/index.ts';
import { submitRenewal } from '../../../services/clinic-area/clinic-profile.ts';
import { approveApplication } from '../../../services/admin/decisions.ts';
import { suspendCertificates } from '../../../services/certificates.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { completeApplication } from '../../../testing/application.ts';
import { stateFacts, verifyAllFacts } from '../../../testing/facts.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { insertPayment, orderMembership } from '../../../testing/payments.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describeEachEngine('/api/admin: facts, scope and suspension', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  /** A decision emails the clinic (services/decision-emails.ts): here into the app's outbox. */
  const decisionMail = () => ({ mailer: t.app.mailer, siteUrl: t.app.authSettings.siteUrl });
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  /** A clinic that chose `treatments`, filled everything in, uploaded a document and sent the application in. */
  async function sentInClinic(fullName: string, treatments: TreatmentId[]) {
    const clinic = await signUpAs(t.app, 'clinic', fullName);
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: completeApplication(`${fullName} AB`),
    });
    await call(clinic.token, { method: 'PUT', url: '/api/clinic/visibility', payload: { isPublic: true } });
    await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    });
    await t.db.update(profiles).set({ treatments }).where(eq(profiles.id, clinic.id));
    await orderMembership(t.app, clinic.token);
    expect((await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' })).statusCode).toBe(200);
    return clinic;
  }

  const factsOf = async (token: string, clinicId: string) => {
    const response = await call(token, { url: `/api/admin/clinics/${clinicId}/facts` });
    expect(response.statusCode, response.body).toBe(200);
    return AdminFactsSchema.parse(response.json());
  };
  const review = (token: string, clinicId: string, factId: string, payload: object) =>
    call(token, { method: 'PUT', url: `/api/admin/clinics/${clinicId}/facts/${factId}`, payload });
  const approve = (token: string, clinicId: string) =>
    call(token, { method: 'POST', url: `/api/admin/clinics/${clinicId}/approve-application` });
  /** The admin's decisions in the clinic's audit log, oldest first (the clinic's own edits aside). */
  const auditActions = async (clinicId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.targetId, clinicId)).orderBy(asc(auditLog.id)))
      .map((entry) => entry.action)
      .filter((action) => /^(fact|certificate|application\.approved)/.test(action));
  const certificatesOf = (clinicId: string) =>
    t.db.select().from(certificates).where(eq(certificates.clinicId, clinicId)).orderBy(asc(certificates.validFrom));
  const eventsOf = (clinicId: string) =>
    t.db
      .select()
      .from(certificateEvents)
      .where(eq(certificateEvents.clinicId, clinicId))
      .orderBy(asc(certificateEvents.occurredAt), asc(certificateEvents.kind));
  const refusedKinds = (response: { json: () => { error: { issues: { path: string[] }[] } } }) =>
    response.json().error.issues.map((issue) => issue.path.join('.'));

  /** A clinic with injections and facials sent in, its three statements made, and the admin. */
  async function injectionClinic(fullName = 'Injektionskliniken') {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic(fullName, ['botulinum_toxin', 'facial']);
    const ids = await stateFacts(t.db, clinic.id, ['liability_insurance', 'ivo_registration', 'licensed_practitioner']);
    return { admin, clinic, ids };
  }

  it('shows the admin every fact with its check, the legal form, the chosen treatments and what is missing', async () => {
    const { admin, clinic } = await injectionClinic();
    const facts = await factsOf(admin.token, clinic.id);
    expect(facts.treatments).toEqual(['facial', 'botulinum_toxin']);
    expect(facts.needed).toEqual(['org_number', 'liability_insurance', 'ivo_registration', 'licensed_practitioner']);
    expect(facts.missing).toEqual(facts.needed);
    expect(facts.scope).toBeNull();
    expect(facts.facts.map((fact) => fact.kind)).toEqual([
      'org_number',
      'liability_insurance',
      'ivo_registration',
      'licensed_practitioner',
    ]);
    expect(facts.facts[0]).toMatchObject({
      kind: 'org_number',
      orgNumber: '556677-8899',
      legalForm: 'limited_company',
      status: 'unchecked',
      reason: null,
      checkedAt: null,
      checkedBy: null,
    });
    expect(facts.facts[1]).toMatchObject({
      kind: 'liability_insurance',
      insurer: 'Exempel Försäkring AB',
      validUntil: '2099-12-31',
      documentId: null,
    });
    expect((await call(admin.token, { url: `/api/admin/clinics/${SOME_ID}/facts` })).statusCode).toBe(404);
  });

  it('refuses approval with the list until IVO, practitioner, insurance and org number are verified; then issues the scope', async () => {
    const { admin, clinic, ids } = await injectionClinic();
    const orgFact = (await factsOf(admin.token, clinic.id)).facts[0]?.id ?? '';

    const refused = await approve(admin.token, clinic.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'facts_unverified',
      message: sv.factsUnverified,
      issues: [
        { path: ['facts', 'org_number'], message: sv.factKindOrgNumber },
        { path: ['facts', 'liability_insurance'], message: sv.factKindLiabilityInsurance },
        { path: ['facts', 'ivo_registration'], message: sv.factKindIvoRegistration },
        { path: ['facts', 'licensed_practitioner'], message: sv.factKindLicensedPractitioner },
      ],
    });
    // Nothing changed: still waiting, no certificate, no decision in the log.
    const waiting = ClinicReviewSchema.parse(
      (await call(admin.token, { url: `/api/admin/clinics/${clinic.id}` })).json(),
    );
    expect(waiting.clinic).toMatchObject({ applicationStatus: 'Väntar', phase: 'sent_in', isCertified: false });
    expect(await certificatesOf(clinic.id)).toEqual([]);

    const verified = await review(admin.token, clinic.id, orgFact, { status: 'verified' });
    expect(verified.statusCode).toBe(200);
    expect(AdminFactsSchema.parse(verified.json()).missing).toEqual([
      'liability_insurance',
      'ivo_registration',
      'licensed_practitioner',
    ]);
    await review(admin.token, clinic.id, ids.liability_insurance ?? '', { status: 'verified' });
    await review(admin.token, clinic.id, ids.licensed_practitioner ?? '', { status: 'verified' });
    const rejected = await review(admin.token, clinic.id, ids.ivo_registration ?? '', {
      status: 'rejected',
      reason: 'Numret finns inte i IVO:s register.',
    });
    expect(rejected.statusCode).toBe(200);
    const afterRejection = AdminFactsSchema.parse(rejected.json());
    expect(afterRejection.missing).toEqual(['ivo_registration']);
    expect(afterRejection.facts.find((fact) => fact.kind === 'ivo_registration')).toMatchObject({
      status: 'rejected',
      reason: 'Numret finns inte i IVO:s register.',
      checkedBy: 'Chefen',
    });
    const stillRefused = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/approve-application`,
      headers: { 'accept-language': 'en' },
    });
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json().error.issues).toEqual([
      { path: ['facts', 'ivo_registration'], message: en.factKindIvoRegistration },
    ]);

    const reverified = AdminFactsSchema.parse(
      (await review(admin.token, clinic.id, ids.ivo_registration ?? '', { status: 'verified' })).json(),
    );
    expect(reverified.missing).toEqual([]);
    const ivo = reverified.facts.find((fact) => fact.kind === 'ivo_registration');
    expect(ivo).toMatchObject({ status: 'verified', reason: null, checkedBy: 'Chefen' });
    expect(Math.abs(Date.parse(ivo?.checkedAt ?? '') - Date.now())).toBeLessThan(60_000);

    const approved = await approve(admin.token, clinic.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const [certificate] = await certificatesOf(clinic.id);
    expect(certificate?.treatments).toEqual(['facial', 'botulinum_toxin']);
    expect((await factsOf(admin.token, clinic.id)).scope).toEqual(['facial', 'botulinum_toxin']);
    expect(await eventsOf(clinic.id)).toEqual([
      expect.objectContaining({ kind: 'issued', treatments: ['facial', 'botulinum_toxin'], actorId: admin.id }),
    ]);
    expect(await auditActions(clinic.id)).toEqual([
      'fact.verified',
      'fact.verified',
      'fact.verified',
      'fact.rejected',
      'fact.verified',
      'application.approved',
    ]);
    const [rejection] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, clinic.id), eq(auditLog.action, 'fact.rejected')));
    expect(rejection).toMatchObject({
      actorId: admin.id,
      details: {
        factId: ids.ivo_registration,
        kind: 'ivo_registration',
        summary: 'Exempel-IVO-2001',
        before: { status: 'unchecked', reason: null },
        after: { status: 'rejected', reason: 'Numret finns inte i IVO:s register.' },
      },
    });
    const [approval] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, clinic.id), eq(auditLog.action, 'application.approved')));
    expect(approval?.details).toMatchObject({
      after: { certificateNumber: certificate?.number, treatments: ['facial', 'botulinum_toxin'] },
    });
  });

  it('counts an insurance that has run out as missing, and gates the clinics table Godkänn too', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic('Vaxstudion', ['waxing']);
    await verifyAllFacts(t.db, clinic.id, admin.id);
    await t.db
      .update(clinicFacts)
      .set({ validUntil: '2020-12-31' })
      .where(and(eq(clinicFacts.clinicId, clinic.id), eq(clinicFacts.kind, 'liability_insurance')));
    expect((await factsOf(admin.token, clinic.id)).missing).toEqual(['liability_insurance']);
    const refused = await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve` });
    expect(refused.statusCode).toBe(409);
    expect(refusedKinds(refused)).toEqual(['facts.liability_insurance']);
  });

  it('answers 404 for a fact of another clinic or none, and 400 naming the field for a bad review, storing nothing', async () => {
    const { admin, clinic, ids } = await injectionClinic();
    const other = await sentInClinic('Andra kliniken', ['facial']);
    const othersFact = (await factsOf(admin.token, other.id)).facts[0]?.id ?? '';
    expect((await review(admin.token, clinic.id, othersFact, { status: 'verified' })).statusCode).toBe(404);
    expect((await review(admin.token, clinic.id, SOME_ID, { status: 'verified' })).statusCode).toBe(404);
    expect((await review(admin.token, clinic.id, 'not-an-id', { status: 'verified' })).statusCode).toBe(400);

    const factId = ids.ivo_registration ?? '';
    const bad: [object, string, string][] = [
      [{ status: 'rejected' }, 'reason', sv.factReasonRequired],
      [{ status: 'rejected', reason: '   ' }, 'reason', sv.factReasonRequired],
      [{ status: 'rejected', reason: 'x'.repeat(1001) }, 'reason', sv.factReasonTooLong],
      [{ status: 'maybe' }, 'status', sv.factStatusInvalid],
      [{ status: 'verified', reason: 'extra' }, '', ''],
    ];
    for (const [payload, field, message] of bad) {
      const response = await review(admin.token, clinic.id, factId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(response.json().error.issues).toContainEqual({ path: [field], message });
    }
    const [fact] = await t.db.select().from(clinicFacts).where(eq(clinicFacts.id, factId));
    expect(fact).toMatchObject({ status: 'unchecked', reason: null, checkedBy: null, checkedAt: null });
    expect(await auditActions(clinic.id)).toEqual([]);
  });

  it('changes the scope of the standing certificates only while their facts are verified, and the history says so', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic('Omfångskliniken', ['facial']);
    const scope = (payload: object) =>
      call(admin.token, { method: 'PUT', url: `/api/admin/clinics/${clinic.id}/scope`, payload });

    await verifyAllFacts(t.db, clinic.id, admin.id);
    // Not yet certified: nothing to change.
    const none = await scope({ treatments: ['facial'] });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({ code: 'no_standing_certificate', message: sv.noStandingCertificate });
    expect((await approve(admin.token, clinic.id)).statusCode).toBe(200);

    for (const [payload, message] of [
      [{ treatments: [] }, sv.treatmentsRequired],
      [{ treatments: ['facial', 'tandblekning'] }, sv.treatmentUnknown],
      [{ treatments: 'facial' }, sv.treatmentUnknown],
    ] as const) {
      const response = await scope(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.issues[0]).toMatchObject({ path: expect.arrayContaining(['treatments']), message });
    }
    // Fillers need IVO and a licensed practitioner, which the clinic has not stated.
    const unverified = await scope({ treatments: ['fillers', 'facial'] });
    expect(unverified.statusCode).toBe(409);
    expect(refusedKinds(unverified)).toEqual(['facts.ivo_registration', 'facts.licensed_practitioner']);
    expect((await certificatesOf(clinic.id))[0]?.treatments).toEqual(['facial']);

    const changed = await scope({ treatments: ['waxing', 'facial', 'waxing'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(AdminFactsSchema.parse(changed.json()).scope).toEqual(['facial', 'waxing']);
    expect((await certificatesOf(clinic.id))[0]?.treatments).toEqual(['facial', 'waxing']);
    expect((await eventsOf(clinic.id)).map((event) => [event.kind, event.treatments, event.actorId])).toEqual([
      ['issued', ['facial'], admin.id],
      ['scope_changed', ['facial', 'waxing'], admin.id],
    ]);
    // The same scope again changes nothing and adds nothing to the history.
    expect((await scope({ treatments: ['facial', 'waxing'] })).statusCode).toBe(200);
    expect(await eventsOf(clinic.id)).toHaveLength(2);
    const actions = await auditActions(clinic.id);
    expect(actions.filter((action) => action === 'certificate.scope_changed')).toHaveLength(1);
    expect(
      (
        await call(admin.token, {
          method: 'PUT',
          url: `/api/admin/clinics/${SOME_ID}/scope`,
          payload: { treatments: ['facial'] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('suspends with a public reason: out of the register, an event with the reason; reinstates: back in', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic('Indragna kliniken', ['facial']);
    await verifyAllFacts(t.db, clinic.id, admin.id);
    expect((await approve(admin.token, clinic.id)).statusCode).toBe(200);
    const [{ slug } = { slug: '' }] = await t.db
      .select({ slug: profiles.slug })
      .from(profiles)
      .where(eq(profiles.id, clinic.id));
    const listed = async () => (await t.app.inject({ url: '/api/clinics?search=Indragna' })).json().items.length;
    // The clinic's page: its profile while listed; once out, what became of it (issue 28 point 4).
    const page = async () => {
      const answer = await t.app.inject({ url: `/api/clinics/by-slug/${slug ?? ''}` });
      return answer.statusCode === 200 && 'leftRegister' in answer.json()
        ? answer.json().leftRegister.status
        : answer.statusCode;
    };
    const suspend = (payload: object) =>
      call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/suspend`, payload });
    const reinstate = () => call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/reinstate` });
    expect(await listed()).toBe(1);
    expect(await page()).toBe(200);

    for (const [payload, message] of [
      [{}, sv.suspensionReasonRequired],
      [{ reason: ' ' }, sv.suspensionReasonRequired],
      [{ reason: 'x'.repeat(1001) }, sv.suspensionReasonTooLong],
    ] as const) {
      const response = await suspend(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: ['reason'], message }]);
    }
    expect((await reinstate()).json().error).toMatchObject({
      code: 'nothing_to_reinstate',
      message: sv.nothingToReinstate,
    });
    expect(await listed()).toBe(1);

    const suspended = await suspend({ reason: 'Försäkringen granskas.' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const { clinic: profile } = ClinicReviewSchema.parse(suspended.json());
    expect(profile).toMatchObject({
      applicationStatus: 'Godkänd',
      isCertified: true,
      phase: 'suspended',
      suspension: { reason: 'Försäkringen granskas.' },
    });
    expect(await listed()).toBe(0);
    expect(await page()).toBe('suspended');
    const [certificate] = await certificatesOf(clinic.id);
    expect(certificate).toMatchObject({ status: 'suspended', suspensionReason: 'Försäkringen granskas.' });
    expect((await eventsOf(clinic.id)).at(-1)).toMatchObject({
      kind: 'suspended',
      reason: 'Försäkringen granskas.',
      actorId: admin.id,
    });
    const again = await suspend({ reason: 'Igen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'nothing_to_suspend', message: sv.nothingToSuspend });

    const reinstated = await reinstate();
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    const back = ClinicReviewSchema.parse(reinstated.json()).clinic;
    expect(back.suspension).toBeNull();
    expect(back.certificate?.number).toBe(certificate?.number);
    expect(back.phase).not.toBe('suspended');
    expect(await listed()).toBe(1);
    expect(await page()).toBe(200);
    expect((await eventsOf(clinic.id)).map((event) => event.kind)).toEqual(['issued', 'suspended', 'reinstated']);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, clinic.id))
      .orderBy(asc(auditLog.id));
    expect(entries.filter((entry) => entry.action.startsWith('certificate.'))).toEqual([
      expect.objectContaining({
        action: 'certificate.suspended',
        actorId: admin.id,
        details: { reason: 'Försäkringen granskas.', certificates: [certificate?.number] },
      }),
      expect.objectContaining({
        action: 'certificate.reinstated',
        actorId: admin.id,
        details: { certificates: [certificate?.number] },
      }),
    ]);
    for (const id of [SOME_ID]) {
      expect((await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${id}/reinstate` })).statusCode).toBe(
        404,
      );
    }
  });

  it('reinstates only while the facts of the scope are verified, and withdraws a suspended certification', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Försäkringslösa' }]);
    await t.db.update(profiles).set({ orgNumber: '556677-8899' }).where(eq(profiles.id, clinicId));
    await t.db
      .update(certificates)
      .set({ treatments: ['facial'] })
      .where(eq(certificates.clinicId, clinicId));
    await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/suspend`,
      payload: { reason: 'Försäkringen har löpt ut.' },
    });
    const refused = await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinicId}/reinstate` });
    expect(refused.statusCode).toBe(409);
    expect(refusedKinds(refused)).toEqual(['facts.org_number', 'facts.liability_insurance']);

    const withdrawn = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/withdraw`,
      payload: { reason: 'Ingen ny försäkring kom in.' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(ClinicReviewSchema.parse(withdrawn.json()).clinic).toMatchObject({
      applicationStatus: 'Nekad',
      phase: 'withdrawn',
    });
    expect((await certificatesOf(clinicId)).map((certificate) => certificate.status)).toEqual(['withdrawn']);
    expect((await eventsOf(clinicId)).at(-1)).toMatchObject({
      kind: 'withdrawn',
      reason: 'Ingen ny försäkring kom in.',
      actorId: admin.id,
    });
  });

  it('renews with the chosen treatments as the scope, recorded as a renewal', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic('Förnyelsekliniken', ['lash_brow']);
    await verifyAllFacts(t.db, clinic.id, admin.id);
    const november = new Date('2026-11-10T10:00:00Z');
    await approveApplication(t.db, decisionMail(), admin.id, clinic.id, new Date('2026-03-02T10:00:00Z'));
    await t.db
      .update(profiles)
      .set({ treatments: ['lash_brow', 'waxing'] })
      .where(eq(profiles.id, clinic.id));
    await insertPayment(t.db, { clinicId: clinic.id, status: 'paid', year: 2027 });
    await submitRenewal(t.db, clinic.id, november);
    await approveApplication(t.db, decisionMail(), admin.id, clinic.id, november);
    expect(
      (await certificatesOf(clinic.id)).map((certificate) => [certificate.validFrom, certificate.treatments]),
    ).toEqual([
      ['2026-03-02', ['lash_brow']],
      ['2027-01-01', ['lash_brow', 'waxing']],
    ]);
    expect((await eventsOf(clinic.id)).map((event) => [event.kind, event.treatments])).toEqual([
      ['issued', ['lash_brow']],
      ['renewed', ['lash_brow', 'waxing']],
    ]);
  });

  it('refuses a renewal while the certificate is suspended: it would put the clinic back in the register', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic('Indragna Förnyelsen', ['lash_brow']);
    await verifyAllFacts(t.db, clinic.id, admin.id);
    const november = new Date('2026-11-10T10:00:00Z');
    await approveApplication(t.db, decisionMail(), admin.id, clinic.id, new Date('2026-03-02T10:00:00Z'));
    await insertPayment(t.db, { clinicId: clinic.id, status: 'paid', year: 2027 });
    await submitRenewal(t.db, clinic.id, november);
    await t.db.transaction((tx) => suspendCertificates(tx, clinic.id, 'Tillsyn pågår.', november, admin.id));
    await expect(approveApplication(t.db, decisionMail(), admin.id, clinic.id, november)).rejects.toMatchObject({
      status: 409,
      code: 'certificate_suspended',
    });
    expect((await certificatesOf(clinic.id)).map((certificate) => certificate.status)).toEqual(['suspended']);
  });
});
