import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { type ClinicCard, type ClinicProfile } from '../../../../contracts/clinics.ts';
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import {
  AdminReviewCountSchema,
  AdminReviewPageSchema,
  AdminReviewSchema,
  type AdminReviewPage,
} from '../../../../contracts/reviews.ts';
import { auditLog, clinicReviewReports, clinicReviews, profiles } from '../../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { insertReport, insertReview } from '../../../testing/reviews.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const MINUTE_MS = 60_000;

describeEachEngine('/api/admin/reviews: moderation', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const list = async (token: string, query = '') => {
    const response = await call(token, { url: `/api/admin/reviews${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return AdminReviewPageSchema.parse(response.json());
  };
  const ids = (page: AdminReviewPage) => page.items.map((review) => review.id);
  const waiting = async (token: string) =>
    AdminReviewCountSchema.parse((await call(token, { url: '/api/admin/reviews/count' })).json()).waiting;
  const decide = (token: string, reviewId: string, payload: object) =>
    call(token, { method: 'POST', url: `/api/admin/reviews/${reviewId}/decision`, payload });
  const auditOf = (reviewId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.targetId, reviewId)).orderBy(asc(auditLog.id));
  const reportsOf = (reviewId: string) =>
    t.db
      .select()
      .from(clinicReviewReports)
      .where(eq(clinicReviewReports.reviewId, reviewId))
      .orderBy(asc(clinicReviewReports.createdAt));
  /** The clinic's card in the register, and its page: where the public reads its rating. */
  const publicRating = async (name: string) => {
    const cards = (await t.app.inject({ url: `/api/clinics?search=${encodeURIComponent(name)}` })).json<{
      items: ClinicCard[];
    }>().items;
    const card = cards.find((item) => item.fullName === name);
    const profile = (await t.app.inject({ url: `/api/clinics/by-slug/${card?.slug ?? ''}` })).json<ClinicProfile>();
    return { rating: card?.rating, reviewCount: profile.reviewCount };
  };

  /** The admin, a clinic of the register, two customers (the authors) and a reporter. */
  async function world() {
    const admin = await signUpAs(t.app, 'admin');
    const [clinicId = '', otherClinicId = ''] = await insertClinics(t.db, [
      { fullName: 'Omdömeskliniken', city: 'Lund' },
      { fullName: 'Andra Kliniken', city: 'Malmö' },
    ]);
    const [anna = '', bo = '', reporter = ''] = await insertClinics(t.db, [
      { fullName: 'Anna Karlsson', role: 'customer', isCertified: false },
      { fullName: 'Bo Ek', role: 'customer', isCertified: false },
      { fullName: 'Rut Rapport', role: 'customer', isCertified: false },
    ]);
    return { admin, clinicId, otherClinicId, anna, bo, reporter };
  }

  it('lists the reported reviews by default, newest first, with the clinic, the author and the open reports', async () => {
    const { admin, clinicId, otherClinicId, anna, bo, reporter } = await world();
    const start = Date.now() - 60 * MINUTE_MS;
    const at = (minutes: number) => new Date(start + minutes * MINUTE_MS);
    const older = await insertReview(t.db, { clinicId, authorId: anna, rating: 2, createdAt: at(1) });
    const newer = await insertReview(t.db, {
      clinicId: otherClinicId,
      authorId: null,
      rating: 5,
      text: '<b>Bästa</b> behandlingen jag har fått.',
      reply: { text: 'Tack för att du kom!' },
      createdAt: at(2),
    });
    const unreported = await insertReview(t.db, { clinicId, authorId: bo, createdAt: at(3) });
    const resolvedOnly = await insertReview(t.db, { clinicId, authorId: bo, createdAt: at(4) });
    const hidden = await insertReview(t.db, {
      clinicId,
      authorId: bo,
      createdAt: at(5),
      hidden: { reason: 'personal_data', by: admin.id },
    });
    await insertReport(t.db, {
      reviewId: older,
      reporterId: reporter,
      reason: 'Nämner personalen vid namn.',
      createdAt: at(10),
    });
    await insertReport(t.db, { reviewId: older, reporterId: null, reason: 'Stämmer inte alls.', createdAt: at(11) });
    await insertReport(t.db, { reviewId: newer, reporterId: reporter, createdAt: at(12) });
    const resolved = await insertReport(t.db, { reviewId: resolvedOnly, reporterId: reporter, createdAt: at(13) });
    await t.db
      .update(clinicReviewReports)
      .set({ resolvedAt: at(14), resolution: 'kept', resolvedBy: admin.id })
      .where(eq(clinicReviewReports.id, resolved));

    const reported = await list(admin.token);
    expect(ids(reported)).toEqual([newer, older]);
    expect(reported.nextCursor).toBeNull();
    expect(await list(admin.token, '?status=reported')).toEqual(reported);
    const [first, second] = reported.items;
    expect(first).toMatchObject({
      clinic: { id: otherClinicId, name: 'Andra Kliniken', slug: 'andra-kliniken' },
      // A deleted account: shown as "Tidigare kund".
      authorName: null,
      rating: 5,
      // Stored and answered as text; the page shows it as text.
      text: '<b>Bästa</b> behandlingen jag har fått.',
      reply: { text: 'Tack för att du kom!' },
      hidden: null,
    });
    expect(second).toMatchObject({
      clinic: { id: clinicId, name: 'Omdömeskliniken', slug: 'omdomeskliniken' },
      authorName: 'Anna K.',
      rating: 2,
      visitDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reply: null,
      hidden: null,
    });
    // Oldest first; a reporter whose account is gone has no name.
    expect(second?.openReports).toEqual([
      expect.objectContaining({ reason: 'Nämner personalen vid namn.', reporterName: 'Rut Rapport' }),
      expect.objectContaining({ reason: 'Stämmer inte alls.', reporterName: null }),
    ]);
    expect(await waiting(admin.token)).toBe(2);

    const hiddenPage = await list(admin.token, '?status=hidden');
    expect(ids(hiddenPage)).toEqual([hidden]);
    expect(hiddenPage.items[0]?.hidden).toEqual({ reason: 'personal_data', hiddenAt: expect.any(String) });
    expect(hiddenPage.items[0]?.openReports).toEqual([]);
    expect(ids(await list(admin.token, '?status=all'))).toEqual([hidden, resolvedOnly, unreported, newer, older]);
  });

  it('pages on the server by cursor, without skipping or repeating reviews written in the same instant', async () => {
    const { admin, clinicId, anna, reporter } = await world();
    const sameInstant = new Date(Date.now() - 10 * MINUTE_MS);
    const written: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const createdAt = index < 3 ? sameInstant : new Date(sameInstant.getTime() + index * MINUTE_MS);
      const reviewId = await insertReview(t.db, { clinicId, authorId: anna, createdAt });
      await insertReport(t.db, { reviewId, reporterId: reporter });
      written.push(reviewId);
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(admin.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids(await list(admin.token, '?limit=100')));
    expect(seen.toSorted()).toEqual(written.toSorted());
    // The two written later come first.
    expect(seen.slice(0, 2)).toEqual([written[4], written[3]]);

    expect((await call(admin.token, { url: '/api/admin/reviews?cursor=nonsense' })).statusCode).toBe(400);
    expect((await call(admin.token, { url: '/api/admin/reviews?limit=0' })).statusCode).toBe(400);
  });

  it('hides a reported review with a public reason: reports resolved, audited, the rating gone; keeping shows it again', async () => {
    const { admin, clinicId, anna, bo, reporter } = await world();
    const reviewIds = [];
    for (const [authorId, rating] of [
      [anna, 5],
      [bo, 4],
      [anna, 3],
    ] as const)
      reviewIds.push(await insertReview(t.db, { clinicId, authorId, rating }));
    const [reviewId = ''] = reviewIds;
    await insertReport(t.db, { reviewId, reporterId: reporter });
    await insertReport(t.db, { reviewId, reporterId: bo });
    expect(await publicRating('Omdömeskliniken')).toEqual({ rating: { average: 4, count: 3 }, reviewCount: 3 });

    const hiddenAnswer = await decide(admin.token, reviewId, { decision: 'hide', reason: 'offensive' });
    expect(hiddenAnswer.statusCode, hiddenAnswer.body).toBe(200);
    const hidden = AdminReviewSchema.parse(hiddenAnswer.json());
    expect(hidden).toMatchObject({ id: reviewId, hidden: { reason: 'offensive' }, openReports: [] });
    const [row] = await t.db.select().from(clinicReviews).where(eq(clinicReviews.id, reviewId));
    expect(row).toMatchObject({ hiddenReason: 'offensive', hiddenBy: admin.id, hiddenAt: expect.any(Date) });
    expect(await reportsOf(reviewId)).toEqual([
      expect.objectContaining({ resolution: 'hidden', resolvedBy: admin.id, resolvedAt: expect.any(Date) }),
      expect.objectContaining({ resolution: 'hidden', resolvedBy: admin.id, resolvedAt: expect.any(Date) }),
    ]);
    expect(await auditOf(reviewId)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'review.hidden',
        details: {
          clinicId,
          resolvedReports: 2,
          before: { status: 'published', reason: null },
          after: { status: 'hidden', reason: 'offensive' },
        },
      }),
    ]);
    // Two published reviews are too few for a rating.
    expect(await publicRating('Omdömeskliniken')).toEqual({ rating: null, reviewCount: 2 });
    expect(await list(admin.token)).toEqual({ items: [], nextCursor: null });
    expect(ids(await list(admin.token, '?status=hidden'))).toEqual([reviewId]);
    expect(await waiting(admin.token)).toBe(0);

    const kept = await decide(admin.token, reviewId, { decision: 'keep' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(AdminReviewSchema.parse(kept.json())).toMatchObject({ id: reviewId, hidden: null, openReports: [] });
    const [shown] = await t.db.select().from(clinicReviews).where(eq(clinicReviews.id, reviewId));
    expect(shown).toMatchObject({ hiddenAt: null, hiddenReason: null, hiddenBy: null });
    expect((await auditOf(reviewId)).map((entry) => [entry.action, entry.details])).toEqual([
      ['review.hidden', expect.any(Object)],
      [
        'review.kept',
        {
          clinicId,
          resolvedReports: 0,
          before: { status: 'hidden', reason: 'offensive' },
          after: { status: 'published', reason: null },
        },
      ],
    ]);
    expect(await publicRating('Omdömeskliniken')).toEqual({ rating: { average: 4, count: 3 }, reviewCount: 3 });
  });

  it('keeps a reported review published: its reports resolved as kept, in the audit log', async () => {
    const { admin, clinicId, anna, reporter } = await world();
    const reviewId = await insertReview(t.db, { clinicId, authorId: anna });
    await insertReport(t.db, { reviewId, reporterId: reporter });

    const kept = await decide(admin.token, reviewId, { decision: 'keep' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ hidden: null, openReports: [] });
    expect(await reportsOf(reviewId)).toEqual([
      expect.objectContaining({ resolution: 'kept', resolvedBy: admin.id, resolvedAt: expect.any(Date) }),
    ]);
    expect((await auditOf(reviewId)).map((entry) => [entry.action, entry.details])).toEqual([
      [
        'review.kept',
        {
          clinicId,
          resolvedReports: 1,
          before: { status: 'published', reason: null },
          after: { status: 'published', reason: null },
        },
      ],
    ]);
    expect(await waiting(admin.token)).toBe(0);
    // A later report opens it again, for a new decision.
    await insertReport(t.db, { reviewId, reporterId: reporter });
    expect(ids(await list(admin.token))).toEqual([reviewId]);
    expect(await waiting(admin.token)).toBe(1);
  });

  it('answers the same decision twice with the review as it is and no second audit entry; a new reason is a new decision', async () => {
    const { admin, clinicId, anna, reporter } = await world();
    const reviewId = await insertReview(t.db, { clinicId, authorId: anna });
    await insertReport(t.db, { reviewId, reporterId: reporter });

    const first = await decide(admin.token, reviewId, { decision: 'hide', reason: 'guidelines' });
    const again = await decide(admin.token, reviewId, { decision: 'hide', reason: 'guidelines' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await auditOf(reviewId)).map((entry) => entry.action)).toEqual(['review.hidden']);

    const changed = await decide(admin.token, reviewId, { decision: 'hide', reason: 'not_a_visit' });
    expect(changed.json()).toMatchObject({ hidden: { reason: 'not_a_visit' } });
    expect((await auditOf(reviewId)).at(-1)?.details).toMatchObject({
      before: { status: 'hidden', reason: 'guidelines' },
      after: { status: 'hidden', reason: 'not_a_visit' },
    });

    // Keeping a published review nobody reported changes nothing either.
    const published = await insertReview(t.db, { clinicId, authorId: anna });
    expect((await decide(admin.token, published, { decision: 'keep' })).statusCode).toBe(200);
    expect(await auditOf(published)).toEqual([]);
  });

  it('refuses a bad reason, a bad decision, an unknown review and a non-admin, and changes nothing', async () => {
    const { admin, clinicId, anna, reporter } = await world();
    const reviewId = await insertReview(t.db, { clinicId, authorId: anna });
    await insertReport(t.db, { reviewId, reporterId: reporter });
    const customer = await signUpAs(t.app, 'customer', 'Karin Kund');
    const clinic = await signUpAs(t.app, 'clinic', 'Klinik Själv');

    const badReason = await decide(admin.token, reviewId, { decision: 'hide', reason: 'spam' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error).toMatchObject({
      code: 'invalid_request',
      issues: [{ path: ['reason'], message: sv.reviewHideReasonInvalid }],
    });
    expect((await decide(admin.token, reviewId, { decision: 'hide' })).statusCode).toBe(400);
    const badDecision = await decide(admin.token, reviewId, { decision: 'delete' });
    expect(badDecision.statusCode).toBe(400);
    expect(JSON.stringify(badDecision.json())).toContain(sv.reviewDecisionInvalid);
    expect((await decide(admin.token, reviewId, { decision: 'keep', reason: 'guidelines' })).statusCode).toBe(400);
    expect((await decide(admin.token, SOME_ID, { decision: 'keep' })).statusCode).toBe(404);
    expect((await decide(admin.token, 'not-an-id', { decision: 'keep' })).statusCode).toBe(400);
    expect((await call(admin.token, { url: '/api/admin/reviews?status=open' })).statusCode).toBe(400);
    for (const who of [customer, clinic]) {
      expect((await decide(who.token, reviewId, { decision: 'hide', reason: 'offensive' })).statusCode).toBe(403);
      expect((await call(who.token, { url: '/api/admin/reviews' })).statusCode).toBe(403);
      expect((await call(who.token, { url: '/api/admin/reviews/count' })).statusCode).toBe(403);
    }
    expect((await call(null, { url: '/api/admin/reviews' })).statusCode).toBe(401);

    const [row] = await t.db.select().from(clinicReviews).where(eq(clinicReviews.id, reviewId));
    expect(row).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect(await reportsOf(reviewId)).toEqual([expect.objectContaining({ resolvedAt: null, resolution: null })]);
    expect(await auditOf(reviewId)).toEqual([]);
    expect(await waiting(admin.token)).toBe(1);
    const [clinicRow] = await t.db
      .select({ reviewCount: profiles.reviewCount })
      .from(profiles)
      .where(eq(profiles.id, clinicId));
    expect(clinicRow?.reviewCount).toBe(1);
  });
});
