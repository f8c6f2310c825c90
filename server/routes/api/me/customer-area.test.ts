import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import {
  AdminReportPageSchema,
  FollowedPageSchema,
  ReportPageSchema,
  ReportSchema,
} from '../../../../contracts/customer-area.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { auditLog, certificates, followedClinics, reports } from '../../../db/schema/index.ts';
import { issueCertificate } from '../../../services/certificates.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

describeEachEngine('customer area: follows and reports', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  it('answers 401 without a token and 403 to clinics and admins on every customer route', async () => {
    const [clinicId] = await insertClinics(t.db, [{ fullName: 'Registrerade Kliniken' }]);
    const clinic = await signUpAs(t.app, 'clinic');
    const admin = await signUpAs(t.app, 'admin');
    const routes: InjectOptions[] = [
      { method: 'GET', url: '/api/me/follows' },
      { method: 'GET', url: `/api/me/follows/status?clinicIds=${clinicId}` },
      { method: 'PUT', url: `/api/me/follows/${clinicId}` },
      { method: 'DELETE', url: `/api/me/follows/${clinicId}` },
      { method: 'POST', url: '/api/me/reports', payload: { clinicName: 'X', content: 'Y' } },
      { method: 'GET', url: '/api/me/reports' },
      { method: 'GET', url: '/api/me/reports/00000000-0000-4000-8000-000000000000' },
    ];
    for (const route of routes) {
      expect((await call(null, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const other of [clinic, admin]) {
        const refused = await call(other.token, { ...route, headers: { 'accept-language': 'en' } });
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(refused.json().error).toEqual({ code: 'forbidden', message: en.forbidden });
      }
    }
    expect(await t.db.select().from(followedClinics)).toEqual([]);
    expect(await t.db.select().from(reports)).toEqual([]);
  });

  it('follows a clinic of the register once, however often asked at the same time, and unfollows', async () => {
    const [clinicId] = await insertClinics(t.db, [{ fullName: 'Följda Kliniken', city: 'Lund' }]);
    const customer = await signUpAs(t.app, 'customer');
    // A double click: both requests at once, one follow.
    const clicks = await Promise.all(
      [1, 2, 3].map(() => call(customer.token, { method: 'PUT', url: `/api/me/follows/${clinicId}` })),
    );
    expect(clicks.map((response) => response.statusCode)).toEqual([204, 204, 204]);
    expect(await t.db.select().from(followedClinics).where(eq(followedClinics.userId, customer.id))).toHaveLength(1);

    const page = FollowedPageSchema.parse((await call(customer.token, { url: '/api/me/follows' })).json());
    expect(page).toEqual({
      items: [expect.objectContaining({ id: clinicId, fullName: 'Följda Kliniken', city: 'Lund' })],
      nextCursor: null,
      total: 1,
    });
    const status = await call(customer.token, {
      url: `/api/me/follows/status?clinicIds=${clinicId},00000000-0000-4000-8000-000000000000`,
    });
    expect(status.json()).toEqual({ followed: [clinicId] });

    for (let index = 0; index < 2; index += 1) {
      expect((await call(customer.token, { method: 'DELETE', url: `/api/me/follows/${clinicId}` })).statusCode).toBe(
        204,
      );
    }
    expect((await call(customer.token, { url: '/api/me/follows' })).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('refuses to follow an unknown, hidden or uncertified clinic (404) and bad ids (400)', async () => {
    const [hidden, uncertified] = await insertClinics(t.db, [
      { fullName: 'Dolda', isPublic: false },
      { fullName: 'Ocertifierade', isCertified: false },
    ]);
    const customer = await signUpAs(t.app, 'customer');
    for (const clinicId of [hidden, uncertified, '00000000-0000-4000-8000-000000000000', customer.id]) {
      const response = await call(customer.token, { method: 'PUT', url: `/api/me/follows/${clinicId}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: sv.notFound });
    }
    expect((await call(customer.token, { method: 'PUT', url: '/api/me/follows/inte-ett-id' })).statusCode).toBe(400);
    const tooMany = Array.from(
      { length: 101 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    ).join(',');
    const lookup = await call(customer.token, { url: `/api/me/follows/status?clinicIds=${tooMany}` });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().error.issues[0].message).toBe(sv.tooManyIds);
    expect(await t.db.select().from(followedClinics)).toEqual([]);
  });

  it('keeps a follow while the clinic is out of the register, saying why, and lists it again when it returns; pages newest first', async () => {
    const ids = await insertClinics(t.db, [{ fullName: 'A' }, { fullName: 'B' }, { fullName: 'C' }]);
    const customer = await signUpAs(t.app, 'customer');
    for (const id of ids) await call(customer.token, { method: 'PUT', url: `/api/me/follows/${id}` });

    const first = FollowedPageSchema.parse((await call(customer.token, { url: '/api/me/follows?limit=2' })).json());
    expect(first.items.map((card) => card.fullName)).toEqual(['C', 'B']);
    expect(first.total).toBe(3);
    const second = FollowedPageSchema.parse(
      (await call(customer.token, { url: `/api/me/follows?limit=2&cursor=${first.nextCursor}` })).json(),
    );
    expect(second).toMatchObject({ items: [expect.objectContaining({ fullName: 'A' })], nextCursor: null });

    // Its certificate withdrawn, then a new one issued (docs/decisions/023: listed is a certificate in force).
    await t.db
      .update(certificates)
      .set({ status: 'withdrawn' })
      .where(eq(certificates.clinicId, ids[1] ?? ''));
    const without = FollowedPageSchema.parse((await call(customer.token, { url: '/api/me/follows' })).json());
    // Out of the register, with why (issue 28 point 4; services/left-register.test.ts has the details).
    expect(without.items.map((card) => [card.fullName, card.leftRegister?.status ?? 'listed'])).toEqual([
      ['C', 'listed'],
      ['B', 'withdrawn'],
      ['A', 'listed'],
    ]);
    expect(without.total).toBe(3);
    await issueCertificate(t.db, ids[1] ?? '', new Date());
    const again = FollowedPageSchema.parse((await call(customer.token, { url: '/api/me/follows' })).json());
    expect(again.items.map((card) => card.leftRegister)).toEqual([null, null, null]);
  });

  it('files a report, linked to the registered clinic it names, that only its author can read', async () => {
    const [clinicId] = await insertClinics(t.db, [{ fullName: 'Klara Hudmottagning' }]);
    const author = await signUpAs(t.app, 'customer');
    const other = await signUpAs(t.app, 'customer', 'Annan Kund');
    const filed = await call(author.token, {
      method: 'POST',
      url: '/api/me/reports',
      payload: { clinicName: '  klara hudmottagning ', content: ' Ohygienisk behandlingsstol. ' },
    });
    expect(filed.statusCode).toBe(201);
    const report = ReportSchema.parse(filed.json());
    expect(report).toMatchObject({
      clinicName: 'klara hudmottagning',
      clinicId,
      content: 'Ohygienisk behandlingsstol.',
      status: 'Ny',
      adminResponse: null,
    });
    const free = ReportSchema.parse(
      (
        await call(author.token, {
          method: 'POST',
          url: '/api/me/reports',
          payload: { clinicName: 'Okänd salong', content: 'Oklart.' },
        })
      ).json(),
    );
    expect(free.clinicId).toBeNull();

    const own = ReportPageSchema.parse((await call(author.token, { url: '/api/me/reports' })).json());
    expect(own.items.map((item) => item.id)).toEqual([free.id, report.id]);
    expect((await call(author.token, { url: `/api/me/reports/${report.id}` })).json()).toEqual(report);
    expect((await call(other.token, { url: '/api/me/reports' })).json()).toEqual({ items: [], nextCursor: null });
    const foreign = await call(other.token, { url: `/api/me/reports/${report.id}` });
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    ['a whitespace-only clinic name', { clinicName: '   ', content: 'Text' }, sv.reportClinicRequired],
    ['a whitespace-only description', { clinicName: 'Klinik', content: ' \n ' }, sv.reportContentRequired],
    ['an over-long clinic name', { clinicName: 'x'.repeat(201), content: 'Text' }, sv.reportClinicTooLong],
    ['an over-long description', { clinicName: 'Klinik', content: 'x'.repeat(5001) }, sv.reportContentTooLong],
    ['an unknown key', { clinicName: 'Klinik', content: 'Text', status: 'Hanterad' }, undefined],
  ])('refuses a report with %s (400, nothing stored)', async (_case, payload, message) => {
    const customer = await signUpAs(t.app, 'customer');
    const response = await call(customer.token, { method: 'POST', url: '/api/me/reports', payload });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error.issues[0].message).toBe(message);
    expect(await t.db.select().from(reports)).toEqual([]);
  });

  it('lets only an admin list and answer reports; an answer always sets Hanterad and the customer reads it', async () => {
    const customer = await signUpAs(t.app, 'customer', 'Rapporterande Kund');
    const clinic = await signUpAs(t.app, 'clinic');
    const admin = await signUpAs(t.app, 'admin');
    const first = ReportSchema.parse(
      (
        await call(customer.token, {
          method: 'POST',
          url: '/api/me/reports',
          payload: { clinicName: 'Salong 1', content: 'Ett' },
        })
      ).json(),
    );
    const second = ReportSchema.parse(
      (
        await call(customer.token, {
          method: 'POST',
          url: '/api/me/reports',
          payload: { clinicName: 'Salong 2', content: 'Två' },
        })
      ).json(),
    );

    for (const route of [
      { method: 'GET', url: '/api/admin/reports' },
      { method: 'PATCH', url: `/api/admin/reports/${first.id}`, payload: { adminResponse: 'Svar' } },
    ] as const) {
      expect((await call(null, route)).statusCode).toBe(401);
      for (const refused of [customer, clinic]) expect((await call(refused.token, route)).statusCode).toBe(403);
    }

    const all = AdminReportPageSchema.parse((await call(admin.token, { url: '/api/admin/reports' })).json());
    expect(all.items.map((item) => [item.id, item.reporter.fullName, item.reporter.email])).toEqual([
      [second.id, 'Rapporterande Kund', customer.email],
      [first.id, 'Rapporterande Kund', customer.email],
    ]);
    const answered = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/reports/${first.id}`,
      payload: { adminResponse: ' Vi har kontaktat kliniken. ' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'Hanterad', adminResponse: 'Vi har kontaktat kliniken.' });

    const handled = AdminReportPageSchema.parse(
      (await call(admin.token, { url: '/api/admin/reports?status=Hanterad' })).json(),
    );
    expect(handled.items.map((item) => item.id)).toEqual([first.id]);
    const open = AdminReportPageSchema.parse(
      (await call(admin.token, { url: '/api/admin/reports?status=Ny&limit=1' })).json(),
    );
    expect(open).toMatchObject({ items: [expect.objectContaining({ id: second.id })], nextCursor: null });
    expect((await call(customer.token, { url: `/api/me/reports/${first.id}` })).json()).toMatchObject({
      status: 'Hanterad',
      adminResponse: 'Vi har kontaktat kliniken.',
    });

    const empty = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/reports/${second.id}`,
      payload: { adminResponse: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].message).toBe(sv.reportResponseRequired);
    expect(
      (
        await call(admin.token, {
          method: 'PATCH',
          url: '/api/admin/reports/00000000-0000-4000-8000-000000000000',
          payload: { adminResponse: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(admin.token, { url: '/api/admin/reports?status=Okänd' })).statusCode).toBe(400);

    const audit = await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, targetId: auditLog.targetId })
      .from(auditLog);
    expect(audit).toEqual([{ action: 'report.answered', actorId: admin.id, targetId: first.id }]);
  });

  it("pages a customer's reports newest first with a cursor", async () => {
    const customer = await signUpAs(t.app, 'customer');
    for (const index of [1, 2, 3]) {
      await call(customer.token, {
        method: 'POST',
        url: '/api/me/reports',
        payload: { clinicName: `Salong ${index}`, content: 'Text' },
      });
    }
    const first = ReportPageSchema.parse((await call(customer.token, { url: '/api/me/reports?limit=2' })).json());
    expect(first.items.map((item) => item.clinicName)).toEqual(['Salong 3', 'Salong 2']);
    const second = ReportPageSchema.parse(
      (await call(customer.token, { url: `/api/me/reports?limit=2&cursor=${first.nextCursor}` })).json(),
    );
    expect(second).toMatchObject({ items: [expect.objectContaining({ clinicName: 'Salong 1' })], nextCursor: null });
    expect((await call(customer.token, { url: '/api/me/reports?cursor=inte-en-markor' })).statusCode).toBe(400);
  });
});
