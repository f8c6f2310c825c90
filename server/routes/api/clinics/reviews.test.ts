import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ClinicPageSchema } from '../../../../contracts/clinics.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { type PublicReviewPage, PublicReviewPageSchema } from '../../../../contracts/reviews.ts';
import { clinicReviews, profiles } from '../../../db/schema/index.ts';
import { withdrawActiveCertificate } from '../../../services/certificates.ts';
import { insertReview } from '../../../testing/reviews.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

// The reviews on a register clinic's page (issue 23 points 1 and 6): newest first, paged on the server,
// a hidden review only as its public reason, the rating from the profile's counted columns, and only for
// a clinic in the register. The register's page cache is on here, as in production: nothing of this
// route goes through it, and the cards hear of a changed rating at once.

const webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
beforeAll(() =>
  writeFileSync(
    path.join(webRoot, 'index.html'),
    readFileSync(path.resolve(import.meta.dirname, '../../../../index.html'), 'utf8'),
  ),
);
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const MINUTE = 60_000;
const START = new Date('2026-11-20T09:00:00.000Z');
const minutesAfterStart = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);

describeEachEngine('GET /api/clinics/:clinicId/reviews', { webRoot, env: { REGISTER_CACHE_SECONDS: '600' } }, (t) => {
  async function listedClinic(fullName = 'Omdömeskliniken') {
    const [id = ''] = await insertClinics(t.db, [{ fullName, city: 'Lund' }]);
    return id;
  }
  async function customer(fullName: string) {
    const [id = ''] = await insertClinics(t.db, [{ fullName, role: 'customer', isCertified: false }]);
    return id;
  }
  async function reviewsOf(clinicId: string, query = '', headers: Record<string, string> = {}) {
    return t.app.inject({ url: `/api/clinics/${clinicId}/reviews${query}`, headers });
  }
  async function pageOf(clinicId: string, query = ''): Promise<PublicReviewPage> {
    const response = await reviewsOf(clinicId, query);
    expect(response.statusCode, response.body).toBe(200);
    return PublicReviewPageSchema.parse(response.json());
  }

  it('pages every review newest first on the server, reviews of the same moment in id order, none twice', async () => {
    const clinicId = await listedClinic();
    const author = await customer('Anna Karlsson');
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      ids.push(await insertReview(t.db, { clinicId, authorId: author, createdAt: minutesAfterStart(index) }));
    }
    // Two written in the same microsecond: the id decides, and the cursor between them loses neither.
    const twins = [
      await insertReview(t.db, { clinicId, authorId: author, createdAt: minutesAfterStart(10) }),
      await insertReview(t.db, { clinicId, authorId: author, createdAt: minutesAfterStart(10) }),
    ]
      .sort()
      .reverse();
    // Another clinic's review is never on this page.
    await insertReview(t.db, { clinicId: await listedClinic('Grannkliniken'), authorId: author });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: PublicReviewPage = await pageOf(clinicId, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((review) => review.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...twins, ...[...ids].reverse()]);

    // Ten a page unless asked otherwise (REVIEW_PAGE_SIZE).
    expect((await pageOf(clinicId)).items).toHaveLength(9);
    expect((await pageOf(clinicId)).nextCursor).toBeNull();
  });

  it("shows a published review whole, with the author's first name and initial, the visit, the edit and the clinic's reply", async () => {
    const clinicId = await listedClinic();
    const anna = await customer('Anna Maria Karlsson');
    await insertReview(t.db, {
      clinicId,
      authorId: anna,
      rating: 4,
      text: 'Bra bemötande.\nLite väntetid <b>men</b> <script>alert(1)</script> värt det.',
      visitDate: '2026-11-03',
      createdAt: START,
      editedAt: minutesAfterStart(30),
      reply: {
        text: 'Tack Anna!\nVälkommen åter.',
        createdAt: minutesAfterStart(60),
        updatedAt: minutesAfterStart(90),
      },
    });

    const response = await reviewsOf(clinicId);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = PublicReviewPageSchema.parse(response.json());
    expect(page.items).toEqual([
      {
        status: 'published',
        id: expect.any(String),
        authorName: 'Anna K.',
        rating: 4,
        // HTML in a review is text: stored and answered as written, for the page to show as text.
        text: 'Bra bemötande.\nLite väntetid <b>men</b> <script>alert(1)</script> värt det.',
        visitDate: '2026-11-03',
        createdAt: START.toISOString(),
        editedAt: minutesAfterStart(30).toISOString(),
        reply: {
          text: 'Tack Anna!\nVälkommen åter.',
          createdAt: minutesAfterStart(60).toISOString(),
          updatedAt: minutesAfterStart(90).toISOString(),
        },
      },
    ]);
  });

  it('shows the review of a deleted account without a name, as by a former customer', async () => {
    const clinicId = await listedClinic();
    const bo = await customer('Bo Ek');
    await insertReview(t.db, { clinicId, authorId: bo });
    // Deleting the account sets the review's author to null (ON DELETE SET NULL); the review stays.
    await t.db.delete(profiles).where(eq(profiles.id, bo));
    const [review] = (await pageOf(clinicId)).items;
    expect(review).toMatchObject({ status: 'published', authorName: null, rating: 5 });
  });

  it('shows a hidden review only as its public reason: no text, no stars, no author', async () => {
    const clinicId = await listedClinic();
    const author = await customer('Cecilia Dahl');
    const hiddenId = await insertReview(t.db, {
      clinicId,
      authorId: author,
      rating: 1,
      text: 'Personalen heter Eva Svensson och bor på Storgatan 1.',
      visitDate: '2026-10-30',
      createdAt: minutesAfterStart(5),
      reply: { text: 'Vi beklagar.', createdAt: minutesAfterStart(6) },
      hidden: { reason: 'personal_data' },
    });
    await insertReview(t.db, { clinicId, authorId: await customer('Gustav Holm'), rating: 5, createdAt: START });

    const response = await reviewsOf(clinicId);
    const page = PublicReviewPageSchema.parse(response.json());
    expect(page.items[0]).toStrictEqual({
      status: 'hidden',
      id: hiddenId,
      visitDate: '2026-10-30',
      createdAt: minutesAfterStart(5).toISOString(),
      hidden: { reason: 'personal_data', hiddenAt: minutesAfterStart(5).toISOString() },
    });
    for (const secret of ['Eva Svensson', 'Storgatan', 'Cecilia', 'Vi beklagar'])
      expect(response.body).not.toContain(secret);
    // A hidden review does not count: one published review, too few for a rating.
    expect(page).toMatchObject({ rating: null, reviewCount: 1 });
  });

  it('gives the rating from three published reviews on, from the counts the trigger keeps, as the profile and the card', async () => {
    const clinicId = await listedClinic('Betygskliniken');
    const author = await customer('Dan Ek');
    await insertReview(t.db, { clinicId, authorId: author, rating: 5 });
    await insertReview(t.db, { clinicId, authorId: author, rating: 4 });
    expect(await pageOf(clinicId)).toMatchObject({ rating: null, reviewCount: 2 });
    const card = async () =>
      ClinicPageSchema.parse((await t.app.inject({ url: '/api/clinics?search=Betygskliniken' })).json()).items[0];
    expect((await card())?.rating).toBeNull();

    const third = await insertReview(t.db, { clinicId, authorId: author, rating: 4 });
    // 13 / 3 = 4.333…: one decimal.
    expect(await pageOf(clinicId)).toMatchObject({ rating: { average: 4.3, count: 3 }, reviewCount: 3 });
    // The register's cached page hears of the new rating (the profile's change announces it), within a moment.
    await vi.waitFor(async () => expect((await card())?.rating).toEqual({ average: 4.3, count: 3 }), {
      timeout: 2_000,
      interval: 20,
    });
    const [{ slug = '' } = {}] = await t.db
      .select({ slug: profiles.slug })
      .from(profiles)
      .where(eq(profiles.id, clinicId));
    const profile = (await t.app.inject({ url: `/api/clinics/by-slug/${slug}` })).json<{
      rating: unknown;
      reviewCount: number;
    }>();
    expect(profile).toMatchObject({ rating: { average: 4.3, count: 3 }, reviewCount: 3 });

    // Hidden by an admin: out of the count and the average at once.
    await t.db
      .update(clinicReviews)
      .set({ hiddenAt: new Date(), hiddenReason: 'offensive' })
      .where(eq(clinicReviews.id, third));
    const page = await pageOf(clinicId);
    expect(page).toMatchObject({ rating: null, reviewCount: 2 });
    expect(page.items.find((review) => review.id === third)).toMatchObject({
      status: 'hidden',
      hidden: { reason: 'offensive' },
    });
  });

  it("writes the rating into the clinic page's JSON-LD only from three published reviews", async () => {
    const clinicId = await listedClinic('Strukturkliniken');
    const [{ slug = '' } = {}] = await t.db
      .select({ slug: profiles.slug })
      .from(profiles)
      .where(eq(profiles.id, clinicId));
    const jsonLd = async () => {
      const html = (await t.app.inject({ url: `/kliniker/${slug}` })).body;
      return JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<
        string,
        unknown
      >;
    };
    const author = await customer('Eva Lund');
    await insertReview(t.db, { clinicId, authorId: author, rating: 5 });
    await insertReview(t.db, { clinicId, authorId: author, rating: 4 });
    expect(await jsonLd()).not.toHaveProperty('aggregateRating');
    await insertReview(t.db, { clinicId, authorId: author, rating: 5 });
    expect((await jsonLd()).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('answers 404 for a clinic outside the register, an unknown id and a customer; 400 for an id or cursor that is none', async () => {
    const hidden = await listedClinic('Doldakliniken');
    const withdrawn = await listedClinic('Återkallade kliniken');
    const author = await customer('Fia Ek');
    await insertReview(t.db, { clinicId: hidden, authorId: author });
    await insertReview(t.db, { clinicId: withdrawn, authorId: author });
    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, hidden));
    await withdrawActiveCertificate(t.db, withdrawn, 'Försäkringen saknas.', new Date());

    for (const id of [hidden, withdrawn, randomUUID(), author]) {
      const response = await reviewsOf(id);
      expect(response.statusCode, id).toBe(404);
      expect(ApiErrorSchema.parse(response.json()).error).toMatchObject({ code: 'not_found', message: sv.notFound });
      expect(response.body).not.toContain('Lugn och noggrann');
    }
    expect((await reviewsOf('inte-ett-id')).statusCode).toBe(400);
    expect((await reviewsOf(await listedClinic(), '?cursor=abc')).statusCode).toBe(400);
    expect((await reviewsOf(await listedClinic('Fjärde kliniken'), '?limit=0')).statusCode).toBe(400);
  });
});
