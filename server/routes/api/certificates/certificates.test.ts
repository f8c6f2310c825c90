import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import {
  CertificateHistoryPageSchema,
  CertificateSearchResultSchema,
  CertificateVerificationSchema,
  type CertificateHistoryEvent,
} from '../../../../contracts/certificates.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { auditLog, certificates, clinicFacts, profiles } from '../../../db/schema/index.ts';
import {
  dateInSweden,
  issueCertificate,
  reinstateCertificates,
  suspendCertificates,
  verifyCertificate,
  withdrawActiveCertificate,
} from '../../../services/certificates.ts';
import { completeApplication } from '../../../testing/application.ts';
import { verifyAllFacts } from '../../../testing/facts.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { certificateNumberOf, describeEachEngine, insertClinics } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { orderMembership } from '../../../testing/payments.ts';

describeEachEngine('certificates', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  /** A clinic in Lund that sent in a complete application with a document, its facts verified, waiting for review. */
  async function waitingClinic(fullName: string) {
    const clinic = await signUpAs(t.app, 'clinic', fullName);
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { ...completeApplication(`${fullName} AB`), city: 'Lund' },
    });
    await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    });
    await orderMembership(t.app, clinic.token);
    expect((await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' })).statusCode).toBe(200);
    await verifyAllFacts(t.db, clinic.id);
    return clinic;
  }
  const verify = (number: string) => t.app.inject({ url: `/api/certificates/${number}` });
  const certificatesOf = (clinicId: string) =>
    t.db.select().from(certificates).where(eq(certificates.clinicId, clinicId));

  it('issues a numbered certificate on approval, valid to 31 December, that anyone can verify; withdrawal shows at once', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await waitingClinic('Verifierade Kliniken');
    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve-application` }))
        .statusCode,
    ).toBe(200);

    const [certificate] = await certificatesOf(clinic.id);
    const today = dateInSweden(new Date());
    expect(certificate).toMatchObject({ status: 'active', validFrom: today, validTo: `${today.slice(0, 4)}-12-31` });
    expect(certificate?.number).toMatch(new RegExp(`^CK-${today.slice(0, 4)}-\\d{6}$`));
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'application.approved'));
    expect(audit?.details).toMatchObject({ after: { status: 'Godkänd', certificateNumber: certificate?.number } });

    const answer = await verify(certificate?.number ?? '');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(CertificateVerificationSchema.parse(answer.json())).toMatchObject({
      number: certificate?.number,
      status: 'active',
      clinic: { id: clinic.id, fullName: 'Verifierade Kliniken', city: 'Lund' },
      // In the register at once: a clinic is shown unless it chose not to be (issue 28).
      listed: true,
      criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true },
      withdrawnAt: null,
    });
    // Hidden by its own choice, the certificate is still valid, and the page is told it is not in the register.
    await call(clinic.token, { method: 'PUT', url: '/api/clinic/visibility', payload: { isPublic: false } });
    expect(CertificateVerificationSchema.parse((await verify(certificate?.number ?? '')).json())).toMatchObject({
      status: 'active',
      listed: false,
    });
    await call(clinic.token, { method: 'PUT', url: '/api/clinic/visibility', payload: { isPublic: true } });
    // Typed in lower case, as people do.
    expect((await verify(certificate?.number.toLowerCase() ?? '')).statusCode).toBe(200);
    // And without its dashes, on the page's address and in its search (issue 28 point 7).
    const compact = (certificate?.number ?? '').replaceAll('-', '').toLowerCase();
    expect(CertificateVerificationSchema.parse((await verify(compact)).json()).number).toBe(certificate?.number);
    const found = await t.app.inject({ method: 'GET', url: `/api/certificates?search=${compact}` });
    expect(CertificateSearchResultSchema.parse(found.json()).items.map((hit) => hit.number)).toEqual([
      certificate?.number,
    ]);

    await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/withdraw`,
      payload: { reason: 'Försäkringen har upphört.' },
    });
    const withdrawn = CertificateVerificationSchema.parse((await verify(certificate?.number ?? '')).json());
    expect(withdrawn.status).toBe('withdrawn');
    expect(withdrawn.withdrawnAt).not.toBeNull();

    // Certified again later: a new certificate with a new number; the old one stays withdrawn.
    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve` })).statusCode,
    ).toBe(200);
    const all = await certificatesOf(clinic.id);
    expect(all.map((row) => row.status).sort()).toEqual(['active', 'withdrawn']);
    expect(new Set(all.map((row) => row.number)).size).toBe(2);
  });

  it('numbers certificates uniquely when admins approve many at the same moment', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinics = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => waitingClinic(`Samtidig ${index}`)));
    const answers = await Promise.all(
      clinics.map((clinic) =>
        call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve-application` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const numbers = (await t.db.select({ number: certificates.number }).from(certificates)).map((row) => row.number);
    expect(numbers).toHaveLength(6);
    expect(new Set(numbers).size).toBe(6);
  });

  it('shows a certificate past its last day as expired, even before anything marked it', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await waitingClinic('Utgångna Kliniken');
    await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve-application` });
    const [certificate] = await certificatesOf(clinic.id);
    const nextYear = new Date(`${Number(certificate?.validTo.slice(0, 4)) + 1}-01-01T12:00:00Z`);
    expect((await verifyCertificate(t.db, certificate?.number ?? '', nextYear))?.status).toBe('expired');
    expect((await verifyCertificate(t.db, certificate?.number ?? ''))?.status).toBe('active');
  });

  it.each(['CK-2026-999999', 'inte-ett-nummer', "CK-2026-000001' OR '1'='1", '%00', 'x'.repeat(90)])(
    'answers 404 for %j, never a 500',
    async (number) => {
      const answer = await verify(encodeURIComponent(number));
      expect(answer.statusCode).toBe(404);
    },
  );

  it('gives the clinics certified before certificates existed theirs when migrating (migration 0007)', async () => {
    const [earlier = '', later = '', uncertified = ''] = await insertClinics(t.db, [
      { fullName: 'Tidig' },
      { fullName: 'Senare' },
      { fullName: 'Ej certifierad', isCertified: false },
    ]);
    await t.db
      .update(profiles)
      .set({ certifiedAt: new Date('2025-06-30T23:30:00Z') })
      .where(eq(profiles.id, earlier));
    await t.db
      .update(profiles)
      .set({ certifiedAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(profiles.id, later));
    // As before certificates existed: without the ones insertClinics issues.
    await t.db.delete(certificates);
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../../db/migrations/0007_certificates.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('INSERT INTO "certificates"');
    await t.db.execute(sql.raw(backfill));

    const rows = await t.db.select().from(certificates);
    expect(rows.map((row) => [row.clinicId, row.validFrom, row.validTo, row.status])).toEqual([
      // 23:30 UTC on 30 June is already 1 July in Sweden.
      [earlier, '2025-07-01', '2025-12-31', 'active'],
      [later, '2026-03-02', '2026-12-31', 'active'],
    ]);
    expect(rows.every((row) => /^CK-\d{4}-\d{6}$/.test(row.number))).toBe(true);
    expect(rows.some((row) => row.clinicId === uncertified)).toBe(false);
    // The one from last year shows as expired.
    expect((await verifyCertificate(t.db, rows[0]?.number ?? '', new Date('2026-11-23T12:00:00Z')))?.status).toBe(
      'expired',
    );
  });

  /** A certified clinic of the register with an organisation number, its certificate covering `treatments`. */
  async function clinicWithScope(fullName: string, treatments: TreatmentId[], issuedAt = new Date()) {
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName, city: 'Lund', isCertified: false }]);
    await t.db
      .update(profiles)
      .set({
        orgNumber: '556677-8899',
        isCertified: true,
        applicationStatus: 'Godkänd',
        certifiedAt: issuedAt,
      })
      .where(eq(profiles.id, clinicId));
    const number = await issueCertificate(t.db, clinicId, issuedAt, undefined, { treatments });
    return { clinicId, number };
  }

  it('shows the scope and every verified fact with the Swedish day it was checked; nothing unchecked or rejected, no policy or licence number', async () => {
    const { clinicId, number } = await clinicWithScope('Omfångskliniken', ['facial', 'botulinum_toxin']);
    // The org-number fact is the trigger's (migration 0017); the admin checked it on 1 November.
    await t.db
      .update(clinicFacts)
      .set({ status: 'verified', checkedAt: new Date('2026-11-01T09:00:00Z') })
      .where(and(eq(clinicFacts.clinicId, clinicId), eq(clinicFacts.kind, 'org_number')));
    await t.db.insert(clinicFacts).values([
      {
        clinicId,
        kind: 'liability_insurance',
        details: { insurer: 'Exempelförsäkringar AB', policyNumber: 'EXEMPEL-POLICY-1' },
        validUntil: '2099-03-31',
        status: 'verified',
        // 23:30 UTC is already the next day in Sweden.
        checkedAt: new Date('2026-11-02T23:30:00Z'),
      },
      {
        clinicId,
        kind: 'ivo_registration',
        details: { registrationNumber: 'EXEMPEL-IVO-1' },
        status: 'verified',
        checkedAt: new Date('2026-11-04T10:00:00Z'),
      },
      {
        clinicId,
        kind: 'licensed_practitioner',
        details: { name: 'Sara Exempelsson', profession: 'nurse', licenceNumber: 'EXEMPEL-LEG-1' },
        status: 'verified',
        checkedAt: new Date('2026-11-05T10:00:00Z'),
      },
      {
        clinicId,
        kind: 'licensed_practitioner',
        details: { name: 'Avvisad Behandlare', profession: 'physician', licenceNumber: 'EXEMPEL-LEG-2' },
        status: 'rejected',
        reason: 'Finns inte i Socialstyrelsens register.',
        checkedAt: new Date('2026-11-05T10:00:00Z'),
      },
      {
        clinicId,
        kind: 'municipal_notification',
        details: { municipality: 'Lund', notifiedOn: '2024-09-16' },
      },
    ]);

    const answer = await verify(number);
    expect(answer.statusCode).toBe(200);
    const certificate = CertificateVerificationSchema.parse(answer.json());
    expect(certificate).toMatchObject({
      status: 'active',
      treatments: ['facial', 'botulinum_toxin'],
      suspendedAt: null,
      suspensionReason: null,
      withdrawnReason: null,
    });
    expect(certificate.facts).toEqual([
      { kind: 'org_number', orgNumber: '556677-8899', legalForm: 'limited_company', checkedOn: '2026-11-01' },
      {
        kind: 'liability_insurance',
        insurer: 'Exempelförsäkringar AB',
        validUntil: '2099-03-31',
        checkedOn: '2026-11-03',
      },
      { kind: 'ivo_registration', registrationNumber: 'EXEMPEL-IVO-1', checkedOn: '2026-11-04' },
      { kind: 'licensed_practitioner', name: 'Sara Exempelsson', profession: 'nurse', checkedOn: '2026-11-05' },
    ]);
    for (const secret of ['EXEMPEL-POLICY-1', 'EXEMPEL-LEG', 'Avvisad', 'Socialstyrelsens', 'municipal_notification'])
      expect(answer.body).not.toContain(secret);
  });

  it('says a suspended certificate is suspended, since when and why; past its last day it is expired', async () => {
    const { clinicId, number } = await clinicWithScope('Indragna Kliniken', ['facial']);
    const suspendedAt = new Date(Date.now() - 60_000);
    await suspendCertificates(t.db, clinicId, 'Ansvarsförsäkringen har löpt ut.', suspendedAt, null);

    const suspended = CertificateVerificationSchema.parse((await verify(number)).json());
    expect(suspended).toMatchObject({
      status: 'suspended',
      suspendedAt: suspendedAt.toISOString(),
      suspensionReason: 'Ansvarsförsäkringen har löpt ut.',
      treatments: ['facial'],
    });

    const nextYear = new Date(`${Number(suspended.validTo.slice(0, 4)) + 1}-01-01T12:00:00Z`);
    expect(await verifyCertificate(t.db, number, nextYear)).toMatchObject({
      status: 'expired',
      suspendedAt: null,
      suspensionReason: null,
    });
  });

  it("pages the clinic's whole public history newest first by cursor, with reasons and scopes, never who decided", async () => {
    const [adminId = '', otherClinic = ''] = await insertClinics(t.db, [
      { fullName: 'Granskaren', role: 'admin', isCertified: false },
      { fullName: 'Annan Klinik' },
    ]);
    const at = (day: string) => new Date(`${day}T09:00:00Z`);
    const { clinicId, number } = await clinicWithScope('Historiska Kliniken', ['facial'], at('2026-01-02'));
    const renewed = await issueCertificate(t.db, clinicId, at('2026-11-03'), '2027-01-01', {
      kind: 'renewed',
      treatments: ['facial', 'fillers'],
      actorId: adminId,
    });
    // Both certificates at once: two events of the same moment, which the cursor's id tells apart.
    await suspendCertificates(t.db, clinicId, 'Försäkringen har löpt ut.', at('2026-11-10'), adminId);
    await reinstateCertificates(t.db, clinicId, at('2026-11-12'), adminId);
    await withdrawActiveCertificate(t.db, clinicId, 'Kliniken har upphört.', at('2026-11-20'), adminId);

    const seen: CertificateHistoryEvent[] = [];
    const cursors: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const answer = await t.app.inject({ url: `/api/certificates/${renewed}/history${query}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(adminId);
      expect(answer.body).not.toContain('actor');
      const page = CertificateHistoryPageSchema.parse(answer.json());
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.nextCursor;
      if (cursor) cursors.push(cursor);
    } while (cursor);
    expect(cursors).toHaveLength(2);
    expect(new Set(seen.map((event) => event.id)).size).toBe(8);
    expect(seen.map((event) => event.kind)).toEqual([
      'withdrawn',
      'withdrawn',
      'reinstated',
      'reinstated',
      'suspended',
      'suspended',
      'renewed',
      'issued',
    ]);
    expect(
      seen
        .filter((event) => event.kind === 'withdrawn')
        .map((event) => event.certificateNumber)
        .sort(),
    ).toEqual([number, renewed].sort());
    expect(seen[0]).toMatchObject({ reason: 'Kliniken har upphört.', treatments: null });
    expect(seen[2]).toMatchObject({ reason: null, treatments: null });
    expect(seen[4]).toMatchObject({ reason: 'Försäkringen har löpt ut.', treatments: null });
    expect(seen[6]).toMatchObject({
      certificateNumber: renewed,
      occurredAt: at('2026-11-03').toISOString(),
      reason: null,
      treatments: ['facial', 'fillers'],
    });
    expect(seen[7]).toMatchObject({ certificateNumber: number, treatments: ['facial'] });
    // The other clinic's history is its own; the same by either of the clinic's numbers.
    const byFirstNumber = CertificateHistoryPageSchema.parse(
      (await t.app.inject({ url: `/api/certificates/${number.toLowerCase()}/history` })).json(),
    );
    expect(byFirstNumber.items.map((event) => event.id)).toEqual(seen.map((event) => event.id));
    const other = CertificateHistoryPageSchema.parse(
      (await t.app.inject({ url: `/api/certificates/${await certificateNumberOf(t.db, otherClinic)}/history` })).json(),
    );
    expect(other.items.map((event) => event.kind)).toEqual(['issued']);
  });

  it('refuses a bad cursor or limit of the history with 400 naming it, in sv and en; an unknown number is 404', async () => {
    const { number } = await clinicWithScope('Markörkliniken', ['facial']);
    for (const [query, field] of [
      ['cursor=inte-en-markör', 'cursor'],
      [`cursor=${Buffer.from('["2026-02-30T00:00:00Z","x"]').toString('base64url')}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
    ] as const) {
      for (const [language, messages] of [
        ['sv', sv],
        ['en', en],
      ] as const) {
        const answer = await t.app.inject({
          url: `/api/certificates/${number}/history?${query}`,
          headers: { 'accept-language': language },
        });
        expect(answer.statusCode, query).toBe(400);
        const { error } = answer.json<{ error: { issues: { path: string[]; message: string }[] } }>();
        expect(error.issues[0]).toEqual({
          path: [field],
          message: field === 'cursor' ? messages.cursorInvalid : messages.limitRange,
        });
      }
    }
    for (const unknown of ['CK-2026-999999', 'inte-ett-nummer'])
      expect((await t.app.inject({ url: `/api/certificates/${unknown}/history` })).statusCode).toBe(404);
  });
});
