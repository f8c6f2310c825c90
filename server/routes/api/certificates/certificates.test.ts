import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { CertificateVerificationSchema } from '../../../../contracts/certificates.ts';
import { auditLog, certificates, profiles } from '../../../db/schema/index.ts';
import { dateInSweden, verifyCertificate } from '../../../services/certificates.ts';
import { completeApplication } from '../../../testing/application.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';

describeEachEngine('certificates', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  /** A clinic in Lund that sent in a complete application with a document, waiting for review. */
  async function waitingClinic(fullName: string) {
    const clinic = await signUpAs(t.app, 'clinic', fullName);
    await call(clinic.token, { method: 'PATCH', url: '/api/clinic/settings', payload: { city: 'Lund' } });
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
    expect((await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' })).statusCode).toBe(200);
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
      criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true },
      withdrawnAt: null,
    });
    // Typed in lower case, as people do.
    expect((await verify(certificate?.number.toLowerCase() ?? '')).statusCode).toBe(200);

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
});
