import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import {
  AdminClinicPageSchema,
  AdminStatsSchema,
  AdminUserPageSchema,
  ApplicationListSchema,
  ClinicReviewSchema,
  LatestMessagesSchema,
} from '../../../../contracts/admin.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { auditLog, conversations, messages, profiles } from '../../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { completeApplication } from '../../../testing/application.ts';
import { verifyAllFacts } from '../../../testing/facts.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { orderMembership } from '../../../testing/payments.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describeEachEngine('/api/admin', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  /** A clinic that has filled everything in, uploaded a document and sent the application in; its facts are verified. */
  async function sentInClinic(fullName = 'Hudkliniken') {
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
    await orderMembership(t.app, clinic.token);
    expect((await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' })).statusCode).toBe(200);
    await verifyAllFacts(t.db, clinic.id);
    return clinic;
  }

  const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  it('guards every /api/admin route the app has: 401 without a token, 403 for customers and clinics', async () => {
    const customer = await signUpAs(t.app, 'customer');
    const clinic = await signUpAs(t.app, 'clinic');
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as InjectOptions['method'],
          url: path.replace(/\{[^}]+\}/g, SOME_ID),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(16);
    for (const route of routes) {
      const anonymous = await call(null, { ...route, payload: route.method === 'GET' ? undefined : {} });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const refused of [customer, clinic]) {
        const response = await call(refused.token, {
          ...route,
          payload: route.method === 'GET' ? undefined : {},
          headers: { 'accept-language': 'en' },
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.json().error).toEqual({ code: 'forbidden', message: en.forbidden });
      }
    }
  });

  it('counts clinics, customers, pending applications and unread messages in one answer', async () => {
    const admin = await signUpAs(t.app, 'admin');
    await insertClinics(t.db, [{ fullName: 'Certifierad' }, { fullName: 'Utkast', isCertified: false }]);
    await sentInClinic('Väntande');
    await signUpAs(t.app, 'customer');
    const stats = AdminStatsSchema.parse((await call(admin.token, { url: '/api/admin/stats' })).json());
    expect(stats).toEqual({
      clinics: 3,
      listedClinics: 1,
      customers: 1,
      pendingApplications: 1,
      unreadMessages: 0,
      demo: true,
    });
  });

  it('lists Väntar and Nekad clinics newest first, marked sent in with their documents, drafts only when asked', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const draft = await signUpAs(t.app, 'clinic', 'Utkastet');
    const sent = await sentInClinic('Inskickade');
    await insertClinics(t.db, [{ fullName: 'Redan Godkänd' }]);
    const all = ApplicationListSchema.parse(
      (await call(admin.token, { url: '/api/admin/applications?drafts=true' })).json(),
    );
    expect(all.items.map((item) => [item.fullName, item.submittedAt !== null, item.documentCount])).toEqual([
      ['Inskickade', true, 1],
      ['Utkastet', false, 0],
    ]);
    expect(all.total).toBe(2);
    const sentIn = ApplicationListSchema.parse((await call(admin.token, { url: '/api/admin/applications' })).json());
    expect(sentIn.items.map((item) => item.id)).toEqual([sent.id]);
    expect(draft.id).not.toBe(sent.id);
  });

  it('approves a waiting application once: certified today, out of the list, one audit entry; a second approval conflicts', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic();
    const approved = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/approve-application`,
    });
    expect(approved.statusCode).toBe(200);
    const review = ClinicReviewSchema.parse(approved.json());
    expect(review.clinic).toMatchObject({ applicationStatus: 'Godkänd', isCertified: true });
    expect(Date.now() - Date.parse(review.clinic.certifiedAt ?? '')).toBeLessThan(60_000);
    expect(review.history[0]).toMatchObject({
      action: 'application.approved',
      actor: { fullName: 'Chefen' },
      details: { before: { status: 'Väntar' }, after: { status: 'Godkänd' } },
    });
    expect((await call(admin.token, { url: '/api/admin/applications' })).json().items).toEqual([]);

    const again = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/approve-application`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'status_conflict', message: sv.statusConflict });
    expect((await auditOf(clinic.id)).filter((entry) => entry.action.startsWith('application.'))).toHaveLength(2);
    expect((await call(clinic.token, { url: '/api/clinic/profile' })).json()).toMatchObject({
      applicationStatus: 'Godkänd',
      isCertified: true,
    });
  });

  it('lets only one of two admins approving at the same moment succeed', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic();
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve-application` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(clinic.id)).filter((entry) => entry.action === 'application.approved')).toHaveLength(1);
  });

  it('denies with a required reason that the clinic reads; the clinic corrects and sends in again; then approval', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic();
    for (const payload of [{}, { reason: '   ' }]) {
      const refused = await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/deny`, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.issues[0].message).toBe(sv.reasonRequired);
    }
    const decisions = async () =>
      (await auditOf(clinic.id)).map((entry) => entry.action).filter((action) => action.startsWith('application.'));
    expect(await decisions()).toHaveLength(1);
    const denied = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinic.id}/deny`,
      payload: { reason: 'Försäkringsbrevet saknas.' },
    });
    expect(denied.statusCode).toBe(200);
    expect((await call(clinic.token, { url: '/api/clinic/profile' })).json()).toMatchObject({
      applicationStatus: 'Nekad',
      denialReason: 'Försäkringsbrevet saknas.',
    });
    expect(
      (
        await call(admin.token, {
          method: 'POST',
          url: `/api/admin/clinics/${clinic.id}/deny`,
          payload: { reason: 'Igen' },
        })
      ).statusCode,
    ).toBe(409);

    expect((await call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' })).statusCode).toBe(200);
    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/approve-application` }))
        .statusCode,
    ).toBe(200);
    expect(await decisions()).toEqual([
      'application.submitted',
      'application.denied',
      'application.submitted',
      'application.approved',
    ]);
  });

  it('approves from the clinics table, withdraws a certification with a reason, and the register follows', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await signUpAs(t.app, 'clinic', 'Tabellkliniken');
    const clinicId = clinic.id;
    await call(clinic.token, { method: 'PUT', url: '/api/clinic/visibility', payload: { isPublic: true } });
    const inRegister = async () =>
      (await t.app.inject({ url: '/api/clinics?search=Tabellkliniken' })).json().items.length;
    // Not sent in and not complete: the table's Godkänn checks what it certifies too (issue 27).
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: {
        ...completeApplication('Tabellkliniken AB'),
        criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: false },
      },
    });
    const incomplete = await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinicId}/approve` });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error).toMatchObject({ code: 'application_incomplete', message: sv.approvalIncomplete });
    expect(incomplete.json().error.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'criteria',
      'documents',
    ]);
    expect(await inRegister()).toBe(0);
    await call(clinic.token, { method: 'PATCH', url: '/api/clinic/application', payload: { criteria: { c6: true } } });
    await verifyAllFacts(t.db, clinicId, admin.id);
    await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    });
    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinicId}/approve` })).statusCode,
    ).toBe(200);
    expect(await inRegister()).toBe(1);
    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinicId}/withdraw`, payload: {} }))
        .statusCode,
    ).toBe(400);
    const withdrawn = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/withdraw`,
      payload: { reason: 'Försäkringen har löpt ut.' },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().clinic).toMatchObject({
      applicationStatus: 'Nekad',
      isCertified: false,
      denialReason: 'Försäkringen har löpt ut.',
    });
    expect(await inRegister()).toBe(0);
    expect(
      (
        await call(admin.token, {
          method: 'POST',
          url: `/api/admin/clinics/${clinicId}/withdraw`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(admin.token, { method: 'POST', url: `/api/admin/clinics/${SOME_ID}/approve` })).statusCode).toBe(
      404,
    );
  });

  it('searches clinics by name, city, organisation number and email, sorts and pages them with the total', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const ids = await insertClinics(t.db, [
      { fullName: 'Åkerblads Hudvård', city: 'Göteborg' },
      { fullName: 'Björkens Hudklinik', city: 'Umeå' },
      { fullName: 'Citadellets Hudvård', city: 'Landskrona', isCertified: false },
    ]);
    await t.db
      .update(profiles)
      .set({ orgNumber: '556677-8899' })
      .where(eq(profiles.id, ids[1] ?? ''));
    const search = async (query: string) =>
      AdminClinicPageSchema.parse((await call(admin.token, { url: `/api/admin/clinics?${query}` })).json());
    expect((await search('search=akerblad')).items.map((row) => row.fullName)).toEqual(['Åkerblads Hudvård']);
    expect((await search('search=umea')).items.map((row) => row.fullName)).toEqual(['Björkens Hudklinik']);
    expect((await search('search=5566778899')).items.map((row) => row.id)).toEqual([ids[1]]);
    expect((await search(`search=${ids[2]}@TEST`)).items.map((row) => row.id)).toEqual([ids[2]]);
    expect((await search('sort=name')).items.map((row) => row.fullName)).toEqual([
      'Björkens Hudklinik',
      'Citadellets Hudvård',
      'Åkerblads Hudvård',
    ]);
    expect((await search('sort=name&order=desc')).items[0]?.fullName).toBe('Åkerblads Hudvård');
    const page = await search('sort=name&pageSize=2&page=2');
    expect(page).toMatchObject({
      total: 3,
      page: 2,
      pageSize: 2,
      items: [expect.objectContaining({ fullName: 'Åkerblads Hudvård' })],
    });
    expect((await call(admin.token, { url: '/api/admin/clinics?sort=rating' })).statusCode).toBe(400);
    expect((await call(admin.token, { url: '/api/admin/clinics?page=0' })).statusCode).toBe(400);
  });

  it('lists an erased clinic with the time it was erased, by the name the register keeps, still paged with the rest', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const [erasedId, liveId] = await insertClinics(t.db, [
      { fullName: 'Avslutade Kliniken' },
      { fullName: 'Levande Kliniken' },
    ]);
    const erase = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/users/${erasedId}/erase`,
      payload: { reason: 'Kliniken bad om det per brev.' },
    });
    expect(erase.statusCode).toBe(204);
    const page = AdminClinicPageSchema.parse(
      (await call(admin.token, { url: '/api/admin/clinics?pageSize=1' })).json(),
    );
    expect(page.total).toBe(2);
    expect(page.items).toEqual([expect.objectContaining({ id: erasedId, fullName: 'Avslutade Kliniken' })]);
    expect(page.items[0]?.deletedAt).toEqual(expect.any(String));
    const second = AdminClinicPageSchema.parse(
      (await call(admin.token, { url: '/api/admin/clinics?pageSize=1&page=2' })).json(),
    );
    expect(second.items).toEqual([expect.objectContaining({ id: liveId, deletedAt: null })]);
  });

  it('edits a clinic with the values before and after logged; bad input changes nothing and logs nothing', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const [clinicId] = await insertClinics(t.db, [{ fullName: 'Gamla Namnet' }]);
    for (const payload of [
      { contactEmail: 'inte-en-adress' },
      { website: 'ftp://x' },
      { fullName: ' ' },
      { isCertified: true },
    ]) {
      const refused = await call(admin.token, { method: 'PATCH', url: `/api/admin/clinics/${clinicId}`, payload });
      expect(refused.statusCode).toBe(400);
    }
    expect(await auditOf(clinicId ?? '')).toEqual([]);
    const edited = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/clinics/${clinicId}`,
      payload: { fullName: 'Nya Namnet', website: 'nya.example' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().clinic).toMatchObject({ fullName: 'Nya Namnet', website: 'https://nya.example' });
    const [entry] = await auditOf(clinicId ?? '');
    expect(entry).toMatchObject({
      action: 'clinic.edited',
      details: {
        before: { fullName: 'Gamla Namnet', website: null },
        after: { fullName: 'Nya Namnet', website: 'https://nya.example' },
      },
    });

    const hidden = await call(admin.token, {
      method: 'PUT',
      url: `/api/admin/clinics/${clinicId}/visibility`,
      payload: { isPublic: false },
    });
    expect(hidden.json().clinic.isPublic).toBe(false);
    expect((await auditOf(clinicId ?? '')).map((row) => row.action)).toEqual(['clinic.edited', 'clinic.unpublished']);
  });

  it('opens a clinic for review with its documents, which the admin downloads', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await sentInClinic();
    const review = ClinicReviewSchema.parse(
      (await call(admin.token, { url: `/api/admin/clinics/${clinic.id}` })).json(),
    );
    expect(review.clinic.criteria).toEqual({ c1: true, c2: true, c3: true, c4: true, c5: true, c6: true });
    expect(review.documents.map((document) => document.fileName)).toEqual(['intyg.pdf']);
    const download = await call(admin.token, { url: `/api/admin/documents/${review.documents[0]?.id}/download` });
    expect(download.statusCode).toBe(200);
    expect((await call(admin.token, { url: `/api/admin/clinics/${SOME_ID}` })).statusCode).toBe(404);
  });

  it('lists customers by name or email with their last sign-in, and renames one (logged)', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const customer = await signUpAs(t.app, 'customer', 'Örjan Kund');
    await signUpAs(t.app, 'customer', 'Anna Annan');
    const page = AdminUserPageSchema.parse((await call(admin.token, { url: '/api/admin/users?search=orjan' })).json());
    expect(page.items).toEqual([
      expect.objectContaining({ id: customer.id, fullName: 'Örjan Kund', email: customer.email }),
    ]);
    expect(page.items[0]?.lastSignInAt).not.toBeNull();
    expect(
      (await call(admin.token, { url: `/api/admin/users?search=${customer.email.toUpperCase()}` })).json().items,
    ).toHaveLength(1);

    expect(
      (
        await call(admin.token, {
          method: 'PATCH',
          url: `/api/admin/users/${customer.id}`,
          payload: { fullName: '  ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(admin.token, {
          method: 'PATCH',
          url: `/api/admin/users/${customer.id}`,
          payload: { email: 'x@y.z' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(admin.token, {
          method: 'PATCH',
          url: `/api/admin/users/${customer.id}`,
          payload: { fullName: 'Örjan Ny' },
        })
      ).statusCode,
    ).toBe(204);
    expect((await call(customer.token, { url: '/api/me/profile' })).json()).toMatchObject({
      fullName: 'Örjan Ny',
      email: customer.email,
    });
    expect(
      (await call(admin.token, { method: 'PATCH', url: `/api/admin/users/${SOME_ID}`, payload: { fullName: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect((await auditOf(customer.id)).map((row) => row.details)).toEqual([
      { before: { fullName: 'Örjan Kund' }, after: { fullName: 'Örjan Ny' } },
    ]);
  });

  it('saves the site title and hero texts, which the public site then shows', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const content = {
      siteTitle: 'Klinikregistret',
      heroTitle: { sv: 'Trygg hudvård', en: 'Safe skincare' },
      heroSubtitle: { sv: 'Granskade kliniker.', en: 'Reviewed clinics.' },
    };
    expect(
      (await call(admin.token, { method: 'PUT', url: '/api/admin/site', payload: { ...content, siteTitle: ' ' } }))
        .statusCode,
    ).toBe(400);
    const noSocialLinks = { facebook: null, instagram: null };
    expect((await call(admin.token, { method: 'PUT', url: '/api/admin/site', payload: content })).json()).toEqual({
      ...content,
      socialLinks: noSocialLinks,
    });
    expect((await t.app.inject({ url: '/api/site/settings' })).json()).toEqual({
      siteTitle: 'Klinikregistret',
      socialLinks: noSocialLinks,
      mapStyleUrl: null,
    });
    expect((await t.app.inject({ url: '/api/site/content?lang=en' })).json()).toEqual({
      heroTitle: 'Safe skincare',
      heroSubtitle: 'Reviewed clinics.',
    });
    expect((await t.db.select().from(auditLog)).map((row) => row.action)).toEqual(['site.content_edited']);
  });

  it("stores a message to a clinic; an empty one is refused with SPEC's text", async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await signUpAs(t.app, 'clinic');
    const empty = await call(admin.token, {
      method: 'POST',
      url: '/api/admin/messages',
      payload: { recipientId: clinic.id, content: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].message).toBe('Meddelandet kan inte vara tomt.');
    const sent = await call(admin.token, {
      method: 'POST',
      url: '/api/admin/messages',
      payload: { recipientId: clinic.id, content: 'Hej!' },
    });
    expect(sent.statusCode).toBe(201);
    // Into the team's conversation with the clinic, written by the admin for the team (side B).
    expect(
      await t.db
        .select({
          content: messages.content,
          userId: conversations.userId,
          counterpartId: conversations.counterpartId,
          fromSideA: messages.fromSideA,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId)),
    ).toEqual([{ content: 'Hej!', userId: clinic.id, counterpartId: null, fromSideA: false }]);
    expect(
      (
        await call(admin.token, {
          method: 'POST',
          url: '/api/admin/messages',
          payload: { recipientId: SOME_ID, content: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    // The team's own message is the clinic's to read: not unread in the team's inbox (issue 28).
    expect(AdminStatsSchema.parse((await call(admin.token, { url: '/api/admin/stats' })).json()).unreadMessages).toBe(
      0,
    );
    for (const index of [1, 2, 3, 4, 5]) {
      await call(admin.token, {
        method: 'POST',
        url: '/api/admin/messages',
        payload: { recipientId: clinic.id, content: `Meddelande ${index}` },
      });
    }
    const latest = LatestMessagesSchema.parse((await call(admin.token, { url: '/api/admin/messages/latest' })).json());
    expect(latest.items.map((item) => item.content)).toEqual([
      'Meddelande 5',
      'Meddelande 4',
      'Meddelande 3',
      'Meddelande 2',
      'Meddelande 1',
    ]);
    expect(latest.items[0]).toMatchObject({
      sender: { kind: 'user', id: admin.id, fullName: 'Chefen', role: 'admin' },
      recipient: { kind: 'user', id: clinic.id, role: 'clinic' },
      isRead: false,
    });
  });
});
