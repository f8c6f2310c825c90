import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import {
  AdminClinicPageSchema,
  AdminReportCountSchema,
  AdminStatsSchema,
  ApplicationListSchema,
} from '../../../../contracts/admin.ts';
import { ConversationListSchema, UnreadSchema } from '../../../../contracts/messages.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { completeApplication } from '../../../testing/application.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { orderMembership } from '../../../testing/payments.ts';

// Issue 28 point 5: the admin's numbers agree with the pages they lead to.
describeEachEngine('the admin numbers', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const get = async (token: string, url: string) => {
    const response = await call(token, { url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as unknown;
  };

  it('counts the unread messages of the team inbox alike on the overview, in the menu and in the inbox', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const customer = await signUpAs(t.app, 'customer', 'Kunden');
    const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Kliniken' }]);
    const write = async (token: string, payload: object) =>
      expect((await call(token, { method: 'POST', url: '/api/messages', payload })).statusCode).toBe(201);
    // Two unread messages to the team; one from the team the customer has not read; one between the
    // customer and a clinic, which is no admin's to read: only the first two are the admin's unread.
    await write(customer.token, { to: { kind: 'team' }, content: 'Hej, en fråga om certifieringen.' });
    await write(customer.token, { to: { kind: 'team' }, content: 'Och en till.' });
    await write(admin.token, { to: { kind: 'user', id: customer.id }, content: 'Vi har fått din fråga.' });
    await write(customer.token, { to: { kind: 'user', id: clinicId }, content: 'Har ni tid på fredag?' });

    const stats = AdminStatsSchema.parse(await get(admin.token, '/api/admin/stats'));
    const menu = UnreadSchema.parse(await get(admin.token, '/api/messages/unread'));
    const inbox = ConversationListSchema.parse(await get(admin.token, '/api/messages/conversations'));
    expect(stats.unreadMessages).toBe(2);
    expect(menu.unreadTotal).toBe(2);
    expect(inbox.unreadTotal).toBe(2);
    expect(inbox.items.reduce((sum, conversation) => sum + conversation.unread, 0)).toBe(2);

    const [conversation] = inbox.items;
    if (!conversation) throw new Error('The inbox holds the conversation');
    await call(admin.token, { method: 'POST', url: `/api/messages/conversations/${conversation.id}/read` });
    expect(AdminStatsSchema.parse(await get(admin.token, '/api/admin/stats')).unreadMessages).toBe(0);
    expect(UnreadSchema.parse(await get(admin.token, '/api/messages/unread')).unreadTotal).toBe(0);
  });

  it('lists the applications sent in by default, the drafts too when asked, and counts the waiting ones on the overview', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const draft = await signUpAs(t.app, 'clinic', 'Utkastkliniken');
    const sent = await signUpAs(t.app, 'clinic', 'Inskickade kliniken');
    await call(sent.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: completeApplication('Inskickade kliniken AB'),
    });
    await call(sent.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    });
    await orderMembership(t.app, sent.token);
    const submitted = await call(sent.token, { method: 'POST', url: '/api/clinic/application/submit' });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const byDefault = ApplicationListSchema.parse(await get(admin.token, '/api/admin/applications'));
    expect(byDefault.items.map((item) => [item.id, item.phase])).toEqual([[sent.id, 'sent_in']]);
    expect(byDefault.total).toBe(1);
    const withDrafts = ApplicationListSchema.parse(await get(admin.token, '/api/admin/applications?drafts=true'));
    expect(withDrafts.items.map((item) => [item.id, item.phase, item.submittedAt === null])).toEqual([
      [sent.id, 'sent_in', false],
      [draft.id, 'draft', true],
    ]);
    expect((await call(admin.token, { url: '/api/admin/applications?drafts=kanske' })).statusCode).toBe(400);

    // The overview's pending applications are the list's waiting ones: not the draft.
    expect(AdminStatsSchema.parse(await get(admin.token, '/api/admin/stats')).pendingApplications).toBe(1);
  });

  it('tells a withdrawn clinic from a denied one in the lists (Återkallad, not Nekad)', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const [withdrawnId = ''] = await insertClinics(t.db, [{ fullName: 'Återkallade kliniken' }]);
    const withdrawal = await call(admin.token, {
      method: 'POST',
      url: `/api/admin/clinics/${withdrawnId}/withdraw`,
      payload: { reason: 'Försäkringen har löpt ut.' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);

    const clinics = AdminClinicPageSchema.parse(await get(admin.token, '/api/admin/clinics?search=kliniken'));
    expect(clinics.items.map((row) => [row.fullName, row.applicationStatus, row.phase, row.isPublic])).toEqual([
      ['Återkallade kliniken', 'Nekad', 'withdrawn', true],
    ]);
    // Never sent in again: behind the drafts filter, still withdrawn.
    const applications = ApplicationListSchema.parse(await get(admin.token, '/api/admin/applications?drafts=true'));
    expect(applications.items.find((item) => item.id === withdrawnId)?.phase).toBe('withdrawn');
  });

  it('counts the reports waiting for an answer for the menu, until one is answered', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const customer = await signUpAs(t.app, 'customer');
    const count = async () => AdminReportCountSchema.parse(await get(admin.token, '/api/admin/reports/count')).waiting;
    expect(await count()).toBe(0);
    const ids: string[] = [];
    for (const clinicName of ['Första kliniken', 'Andra kliniken']) {
      const filed = await call(customer.token, {
        method: 'POST',
        url: '/api/me/reports',
        payload: { clinicName, content: 'Behandlingen gjordes utan konsultation.' },
      });
      expect(filed.statusCode, filed.body).toBe(201);
      ids.push((filed.json() as { id: string }).id);
    }
    expect(await count()).toBe(2);
    const answered = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/reports/${ids[0]}`,
      payload: { adminResponse: 'Vi har kontaktat kliniken.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await count()).toBe(1);
    const waiting = (await get(admin.token, '/api/admin/reports?status=Ny')) as { items: unknown[] };
    expect(waiting.items).toHaveLength(1);
  });
});
