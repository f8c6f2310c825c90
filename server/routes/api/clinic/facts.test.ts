import { and, asc, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { ClinicFactListSchema } from '../../../../contracts/clinic-area.ts';
import { ClinicFactSchema, type FactInput } from '../../../../contracts/facts.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { auditLog, clinicFacts } from '../../../db/schema/index.ts';
import { FACTS_PER_CLINIC_MAX } from '../../../services/clinic-area/clinic-facts.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';

// Issue 22 point 2, the clinic's side: the facts it states behind its certificate, each unchecked until
// an admin checks it; the org-number fact follows its application's organisation number.

/** Noon in Sweden on 26 November 2026: today is 2026-11-26 by the app's clock. */
const NOW = new Date('2026-11-26T11:00:00Z');

describeEachEngine('/api/clinic/facts', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }, now: () => NOW }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const listOf = async (token: string) =>
    ClinicFactListSchema.parse((await call(token, { url: '/api/clinic/facts' })).json());
  const state = (token: string, fact: FactInput, language = 'sv') =>
    call(token, { method: 'POST', url: '/api/clinic/facts', payload: fact, headers: { 'accept-language': language } });
  const stated = async (token: string, fact: FactInput) => {
    const response = await state(token, fact);
    expect(response.statusCode, response.body).toBe(201);
    return ClinicFactSchema.parse(response.json());
  };
  const uploadDocument = async (token: string) => {
    const response = await call(token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('försäkringsbrev.pdf', sampleFiles.pdf()),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const chooseTreatments = (token: string, treatments: string[]) =>
    call(token, { method: 'PATCH', url: '/api/clinic/application', payload: { treatments } });
  const auditOf = (clinicId: string) =>
    t.db
      .select({ actorId: auditLog.actorId, action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, clinicId), inArray(auditLog.action, ['fact.stated', 'fact.changed', 'fact.deleted'])),
      )
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  const insurance = (documentId: string | null = null) =>
    ({
      kind: 'liability_insurance',
      insurer: 'Trygg-Hansa',
      policyNumber: 'Exempel-123',
      validUntil: '2027-06-30',
      documentId,
    }) satisfies FactInput;
  const practitioner = {
    kind: 'licensed_practitioner',
    name: 'Sara Lind',
    profession: 'nurse',
    licenceNumber: 'Exempel-9876',
  } satisfies FactInput;

  it('states, lists, changes and deletes its facts, each change audited with the clinic as actor', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const documentId = await uploadDocument(clinic.token);
    const fact = await stated(clinic.token, insurance(documentId));
    expect(fact).toMatchObject({ ...insurance(documentId), status: 'unchecked', reason: null, checkedAt: null });
    const row = await t.db.select().from(clinicFacts).where(eq(clinicFacts.id, fact.id));
    expect(row[0]).toMatchObject({
      kind: 'liability_insurance',
      details: { insurer: 'Trygg-Hansa', policyNumber: 'Exempel-123' },
      validUntil: '2027-06-30',
      documentId,
    });
    const other = await stated(clinic.token, practitioner);
    expect((await listOf(clinic.token)).items.map((item) => item.id)).toEqual([fact.id, other.id]);

    // An admin had verified it: a changed statement is unchecked again.
    await t.db
      .update(clinicFacts)
      .set({ status: 'rejected', reason: 'Fel försäkringsnummer.', checkedAt: NOW })
      .where(eq(clinicFacts.id, fact.id));
    const changed = await call(clinic.token, {
      method: 'PUT',
      url: `/api/clinic/facts/${fact.id}`,
      payload: { ...insurance(null), policyNumber: 'Exempel-124' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: fact.id,
      policyNumber: 'Exempel-124',
      documentId: null,
      status: 'unchecked',
      reason: null,
      checkedBy: null,
      checkedAt: null,
    });

    const deleted = await call(clinic.token, { method: 'DELETE', url: `/api/clinic/facts/${other.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await listOf(clinic.token)).items.map((item) => item.id)).toEqual([fact.id]);
    expect((await call(clinic.token, { method: 'DELETE', url: `/api/clinic/facts/${other.id}` })).statusCode).toBe(404);

    const audit = await auditOf(clinic.id);
    expect(audit.map(({ actorId, action }) => [actorId, action])).toEqual([
      [clinic.id, 'fact.stated'],
      [clinic.id, 'fact.stated'],
      [clinic.id, 'fact.changed'],
      [clinic.id, 'fact.deleted'],
    ]);
    expect(audit[2]?.details).toMatchObject({
      before: { policyNumber: 'Exempel-123', status: 'rejected', reason: 'Fel försäkringsnummer.' },
      after: { policyNumber: 'Exempel-124', status: 'unchecked' },
    });
    expect(audit[3]?.details).toMatchObject({ before: { kind: 'licensed_practitioner', name: 'Sara Lind' } });
  });

  it('names the kinds the chosen treatments need and, of those, which have no verified fact in force today', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    expect(await listOf(clinic.token)).toEqual({ items: [], needed: ['org_number'], missing: ['org_number'] });
    await chooseTreatments(clinic.token, ['botulinum_toxin', 'microneedling']);
    expect(await listOf(clinic.token)).toMatchObject({
      needed: [
        'org_number',
        'liability_insurance',
        'ivo_registration',
        'licensed_practitioner',
        'municipal_notification',
      ],
    });
    await chooseTreatments(clinic.token, ['facial']);
    const fact = await stated(clinic.token, { ...insurance(), validUntil: '2026-11-26' });
    expect((await listOf(clinic.token)).missing).toEqual(['org_number', 'liability_insurance']);
    await t.db.update(clinicFacts).set({ status: 'verified', checkedAt: NOW }).where(eq(clinicFacts.id, fact.id));
    expect((await listOf(clinic.token)).missing).toEqual(['org_number']);
    // Verified, but lapsed yesterday: no longer in force.
    await t.db.update(clinicFacts).set({ validUntil: '2026-11-25' }).where(eq(clinicFacts.id, fact.id));
    expect((await listOf(clinic.token)).missing).toEqual(['org_number', 'liability_insurance']);
  });

  it('keeps the org-number fact with the application: it appears with the number and its legal form, and a new number makes it unchecked again', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const orgNumberFact = async () => (await listOf(clinic.token)).items.find((item) => item.kind === 'org_number');
    expect(await orgNumberFact()).toBeUndefined();
    await call(clinic.token, { method: 'PATCH', url: '/api/clinic/application', payload: { orgNumber: '5566778899' } });
    const fact = await orgNumberFact();
    expect(fact).toMatchObject({ orgNumber: '556677-8899', legalForm: 'limited_company', status: 'unchecked' });

    await t.db
      .update(clinicFacts)
      .set({ status: 'verified', checkedAt: NOW })
      .where(eq(clinicFacts.id, fact?.id ?? ''));
    expect((await listOf(clinic.token)).missing).toEqual([]);
    // The same number saved again changes nothing.
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { orgNumber: '556677-8899' },
    });
    expect(await orgNumberFact()).toMatchObject({ status: 'verified' });
    // A sole trader's personal identity number.
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { orgNumber: '811218-9876' },
    });
    expect(await orgNumberFact()).toMatchObject({
      id: fact?.id,
      orgNumber: '811218-9876',
      legalForm: 'sole_trader',
      status: 'unchecked',
      checkedAt: null,
    });

    // The clinic cannot state, change or delete it here.
    const put = await call(clinic.token, {
      method: 'PUT',
      url: `/api/clinic/facts/${fact?.id}`,
      payload: insurance(),
      headers: { 'accept-language': 'en' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().error).toMatchObject({ code: 'org_number_fact', message: en.orgNumberFactFixed });
    expect((await call(clinic.token, { method: 'DELETE', url: `/api/clinic/facts/${fact?.id}` })).statusCode).toBe(409);
    const posted = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/facts',
      payload: { kind: 'org_number', orgNumber: '556677-8899' },
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().error.issues[0]).toMatchObject({ path: ['kind'], message: sv.factKindInvalid });
    expect(await orgNumberFact()).toMatchObject({ orgNumber: '811218-9876' });

    // Cleared with the application's number, it goes.
    await call(clinic.token, { method: 'PATCH', url: '/api/clinic/application', payload: { orgNumber: '' } });
    expect(await orgNumberFact()).toBeUndefined();
  });

  it("answers another clinic's fact as missing (404) and refuses customers and admins (403), changing nothing", async () => {
    const owner = await signUpAs(t.app, 'clinic');
    const other = await signUpAs(t.app, 'clinic');
    const customer = await signUpAs(t.app, 'customer');
    const admin = await signUpAs(t.app, 'admin');
    const fact = await stated(owner.token, practitioner);
    const changes = { ...practitioner, name: 'Någon Annan' };
    for (const request of [
      { method: 'PUT', url: `/api/clinic/facts/${fact.id}`, payload: changes },
      { method: 'DELETE', url: `/api/clinic/facts/${fact.id}` },
    ] as const) {
      expect((await call(other.token, request)).statusCode, request.method).toBe(404);
      for (const someone of [customer, admin])
        expect((await call(someone.token, request)).statusCode, request.method).toBe(403);
      expect((await call(null, request)).statusCode, request.method).toBe(401);
    }
    for (const someone of [customer, admin]) {
      expect((await call(someone.token, { url: '/api/clinic/facts' })).statusCode).toBe(403);
      expect((await state(someone.token, practitioner)).statusCode).toBe(403);
    }
    expect((await listOf(other.token)).items).toEqual([]);
    expect((await listOf(owner.token)).items).toEqual([fact]);
  });

  it.each<[string, (documentOfAnother: string) => FactInput, string, string]>([
    [
      'an insurance that ran out yesterday',
      () => ({ ...insurance(), validUntil: '2026-11-25' }),
      'validUntil',
      sv.validUntilPast,
    ],
    [
      'a notification made tomorrow',
      () => ({ kind: 'municipal_notification', municipality: 'Lund', notifiedOn: '2026-11-27', documentId: null }),
      'notifiedOn',
      sv.notifiedOnFuture,
    ],
    [
      "another clinic's document",
      (documentOfAnother) => insurance(documentOfAnother),
      'documentId',
      sv.documentInvalid,
    ],
    [
      'a document that does not exist',
      () => insurance('00000000-0000-4000-8000-000000000000'),
      'documentId',
      sv.documentInvalid,
    ],
    ['a document id that is not one', () => insurance('intyg.pdf'), 'documentId', sv.documentInvalid],
    [
      'a licence number over its limit',
      () => ({ ...practitioner, licenceNumber: '1'.repeat(41) }),
      'licenceNumber',
      sv.licenceNumberTooLong,
    ],
    [
      'a profession that may not inject',
      () => ({ ...practitioner, profession: 'beautician' }) as unknown as FactInput,
      'profession',
      sv.professionInvalid,
    ],
    [
      'a registration number of blanks',
      () => ({ kind: 'ivo_registration', registrationNumber: '   ', documentId: null }),
      'registrationNumber',
      sv.registrationNumberRequired,
    ],
    ['a date that is not one', () => ({ ...insurance(), validUntil: '2027-02-30' }), 'validUntil', sv.dateInvalid],
    ['an unknown kind', () => ({ kind: 'tax_debt' }) as unknown as FactInput, 'kind', sv.factKindInvalid],
  ])('refuses %s (400 naming the field, translated, nothing stored)', async (_case, build, field, message) => {
    const clinic = await signUpAs(t.app, 'clinic');
    const another = await signUpAs(t.app, 'clinic');
    const documentOfAnother = await uploadDocument(another.token);
    const response = await state(clinic.token, build(documentOfAnother));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path: [field], message });
    expect(await t.db.select().from(clinicFacts).where(eq(clinicFacts.clinicId, clinic.id))).toEqual([]);
    expect(await auditOf(clinic.id)).toEqual([]);
  });

  it('refuses a change that does not hold (400, the fact as it was) and a change of kind', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const fact = await stated(clinic.token, insurance());
    const change = (payload: FactInput) =>
      call(clinic.token, { method: 'PUT', url: `/api/clinic/facts/${fact.id}`, payload });
    const lapsed = await change({ ...insurance(), validUntil: '2026-01-01' });
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json().error).toMatchObject({
      code: 'invalid_request',
      message: sv.validUntilPast,
      issues: [{ path: ['validUntil'], message: sv.validUntilPast }],
    });
    const otherKind = await change(practitioner);
    expect(otherKind.statusCode).toBe(400);
    expect(otherKind.json().error.issues).toEqual([{ path: ['kind'], message: sv.factKindFixed }]);
    expect((await listOf(clinic.token)).items).toEqual([fact]);
    // Valid today is still valid.
    expect((await change({ ...insurance(), validUntil: '2026-11-26' })).statusCode).toBe(200);
  });

  it(`keeps at most ${FACTS_PER_CLINIC_MAX} facts per clinic (409)`, async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    await t.db.insert(clinicFacts).values(
      Array.from({ length: FACTS_PER_CLINIC_MAX }, (_, index) => ({
        clinicId: clinic.id,
        kind: 'licensed_practitioner' as const,
        details: { name: `Behandlare ${index}`, profession: 'nurse', licenceNumber: `Exempel-${index}` },
      })),
    );
    const refused = await state(clinic.token, practitioner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'fact_limit', message: sv.factLimit });
    expect((await listOf(clinic.token)).items).toHaveLength(FACTS_PER_CLINIC_MAX);
  });

  it('is described in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/clinic/facts', '/api/clinic/facts/{id}']));
  });
});
