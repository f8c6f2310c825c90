import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { clinicReviewReports } from '../../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { insertReview, type TestReview } from '../../../testing/reviews.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

// Reporting a review (issue 23 point 3): anyone signed in, whatever the role, with a reason; refused
// signed out, for a review that is hidden or unknown, and a second time while the first is open.

describeEachEngine('POST /api/reviews/:reviewId/reports', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  async function publishedReview(options: Pick<TestReview, 'hidden'> = {}) {
    const [clinicId = '', authorId = ''] = await insertClinics(t.db, [
      { fullName: 'Anmälningskliniken' },
      { fullName: 'Greta Ek', role: 'customer', isCertified: false },
    ]);
    return insertReview(t.db, { clinicId, authorId, ...options });
  }
  const report = (reviewId: string, token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/reviews/${reviewId}/reports`,
      payload: payload as Record<string, unknown>,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    });
  const reportsOf = (reviewId: string) =>
    t.db.select().from(clinicReviewReports).where(eq(clinicReviewReports.reviewId, reviewId));
  const REASON = 'Texten pekar ut en namngiven anställd.';

  it('takes a report from every signed-in role and stores it with its reporter, open', async () => {
    const reviewId = await publishedReview();
    const reporters = [
      await signUpAs(t.app, 'customer', 'Hanna Ek'),
      await signUpAs(t.app, 'clinic', 'Konkurrentkliniken'),
      await signUpAs(t.app, 'admin'),
    ];
    for (const reporter of reporters) {
      const response = await report(reviewId, reporter.token, { reason: `  ${REASON}  ` });
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const stored = await reportsOf(reviewId);
    expect(stored.map((row) => row.reporterId).sort()).toEqual(reporters.map((reporter) => reporter.id).sort());
    for (const row of stored) expect(row).toMatchObject({ reason: REASON, resolvedAt: null, resolution: null });
  });

  it('keeps HTML in the reason as the text it is', async () => {
    const reviewId = await publishedReview();
    const { token } = await signUpAs(t.app, 'customer', 'Ida Ek');
    const reason = '<img src=x onerror=alert(1)> är inte ett <b>omdöme</b> & inget besök';
    expect((await report(reviewId, token, { reason })).statusCode).toBe(204);
    expect((await reportsOf(reviewId))[0]?.reason).toBe(reason);
  });

  it('asks to sign in first (401), and stores nothing', async () => {
    const reviewId = await publishedReview();
    const response = await report(reviewId, null, { reason: REASON });
    expect(response.statusCode).toBe(401);
    expect((await report(reviewId, 'inte.en.token', { reason: REASON })).statusCode).toBe(401);
    expect(await reportsOf(reviewId)).toEqual([]);
  });

  it('answers 404 for a hidden review and for an unknown one, 400 for an id that is none', async () => {
    const hidden = await publishedReview({ hidden: { reason: 'guidelines' } });
    const { token } = await signUpAs(t.app, 'customer', 'Jan Ek');
    for (const reviewId of [hidden, randomUUID()]) {
      const response = await report(reviewId, token, { reason: REASON });
      expect(response.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(response.json()).error).toMatchObject({ code: 'not_found', message: sv.notFound });
    }
    expect((await report('inte-ett-id', token, { reason: REASON })).statusCode).toBe(400);
    expect(await reportsOf(hidden)).toEqual([]);
  });

  it('refuses a second open report by the same person (409, in their language), and takes one again once an admin has decided', async () => {
    const reviewId = await publishedReview();
    const { id, token } = await signUpAs(t.app, 'customer', 'Kim Ek');
    expect((await report(reviewId, token, { reason: REASON })).statusCode).toBe(204);

    const again = await report(reviewId, token, { reason: 'En gång till, med annan text.' });
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json()).error).toMatchObject({
      code: 'review_already_reported',
      message: sv.reviewAlreadyReported,
    });
    const inEnglish = await report(reviewId, token, { reason: REASON }, { 'accept-language': 'en' });
    expect(ApiErrorSchema.parse(inEnglish.json()).error.message).toBe(en.reviewAlreadyReported);
    expect(await reportsOf(reviewId)).toHaveLength(1);

    // The admin kept it: that report is resolved, and the same person may report it again.
    await t.db
      .update(clinicReviewReports)
      .set({ resolvedAt: new Date(), resolution: 'kept' })
      .where(eq(clinicReviewReports.reporterId, id));
    expect((await report(reviewId, token, { reason: 'Texten har inte ändrats sedan sist.' })).statusCode).toBe(204);
    expect(await reportsOf(reviewId)).toHaveLength(2);
  });

  it('refuses a reason too short, too long, missing or with fields of its own, translated, and stores nothing', async () => {
    const reviewId = await publishedReview();
    const { token } = await signUpAs(t.app, 'customer', 'Lo Ek');
    const cases: [unknown, string][] = [
      [{ reason: 'Fel.' }, sv.reviewReportReasonTooShort],
      // Ten characters once trimmed is the least.
      [{ reason: '   kort   ' }, sv.reviewReportReasonTooShort],
      [{ reason: 'x'.repeat(1001) }, sv.reviewReportReasonTooLong],
      [{}, ''],
      [{ reason: REASON, reviewId }, ''],
      [{ reason: 42 }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await report(reviewId, token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = ApiErrorSchema.parse(response.json());
      if (message) expect(error.issues).toEqual([{ path: ['reason'], message }]);
    }
    expect(await reportsOf(reviewId)).toEqual([]);
  });
});
