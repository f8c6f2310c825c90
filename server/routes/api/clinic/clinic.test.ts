import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { ClinicOwnProfileSchema } from '../../../../contracts/clinic-area.ts';
import { COMPLETE_APPLICATION } from '../../../../contracts/testing/complete-application.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { auditLog, profiles } from '../../../db/schema/index.ts';
import { issueCertificate } from '../../../services/certificates.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { orderMembership } from '../../../testing/payments.ts';

describeEachEngine('/api/clinic', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const profileOf = async (token: string) =>
    ClinicOwnProfileSchema.parse((await call(token, { url: '/api/clinic/profile' })).json());

  /** Every route of the clinic area, with a request that a clinic may make. */
  const routes = (documentId: string): InjectOptions[] => [
    { method: 'GET', url: '/api/clinic/profile' },
    { method: 'PATCH', url: '/api/clinic/settings', payload: { city: 'Lund' } },
    { method: 'PATCH', url: '/api/clinic/application', payload: { companyName: 'AB' } },
    { method: 'POST', url: '/api/clinic/application/submit' },
    { method: 'PUT', url: '/api/clinic/visibility', payload: { isPublic: true } },
    { method: 'GET', url: '/api/clinic/documents' },
    { method: 'POST', url: '/api/clinic/documents', ...multipartFile('intyg.pdf', sampleFiles.pdf()) },
    { method: 'DELETE', url: `/api/clinic/documents/${documentId}` },
    { method: 'GET', url: `/api/clinic/documents/${documentId}/download` },
    { method: 'POST', url: '/api/clinic/cover', ...multipartFile('omslag.png', sampleFiles.png()) },
    { method: 'DELETE', url: '/api/clinic/cover' },
  ];

  it("refuses every route without a token (401) and to customers and admins (403), in the asker's language, changing nothing", async () => {
    const customer = await signUpAs(t.app, 'customer');
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await signUpAs(t.app, 'clinic');
    const before = await profileOf(clinic.token);
    for (const route of routes('00000000-0000-4000-8000-000000000000')) {
      const anonymous = await call(null, route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json().error).toEqual({ code: 'unauthorized', message: sv.unauthorized });
      for (const other of [customer, admin]) {
        const refused = await call(other.token, { ...route, headers: { ...route.headers, 'accept-language': 'en' } });
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(refused.json().error).toEqual({ code: 'forbidden', message: en.forbidden });
      }
    }
    expect(await profileOf(clinic.token)).toEqual(before);
  });

  it('answers a fresh clinic its own profile: Väntar, not sent in, only its name filled', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Kliniken i Å');
    const response = await call(clinic.token, { url: '/api/clinic/profile' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(ClinicOwnProfileSchema.parse(response.json())).toMatchObject({
      id: clinic.id,
      email: clinic.email,
      fullName: 'Kliniken i Å',
      applicationStatus: 'Väntar',
      isCertified: false,
      isPublic: true,
      submittedAt: null,
      companyName: null,
      criteria: { c1: false, c2: false, c3: false, c4: false, c5: false, c6: false },
      documentCount: 0,
    });
  });

  it('saves settings for the clinic itself only, and the register card and own profile show them', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const other = await signUpAs(t.app, 'clinic', 'Andra Kliniken');
    const response = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/settings',
      payload: {
        fullName: '  Nya Namnet  ',
        description: 'Ansiktsbehandlingar och laser.',
        city: 'Lund',
        companyName: 'Nya Namnet AB',
        website: 'nyanamnet.example',
        contactPerson: 'Kim',
        contactEmail: 'kim@nyanamnet.example',
        phoneNumber: '+46 8 123 456 78',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Nya Namnet',
      website: 'https://nyanamnet.example',
      city: 'Lund',
      phoneNumber: '+46 8 123 456 78',
    });
    expect(await profileOf(clinic.token)).toMatchObject({
      fullName: 'Nya Namnet',
      description: 'Ansiktsbehandlingar och laser.',
    });
    expect(await profileOf(other.token)).toMatchObject({ fullName: 'Andra Kliniken', city: null });
    // The header's name comes from /api/me/profile: it follows at once.
    expect((await call(clinic.token, { url: '/api/me/profile' })).json()).toMatchObject({ fullName: 'Nya Namnet' });
    // An empty text clears a field; a key left out stays.
    const cleared = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/settings',
      payload: { city: '', description: null },
    });
    expect(cleared.json()).toMatchObject({ city: null, description: null, website: 'https://nyanamnet.example' });
  });

  it.each([
    ['a whitespace-only name', { fullName: '   ' }, 'fullName', sv.clinicNameRequired],
    ['an email that is not one', { contactEmail: 'inte-en-adress' }, 'contactEmail', sv.emailInvalid],
    ['a website that is not one', { website: 'javascript:alert(1)' }, 'website', sv.websiteInvalid],
    ['a website without a domain', { website: 'localhost' }, 'website', sv.websiteInvalid],
    ['a name over its limit', { fullName: 'x'.repeat(201) }, 'fullName', sv.nameTooLong],
    ['a description over its limit', { description: 'x'.repeat(2001) }, 'description', sv.descriptionTooLong],
    ['a phone number of letters', { phoneNumber: 'ring mig' }, 'phoneNumber', sv.phoneInvalid],
    ['a NUL character', { city: 'Lu\u0000nd' }, 'city', sv.textInvalid],
  ])('refuses settings with %s (400, translated, nothing changed)', async (_case, payload, field, message) => {
    const clinic = await signUpAs(t.app, 'clinic');
    const before = await profileOf(clinic.token);
    const response = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/settings',
      payload: { city: 'Lund', ...payload },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_request', issues: [{ path: [field], message }] });
    expect(await profileOf(clinic.token)).toEqual(before);
  });

  it('refuses unknown keys, a chosen id and a non-JSON body (400), and never lets a clinic certify itself', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const before = await profileOf(clinic.token);
    for (const payload of [
      { isCertified: true },
      { applicationStatus: 'Godkänd' },
      { id: '00000000-0000-4000-8000-000000000000', city: 'X' },
    ]) {
      const response = await call(clinic.token, { method: 'PATCH', url: '/api/clinic/settings', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_request');
    }
    const notJson = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/settings',
      payload: '{"city":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await profileOf(clinic.token)).toEqual(before);
  });

  it('saves a partly filled application as a draft, normalised, and shows it again', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const response = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { companyName: 'Hud AB', orgNumber: '556677 8899', website: '', criteria: { c1: true, c3: true } },
    });
    expect(response.statusCode).toBe(200);
    const saved = await profileOf(clinic.token);
    expect(saved).toMatchObject({ companyName: 'Hud AB', orgNumber: '556677-8899', website: null, address: null });
    expect(saved.criteria).toEqual({ c1: true, c2: false, c3: true, c4: false, c5: false, c6: false });
    expect(saved.submittedAt).toBeNull();
  });

  it.each([
    ['an organisation number with a wrong check digit', { orgNumber: '556677-8898' }, 'orgNumber', sv.orgNumberInvalid],
    ['an organisation number of letters', { orgNumber: 'ABC' }, 'orgNumber', sv.orgNumberInvalid],
    ['a contact email that is not one', { contactEmail: 'a@' }, 'contactEmail', sv.emailInvalid],
    ['a criterion that is not true or false', { criteria: { c1: 'ja' } }, 'criteria', undefined],
    ['an unknown criterion', { criteria: { c7: true } }, 'criteria', undefined],
    ['a discount code over its limit', { discountCode: 'x'.repeat(51) }, 'discountCode', sv.discountCodeTooLong],
    ['an unknown treatment', { treatments: ['facial', 'tandblekning'] }, 'treatments', sv.treatmentUnknown],
    ['treatments that are not a list', { treatments: 'facial' }, 'treatments', sv.treatmentUnknown],
  ])('refuses an application with %s (400, nothing changed)', async (_case, payload, field, message) => {
    const clinic = await signUpAs(t.app, 'clinic');
    const before = await profileOf(clinic.token);
    const response = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { companyName: 'Ändrat AB', ...payload },
    });
    expect(response.statusCode).toBe(400);
    const issue = response.json().error.issues[0];
    expect(issue.path[0]).toBe(field);
    if (message) expect(issue.message).toBe(message);
    expect(await profileOf(clinic.token)).toEqual(before);
  });

  it("saves the chosen treatments in the catalogue's order, each once, at once even when sent in, and audits each change", async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const save = (treatments: string[]) =>
      call(clinic.token, { method: 'PATCH', url: '/api/clinic/application', payload: { treatments } });
    expect((await profileOf(clinic.token)).treatments).toEqual([]);
    const chosen = await save(['fillers', 'facial', 'fillers']);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().treatments).toEqual(['facial', 'fillers']);

    // Sent in: the treatments are the clinic's request, not a reviewed value, so no change request opens.
    await call(clinic.token, { method: 'PATCH', url: '/api/clinic/application', payload: COMPLETE_APPLICATION });
    await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('a.pdf', sampleFiles.pdf()),
    });
    await orderMembership(t.app, clinic.token);
    expect((await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' })).statusCode).toBe(200);
    const changed = await save(['botulinum_toxin']);
    expect(changed.json()).toMatchObject({ treatments: ['botulinum_toxin'], changeRequest: null, phase: 'sent_in' });
    // Saving the same choice again changes nothing and is not audited.
    await save(['botulinum_toxin']);

    const audit = await t.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, clinic.id), eq(auditLog.action, 'clinic.treatments_changed')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit).toEqual([
      { actorId: clinic.id, details: { before: { treatments: [] }, after: { treatments: ['facial', 'fillers'] } } },
      {
        actorId: clinic.id,
        details: { before: { treatments: ['facial', 'fillers'] }, after: { treatments: ['facial'] } },
      },
      {
        actorId: clinic.id,
        details: { before: { treatments: ['facial'] }, after: { treatments: ['botulinum_toxin'] } },
      },
    ]);
  });

  it('sends an application in only when complete, records when, and lets a denied clinic send in again', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const incomplete = await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error).toMatchObject({
      code: 'application_incomplete',
      message: sv.applicationIncomplete,
    });
    expect(incomplete.json().error.issues.map((issue: { path: string[] }) => issue.path[0])).toEqual([
      'companyName',
      'orgNumber',
      'website',
      'address',
      'city',
      'contactPerson',
      'contactEmail',
      'treatments',
      'criteria',
      'documents',
    ]);

    await call(clinic.token, { method: 'PATCH', url: '/api/clinic/application', payload: COMPLETE_APPLICATION });
    const withoutDocument = await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    expect(withoutDocument.json().error.issues).toEqual([{ path: ['documents'], message: 'documents' }]);

    const upload = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    });
    expect(upload.statusCode).toBe(201);
    // Complete, but the year's membership is neither paid nor invoiced (issue 25): refused, with where to pay.
    const unpaid = await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toMatchObject({ code: 'membership_required', message: sv.membershipRequired });
    expect(await profileOf(clinic.token)).toMatchObject({ phase: 'draft', submittedAt: null });
    await orderMembership(t.app, clinic.token);
    const submitted = await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    expect(submitted.statusCode).toBe(200);
    const profile = ClinicOwnProfileSchema.parse(submitted.json());
    expect(profile.applicationStatus).toBe('Väntar');
    expect(Date.now() - Date.parse(profile.submittedAt ?? '')).toBeLessThan(60_000);

    const again = await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_submitted');

    const admin = await signUpAs(t.app, 'admin');
    const denied = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/deny`,
      payload: { reason: 'Försäkringsbrevet saknas.' },
    });
    expect(denied.statusCode).toBe(200);
    expect(await profileOf(clinic.token)).toMatchObject({
      applicationStatus: 'Nekad',
      denialReason: 'Försäkringsbrevet saknas.',
    });
    const resubmitted = await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json()).toMatchObject({ applicationStatus: 'Väntar', isCertified: false });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, clinic.id));
    expect(audit.filter((entry) => entry.action === 'application.submitted').map((entry) => entry.details)).toEqual([
      { previousStatus: 'Väntar' },
      { previousStatus: 'Nekad' },
    ]);
  });

  it('refuses to send in the application of a certified clinic', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    await t.db
      .update(profiles)
      .set({ applicationStatus: 'Godkänd', isCertified: true })
      .where(eq(profiles.id, clinic.id));
    const response = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/application/submit',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'already_certified', message: en.alreadyCertified });
  });

  it('lists a certified clinic unless it chose not to be, asked on the application or switched; the register lists it only while certified and public', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Synliga Kliniken');
    const inRegister = async () => (await t.app.inject({ url: '/api/clinics?search=Synliga' })).json().items.length;
    const setVisibility = async (isPublic: unknown) =>
      call(clinic.token, { method: 'PUT', url: '/api/clinic/visibility', payload: { isPublic } });

    // Shown once certified by default (issue 28); not listed before.
    expect(await profileOf(clinic.token)).toMatchObject({ isPublic: true, listed: false });
    // The application asks the same choice.
    const hidden = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { isPublic: false },
    });
    expect(hidden.json()).toMatchObject({ isPublic: false, listed: false });
    await t.db
      .update(profiles)
      .set({ applicationStatus: 'Godkänd', isCertified: true })
      .where(eq(profiles.id, clinic.id));
    await issueCertificate(t.db, clinic.id, new Date());
    expect(await inRegister()).toBe(0);
    expect(await profileOf(clinic.token)).toMatchObject({ isPublic: false, listed: false });

    expect((await setVisibility(true)).json()).toMatchObject({ isPublic: true, listed: true });
    expect(await inRegister()).toBe(1);
    // The same choice again changes nothing and is not audited.
    expect((await setVisibility(true)).json()).toMatchObject({ isPublic: true, listed: true });
    expect((await setVisibility(false)).json()).toMatchObject({ isPublic: false, listed: false });
    expect(await inRegister()).toBe(0);

    expect((await setVisibility('yes')).statusCode).toBe(400);
    const badApplication = await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { isPublic: 'ja' },
    });
    expect(badApplication.statusCode).toBe(400);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, clinic.id), inArray(auditLog.action, ['clinic.published', 'clinic.unpublished'])),
      )
      .orderBy(asc(auditLog.createdAt));
    expect(audit.map((entry) => entry.action)).toEqual([
      'clinic.unpublished',
      'clinic.published',
      'clinic.unpublished',
    ]);
  });

  it('sets a cover image that the register card and the public cover address show, and removes it', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Omslagskliniken');
    await t.db
      .update(profiles)
      .set({ applicationStatus: 'Godkänd', isCertified: true, isPublic: true })
      .where(eq(profiles.id, clinic.id));
    await issueCertificate(t.db, clinic.id, new Date());
    const png = sampleFiles.png();
    const uploaded = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/cover',
      ...multipartFile('omslag.png', png),
    });
    expect(uploaded.statusCode).toBe(200);
    const { coverImageUrl } = ClinicOwnProfileSchema.parse(uploaded.json());
    expect(coverImageUrl).toMatch(new RegExp(`^/api/clinics/${clinic.id}/cover\\?v=[0-9a-f-]{36}$`));
    const card = (await t.app.inject({ url: '/api/clinics?search=Omslagskliniken' })).json().items[0];
    expect(card.coverImageUrl).toBe(coverImageUrl);

    const image = await t.app.inject({ url: coverImageUrl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    // The clinic's id alone does not open it: a clinic outside the register keeps its cover to itself.
    expect((await t.app.inject({ url: `/api/clinics/${clinic.id}/cover` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/clinics/${clinic.id}/cover?v=${randomUUID()}` })).statusCode).toBe(404);

    const pdf = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/cover',
      ...multipartFile('omslag.png', sampleFiles.pdf()),
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toBe(sv.coverTypeNotAllowed);
    const tooLarge = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/cover',
      ...multipartFile('stor.png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)])),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(sv.coverTooLarge);
    expect((await profileOf(clinic.token)).coverImageUrl).toBe(coverImageUrl);

    const removed = await call(clinic.token, { method: 'DELETE', url: '/api/clinic/cover' });
    expect(removed.json().coverImageUrl).toBeNull();
    expect((await t.app.inject({ url: coverImageUrl ?? '' })).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/clinic/profile',
        '/api/clinic/settings',
        '/api/clinic/application',
        '/api/clinic/application/submit',
        '/api/clinic/visibility',
        '/api/clinic/documents',
        '/api/clinic/documents/{id}',
        '/api/clinic/documents/{id}/download',
        '/api/clinic/cover',
        '/api/clinics/{id}/cover',
        '/api/admin/documents/{id}/download',
      ]),
    );
  });
});
