import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { ClinicReviewSchema } from '../../../../contracts/admin.ts';
import { ClinicDocumentListSchema, ClinicOwnProfileSchema } from '../../../../contracts/clinic-area.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { auditLog, certificates, clinicDocuments, clinicSubmissions } from '../../../db/schema/index.ts';
import { completeApplication } from '../../../testing/application.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { verifyAllFacts } from '../../../testing/facts.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { orderMembership } from '../../../testing/payments.ts';

// Issue 27 point 3: a certificate vouches for what was reviewed. What a clinic sends in is the snapshot
// the admin decides on; afterwards a change to its name, company, organisation number, criteria or
// documents waits for an admin, and the public pages show the reviewed values until then.

describeEachEngine('reviewed values', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  /**
   * A clinic in `city` that sent in a complete application with one document; its facts are verified.
   * Public, as a clinic is unless it chooses otherwise (issue 28).
   */
  async function sentIn(fullName: string, city = 'Stockholm', orgNumber = '556677-8899') {
    const clinic = await signUpAs(t.app, 'clinic', fullName);
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { ...completeApplication(`${fullName} AB`), city, orgNumber },
    });
    expect(
      (
        await call(clinic.token, {
          method: 'POST',
          url: '/api/clinic/documents',
          ...multipartFile('försäkring.pdf', sampleFiles.pdf()),
        })
      ).statusCode,
    ).toBe(201);
    await orderMembership(t.app, clinic.token);
    expect((await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' })).statusCode).toBe(200);
    await verifyAllFacts(t.db, clinic.id);
    return clinic;
  }

  async function certified(fullName: string, admin: { token: string }, city?: string, orgNumber?: string) {
    const clinic = await sentIn(fullName, city, orgNumber);
    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve-application` }))
        .statusCode,
    ).toBe(200);
    const [certificate] = await t.db.select().from(certificates).where(eq(certificates.clinicId, clinic.id));
    return { ...clinic, number: certificate?.number ?? '' };
  }

  const profile = async (token: string) =>
    ClinicOwnProfileSchema.parse((await call(token, { url: '/api/clinic/profile' })).json());
  const review = async (admin: { token: string }, clinicId: string) =>
    ClinicReviewSchema.parse((await call(admin.token, { url: `/api/admin/clinics/${clinicId}` })).json());
  const registerNames = async (search: string) =>
    (
      (await t.app.inject({ url: `/api/clinics?search=${encodeURIComponent(search)}` })).json() as {
        items: { fullName: string }[];
      }
    ).items.map((item) => item.fullName);
  const actions = async (clinicId: string) =>
    (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, clinicId))).map(
      (row) => row.action,
    );

  it('a certified clinic renaming itself asks the admin: the register, badge and verification page keep the reviewed name until approved', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await certified('Aurora Hudklinik', admin);

    const renamed = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/settings',
      payload: { fullName: 'Klara Hudmottagning', description: 'Ny text' },
    });
    expect(renamed.statusCode).toBe(200);
    const own = ClinicOwnProfileSchema.parse(renamed.json());
    // The free text changes at once; the name waits.
    expect(own).toMatchObject({
      fullName: 'Aurora Hudklinik',
      description: 'Ny text',
      changeRequest: { changes: { fullName: 'Klara Hudmottagning' } },
    });
    expect(await registerNames('Klara')).toEqual([]);
    expect(await registerNames('Aurora')).toEqual(['Aurora Hudklinik']);
    expect((await t.app.inject({ url: `/api/badge/${clinic.id}` })).json()).toMatchObject({
      fullName: 'Aurora Hudklinik',
    });
    expect((await t.app.inject({ url: `/api/certificates/${clinic.number}` })).json()).toMatchObject({
      clinic: { fullName: 'Aurora Hudklinik' },
    });
    expect(await actions(clinic.id)).toContain('change_request.updated');
    // The change waits in the admin's applications list like an application.
    const waiting = (await call(admin.token, { url: '/api/admin/applications' })).json() as {
      items: { id: string; hasChangeRequest: boolean }[];
    };
    expect(waiting.items).toEqual([expect.objectContaining({ id: clinic.id, hasChangeRequest: true })]);

    const approved = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/change-request/approve`,
    });
    expect(approved.statusCode).toBe(200);
    expect(ClinicReviewSchema.parse(approved.json()).clinic).toMatchObject({
      fullName: 'Klara Hudmottagning',
      changeRequest: null,
    });
    expect(await registerNames('Klara')).toEqual(['Klara Hudmottagning']);
    expect((await call(admin.token, { url: '/api/admin/applications' })).json().items).toEqual([]);
    expect((await t.app.inject({ url: `/api/badge/${clinic.id}` })).json()).toMatchObject({
      fullName: 'Klara Hudmottagning',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'change_request.approved'));
    expect(entry).toMatchObject({
      targetId: clinic.id,
      details: { before: { fullName: 'Aurora Hudklinik' }, after: { fullName: 'Klara Hudmottagning' } },
    });
    expect(
      (
        await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/change-request/approve` })
      ).json().error,
    ).toEqual({
      code: 'no_change_request',
      message: sv.noChangeRequest,
    });
  });

  it('a certified clinic cannot delete its reviewed documents or untick a criterion: both wait, and a refusal keeps them with a reason', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await certified('Dokumentkliniken', admin);
    const [reviewed] = ClinicDocumentListSchema.parse(
      (await call(clinic.token, { url: '/api/clinic/documents' })).json(),
    ).items;

    expect(
      (await call(clinic.token, { method: 'DELETE', url: `/api/clinic/documents/${reviewed?.id}` })).statusCode,
    ).toBe(204);
    expect(
      (
        await call(clinic.token, {
          method: 'PATCH',
          url: '/api/clinic/application',
          payload: { criteria: { c1: false }, orgNumber: '556016-0680' },
        })
      ).statusCode,
    ).toBe(200);
    const added = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('ny-policy.pdf', sampleFiles.pdf()),
    });
    expect(added.statusCode).toBe(201);

    const documents = ClinicDocumentListSchema.parse(
      (await call(clinic.token, { url: '/api/clinic/documents' })).json(),
    ).items;
    expect(documents.map((document) => [document.fileName, document.state])).toEqual([
      ['försäkring.pdf', 'removal_requested'],
      ['ny-policy.pdf', 'added'],
    ]);
    const own = await profile(clinic.token);
    expect(own).toMatchObject({
      orgNumber: '556677-8899',
      criteria: { c1: true },
      documentCount: 1,
      isCertified: true,
    });
    expect(own.changeRequest).toMatchObject({
      changes: { orgNumber: '556016-0680', criteria: { c1: false } },
      removedDocumentIds: [reviewed?.id],
      addedDocumentIds: [added.json().id],
    });
    expect((await t.app.inject({ url: `/api/certificates/${clinic.number}` })).json()).toMatchObject({
      criteria: { c1: true },
    });

    const refused = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/change-request/refuse`,
      payload: { reason: 'Försäkringen måste finnas kvar.' },
    });
    expect(refused.statusCode).toBe(200);
    expect(await profile(clinic.token)).toMatchObject({
      orgNumber: '556677-8899',
      changeRequest: null,
      refusedChange: { reason: 'Försäkringen måste finnas kvar.' },
    });
    const after = ClinicDocumentListSchema.parse(
      (await call(clinic.token, { url: '/api/clinic/documents' })).json(),
    ).items;
    expect(after.map((document) => [document.fileName, document.state])).toEqual([['försäkring.pdf', 'reviewed']]);
    // The document added for the refused change is gone, row and file.
    expect(await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.id, added.json().id))).toEqual([]);
    expect(await actions(clinic.id)).toEqual(
      expect.arrayContaining(['document.removal_requested', 'document.added_for_review', 'change_request.refused']),
    );
  });

  it('the admin reviews the snapshot sent in, sees what changed since, and approving certifies the snapshot', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentIn('Snapshotkliniken');
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { companyName: 'Annat Bolag AB', criteria: { c3: false } },
    });

    const before = await review(admin, clinic.id);
    expect(before.submission).toMatchObject({
      kind: 'application',
      decision: null,
      snapshot: { companyName: 'Snapshotkliniken AB', criteria: { c3: true } },
    });
    expect(before.submission?.changedSince.sort()).toEqual(['companyName', 'criteria']);
    expect(before.clinic).toMatchObject({
      companyName: 'Snapshotkliniken AB',
      changeRequest: { changes: { companyName: 'Annat Bolag AB', criteria: { c3: false } } },
    });

    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve-application` }))
        .statusCode,
    ).toBe(200);
    const after = await review(admin, clinic.id);
    expect(after.clinic).toMatchObject({
      isCertified: true,
      companyName: 'Snapshotkliniken AB',
      criteria: { c3: true },
    });
    expect(after.submission).toMatchObject({ decision: 'approved' });
    // The change asked for after sending in still waits for its own decision.
    expect(after.clinic.changeRequest).not.toBeNull();
  });

  it('the snapshot holds the treatments sent in; a new choice shows as changed since, and one sent in before issue 22 reads as none', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentIn('Behandlingskliniken');
    expect((await review(admin, clinic.id)).submission).toMatchObject({
      snapshot: { treatments: ['facial'] },
      changedSince: [],
    });
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { treatments: ['facial', 'piercing'] },
    });
    expect((await review(admin, clinic.id)).submission?.changedSince).toEqual(['treatments']);

    await t.db
      .update(clinicSubmissions)
      .set({ snapshot: sql`${clinicSubmissions.snapshot} - 'treatments'` })
      .where(eq(clinicSubmissions.clinicId, clinic.id));
    expect((await review(admin, clinic.id)).submission).toMatchObject({
      snapshot: { treatments: [] },
      changedSince: ['treatments'],
    });
  });

  it('a denial turns the changes asked for meanwhile into the draft the clinic corrects; withdrawing one deletes what it added', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentIn('Rättelsekliniken');
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/settings',
      payload: { fullName: 'Rättade Kliniken' },
    });
    await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/deny`,
      payload: { reason: 'Fel namn.' },
    });
    expect(await profile(clinic.token)).toMatchObject({
      applicationStatus: 'Nekad',
      fullName: 'Rättade Kliniken',
      changeRequest: null,
    });

    const other = await certified('Återkallarna', admin);
    const upload = await call(other.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('extra.pdf', sampleFiles.pdf()),
    });
    const [row] = await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.id, upload.json().id));
    const withdrawn = await call(other.token, { method: 'DELETE', url: '/api/clinic/change-request' });
    expect(withdrawn.statusCode).toBe(200);
    expect(ClinicOwnProfileSchema.parse(withdrawn.json())).toMatchObject({ changeRequest: null, refusedChange: null });
    expect(await t.app.fileStore.get('clinic-documents', row?.storagePath ?? '')).toBeNull();
    const again = await call(other.token, {
      method: 'DELETE',
      url: '/api/clinic/change-request',
      headers: { 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'no_change_request', message: en.noChangeRequest });
  });

  it('no two listed clinics share a name in one city; the verification page tells lookalikes apart by organisation number', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const original = await certified('Aurora Hudklinik', admin, 'Stockholm', '556677-8899');
    const copy = await sentIn('aurora hudklinik', 'Stockholm', '556016-0680');
    const refused = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${copy.id}/approve-application`,
      headers: { 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'name_taken', message: en.listedNameTaken });
    expect(await registerNames('Aurora')).toEqual(['Aurora Hudklinik']);
    expect(await certificatesOfClinic(copy.id)).toEqual([]);

    // The same name in another city is another clinic.
    const elsewhere = await certified('Aurora Hudklinik', admin, 'Malmö', '556016-0680');
    expect(await registerNames('Aurora')).toHaveLength(2);
    // Moving into the first one's city is refused too, and changes nothing.
    const moved = await call(elsewhere.token, {
      method: 'PATCH',
      url: '/api/clinic/settings',
      payload: { city: 'Stockholm' },
    });
    expect(moved.statusCode).toBe(409);
    expect((await profile(elsewhere.token)).city).toBe('Malmö');

    const verified = (await t.app.inject({ url: `/api/certificates/${original.number}` })).json();
    expect(verified.clinic).toMatchObject({
      fullName: 'Aurora Hudklinik',
      city: 'Stockholm',
      orgNumber: '556677-8899',
    });
  });

  const certificatesOfClinic = (clinicId: string) =>
    t.db.select().from(certificates).where(eq(certificates.clinicId, clinicId));
});
