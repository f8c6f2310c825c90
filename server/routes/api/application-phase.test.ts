import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { AdminClinicPageSchema, ApplicationListSchema, ClinicReviewSchema } from '../../../contracts/admin.ts';
import { type ApplicationPhase, ClinicOwnProfileSchema } from '../../../contracts/clinic-area.ts';
import { certificates, profiles } from '../../db/schema/index.ts';
import { dateInSweden } from '../../services/certificates.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../testing/auth-client.ts';
import { completeApplication } from '../../testing/application.ts';
import { verifyAllFacts } from '../../testing/facts.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../testing/uploads.ts';
import { orderMembership } from '../../testing/payments.ts';

// Decision 024: the clinic and the admin read one phase, computed on the server, in every answer that
// shows where an application stands.

describeEachEngine('the phase in the clinic and admin APIs', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = async (token: string, options: InjectOptions) => {
    const answer = await t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json() as unknown;
  };

  it('answers the same phase to the clinic and in the admin review and lists, from draft to expired', async () => {
    const admin = await signUpAs(t.app, 'admin');
    const clinic = await signUpAs(t.app, 'clinic', 'Fasklinik');
    const decide = (action: string, payload?: object) =>
      call(admin.token, { method: 'POST', url: `/api/admin/clinics/${clinic.id}/${action}`, payload });
    const sendIn = () => call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    // The year's membership, ordered once: what sending in needs besides the application (issue 25).
    await orderMembership(t.app, clinic.token);

    /** The phase each endpoint answers; listed: whether the applications list holds the clinic. */
    async function expectPhase(phase: ApplicationPhase, listed: boolean) {
      const own = ClinicOwnProfileSchema.parse(await call(clinic.token, { url: '/api/clinic/profile' }));
      const review = ClinicReviewSchema.parse(await call(admin.token, { url: `/api/admin/clinics/${clinic.id}` }));
      const clinics = AdminClinicPageSchema.parse(
        await call(admin.token, { url: '/api/admin/clinics?search=Fasklinik' }),
      );
      const applications = ApplicationListSchema.parse(
        // With drafts: the list's filter shows them too (issue 28 point 5), so every phase can be compared.
        await call(admin.token, { url: '/api/admin/applications?pageSize=100&drafts=true' }),
      );
      expect({
        own: own.phase,
        review: review.clinic.phase,
        row: clinics.items.find((row) => row.id === clinic.id)?.phase,
        application: applications.items.find((item) => item.id === clinic.id)?.phase,
      }).toEqual({ own: phase, review: phase, row: phase, application: listed ? phase : undefined });
    }

    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: completeApplication('Fasklinik AB'),
    });
    await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('intyg.pdf', sampleFiles.pdf()),
    });
    await verifyAllFacts(t.db, clinic.id, admin.id);
    await expectPhase('draft', true);

    await sendIn();
    await expectPhase('sent_in', true);

    await decide('deny', { reason: 'Försäkringsbrevet saknas.' });
    await expectPhase('denied', true);

    await sendIn();
    await decide('approve-application');
    // Valid to the end of next year, so that renewal is not open yet whatever the day the test runs.
    const nextYear = Number(dateInSweden(new Date()).slice(0, 4)) + 1;
    await t.db
      .update(certificates)
      .set({ validTo: `${nextYear}-12-31` })
      .where(eq(certificates.clinicId, clinic.id));
    await expectPhase('certified', false);

    await decide('suspend', { reason: 'Försäkringen granskas.' });
    await expectPhase('suspended', false);
    await decide('reinstate');
    await expectPhase('certified', false);

    await t.db.update(profiles).set({ renewalSubmittedAt: new Date() }).where(eq(profiles.id, clinic.id));
    await expectPhase('renewal_sent', true);

    await decide('withdraw', { reason: 'Försäkringen har upphört.' });
    await expectPhase('withdrawn', true);

    await sendIn();
    await decide('approve-application');
    // Its last day was yesterday.
    await t.db
      .update(certificates)
      .set({ validFrom: '2020-01-01', validTo: dateInSweden(new Date(Date.now() - 86_400_000)) })
      .where(eq(certificates.clinicId, clinic.id));
    await expectPhase('expired', false);
  });
});
