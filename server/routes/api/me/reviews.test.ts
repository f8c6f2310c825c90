import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { ClinicPageSchema } from '../../../../contracts/clinics.ts';
import { REVIEW_EDIT_DAYS } from '../../../../contracts/constants.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import {
  CustomerInvitationPageSchema,
  CustomerInvitationSchema,
  CustomerReviewPageSchema,
  CustomerReviewSchema,
} from '../../../../contracts/reviews.ts';
import { clinicReviews, profiles, reviewInvitations } from '../../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { insertInvitation } from '../../../testing/reviews.ts';
import { describeEachEngine, insertClinics } from '../../../testing/test-app.ts';

// Issue 23 points 2 and 5: the customer claims the invitation of an emailed link, writes its one
// review and may change it for REVIEW_EDIT_DAYS; every bad input of the issue that concerns writing
// is refused with a translated reason and stores nothing.

const DAY_MS = 24 * 60 * 60 * 1000;
const TEXT = 'Lugn och noggrann behandling, bra information efteråt.';
let clock = new Date();

describeEachEngine(
  "/api/me/reviews and /api/me/review-invitations: the customer's side",
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }, now: () => clock },
  (t) => {
    const call = (token: string | null, options: InjectOptions) =>
      t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
    const claim = (token: string, linkToken: string) =>
      call(token, { method: 'POST', url: '/api/me/review-invitations/claim', payload: { token: linkToken } });
    const write = (token: string, payload: Record<string, unknown>) =>
      call(token, { method: 'POST', url: '/api/me/reviews', payload });
    const edit = (token: string, reviewId: string, payload: Record<string, unknown>) =>
      call(token, { method: 'PATCH', url: `/api/me/reviews/${reviewId}`, payload });
    const refusal = (status: number, code: string, key: keyof typeof sv) => ({
      status,
      body: { error: { code, message: sv[key] } },
    });
    const answer = (response: Awaited<ReturnType<typeof call>>) => ({
      status: response.statusCode,
      body: response.json<unknown>(),
    });
    const storedReviews = () => t.db.select().from(clinicReviews);

    /** A clinic of the register, a customer signed in, and an invitation of the clinic the customer claimed. */
    async function customerWithInvitation(clinicName = 'Hudkliniken Ljus') {
      clock = new Date();
      const [clinicId = ''] = await insertClinics(t.db, [{ fullName: clinicName, city: 'Lund' }]);
      const customer = await signUpAs(t.app, 'customer', 'Anna Karlsson');
      const invitation = await insertInvitation(t.db, {
        clinicId,
        email: customer.email,
        visitDate: '2026-10-02',
        createdAt: clock,
        claimedBy: customer.id,
      });
      const [{ slug = '' } = {}] = await t.db
        .select({ slug: profiles.slug })
        .from(profiles)
        .where(eq(profiles.id, clinicId));
      return { clinicId, slug: slug ?? '', customer, invitation };
    }

    it('lets the customer with the invited address claim the link once or twice, in any letter case, and lists it', async () => {
      clock = new Date();
      const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Kliniken Bjud', city: 'Malmö' }]);
      const customer = await signUpAs(t.app, 'customer');
      const invitation = await insertInvitation(t.db, {
        clinicId,
        email: customer.email.toUpperCase(),
        visitDate: '2026-11-01',
        createdAt: clock,
      });

      const first = await claim(customer.token, invitation.token);
      expect(first.statusCode).toBe(200);
      const [slug] = await t.db.select({ slug: profiles.slug }).from(profiles).where(eq(profiles.id, clinicId));
      expect(CustomerInvitationSchema.parse(first.json())).toEqual({
        id: invitation.id,
        clinic: { id: clinicId, name: 'Kliniken Bjud', slug: slug?.slug },
        visitDate: '2026-11-01',
        expiresAt: new Date(clock.getTime() + 30 * DAY_MS).toISOString(),
      });
      // A second click, or the page loaded again: the same answer, nothing else changes.
      const again = await claim(customer.token, invitation.token);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const [row] = await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitation.id));
      expect(row).toMatchObject({ claimedBy: customer.id, usedAt: null });

      const list = await call(customer.token, { url: '/api/me/review-invitations' });
      expect(CustomerInvitationPageSchema.parse(list.json())).toEqual({ items: [first.json()], nextCursor: null });
    });

    it('refuses the claim of clinics and admins, of another address, and of an unknown, used or expired link', async () => {
      clock = new Date();
      const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Kliniken Neka' }]);
      const customer = await signUpAs(t.app, 'customer');
      const other = await signUpAs(t.app, 'customer');
      const clinic = await signUpAs(t.app, 'clinic');
      const admin = await signUpAs(t.app, 'admin');
      const open = await insertInvitation(t.db, { clinicId, email: customer.email });
      const used = await insertInvitation(t.db, { clinicId, email: customer.email, usedAt: clock });
      const expired = await insertInvitation(t.db, {
        clinicId,
        email: customer.email,
        createdAt: new Date(clock.getTime() - 31 * DAY_MS),
      });

      expect(answer(await claim(clinic.token, open.token))).toEqual(
        refusal(403, 'invitation_customers_only', 'invitationCustomersOnly'),
      );
      expect(answer(await claim(admin.token, open.token))).toEqual(
        refusal(403, 'invitation_customers_only', 'invitationCustomersOnly'),
      );
      expect(answer(await claim(other.token, open.token))).toEqual(
        refusal(403, 'invitation_other_address', 'invitationOtherAddress'),
      );
      expect(answer(await claim(customer.token, 'no-such-token'))).toEqual(
        refusal(404, 'invitation_invalid', 'invitationInvalid'),
      );
      expect(answer(await claim(customer.token, used.token))).toEqual(
        refusal(410, 'invitation_used', 'invitationUsed'),
      );
      expect(answer(await claim(customer.token, expired.token))).toEqual(
        refusal(410, 'invitation_expired', 'invitationExpired'),
      );
      // In English too.
      const english = await call(other.token, {
        method: 'POST',
        url: '/api/me/review-invitations/claim',
        payload: { token: open.token },
        headers: { 'accept-language': 'en' },
      });
      expect(english.json()).toEqual({
        error: { code: 'invitation_other_address', message: en.invitationOtherAddress },
      });
      for (const token of ['', 'x'.repeat(201)]) {
        const bad = await claim(customer.token, token);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.issues).toEqual([{ path: ['token'], message: sv.invitationInvalid }]);
      }
      expect(
        (await call(null, { method: 'POST', url: '/api/me/review-invitations/claim', payload: {} })).statusCode,
      ).toBe(401);
      const rows = await t.db.select({ claimedBy: reviewInvitations.claimedBy }).from(reviewInvitations);
      expect(rows).toEqual([{ claimedBy: null }, { claimedBy: null }, { claimedBy: null }]);
    });

    it("lists only the customer's own claimed invitations that are still open, newest first, a page at a time", async () => {
      clock = new Date();
      const [clinicId = ''] = await insertClinics(t.db, [{ fullName: 'Kliniken Lista' }]);
      const customer = await signUpAs(t.app, 'customer');
      const other = await signUpAs(t.app, 'customer');
      const at = (daysAgo: number) => new Date(clock.getTime() - daysAgo * DAY_MS);
      const mine = { clinicId, email: customer.email, claimedBy: customer.id };
      const oldest = await insertInvitation(t.db, { ...mine, createdAt: at(3) });
      const newest = await insertInvitation(t.db, { ...mine, createdAt: at(1) });
      const middle = await insertInvitation(t.db, { ...mine, createdAt: at(2) });
      await insertInvitation(t.db, { ...mine, createdAt: at(4), usedAt: at(1) });
      await insertInvitation(t.db, { ...mine, createdAt: at(31) });
      await insertInvitation(t.db, { clinicId, email: customer.email, createdAt: at(1) });
      await insertInvitation(t.db, { clinicId, email: other.email, claimedBy: other.id, createdAt: at(1) });

      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const response = await call(customer.token, { url: `/api/me/review-invitations?limit=2${query}` });
        expect(response.statusCode).toBe(200);
        const page = CustomerInvitationPageSchema.parse(response.json());
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).toEqual([newest.id, middle.id, oldest.id]);
      expect((await call(customer.token, { url: '/api/me/review-invitations?cursor=nonsense' })).statusCode).toBe(400);
    });

    it('writes one review of a claimed invitation, with its visit date, and marks the invitation used', async () => {
      const { clinicId, slug, customer, invitation } = await customerWithInvitation();
      const response = await write(customer.token, { invitationId: invitation.id, rating: 5, text: `  ${TEXT}  ` });
      expect(response.statusCode).toBe(201);
      const review = CustomerReviewSchema.parse(response.json());
      expect(review).toEqual({
        id: expect.any(String),
        authorName: 'Anna K.',
        rating: 5,
        text: TEXT,
        visitDate: '2026-10-02',
        createdAt: clock.toISOString(),
        editedAt: null,
        reply: null,
        clinic: { id: clinicId, name: 'Hudkliniken Ljus', slug },
        hidden: null,
        editableUntil: new Date(clock.getTime() + REVIEW_EDIT_DAYS * DAY_MS).toISOString(),
      });
      const [row] = await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitation.id));
      expect(row?.usedAt?.toISOString()).toBe(clock.toISOString());
      // Used: no longer among the open invitations, and its link says so.
      expect((await call(customer.token, { url: '/api/me/review-invitations' })).json()).toEqual({
        items: [],
        nextCursor: null,
      });
      expect((await call(null, { url: `/api/review-invitations/${invitation.token}` })).json()).toMatchObject({
        status: 'used',
      });
      expect(answer(await claim(customer.token, invitation.token))).toEqual(
        refusal(410, 'invitation_used', 'invitationUsed'),
      );
    });

    it('refuses a second review of the same invitation, also when two are sent at once', async () => {
      const { clinicId, customer, invitation } = await customerWithInvitation();
      expect((await write(customer.token, { invitationId: invitation.id, rating: 4, text: TEXT })).statusCode).toBe(
        201,
      );
      expect(answer(await write(customer.token, { invitationId: invitation.id, rating: 1, text: TEXT }))).toEqual(
        refusal(410, 'invitation_used', 'invitationUsed'),
      );
      expect((await storedReviews()).map((review) => review.rating)).toEqual([4]);

      const second = await insertInvitation(t.db, { clinicId, email: customer.email, claimedBy: customer.id });
      const racing = await Promise.all(
        [2, 3, 5].map((rating) => write(customer.token, { invitationId: second.id, rating, text: TEXT })),
      );
      const statuses = racing.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 410, 410]);
      for (const refused of racing.filter((response) => response.statusCode === 410))
        expect(refused.json().error.code).toBe('invitation_used');
      const reviews = await t.db.select().from(clinicReviews).where(eq(clinicReviews.invitationId, second.id));
      expect(reviews).toHaveLength(1);
    });

    it('refuses a rating of 0 or 6, a text empty, too short or of 10,000 characters, and stores nothing', async () => {
      const { clinicId, customer, invitation } = await customerWithInvitation();
      const cases: [Record<string, unknown>, string, keyof typeof sv][] = [
        [{ rating: 0, text: TEXT }, 'rating', 'reviewRatingInvalid'],
        [{ rating: 6, text: TEXT }, 'rating', 'reviewRatingInvalid'],
        [{ rating: 4.5, text: TEXT }, 'rating', 'reviewRatingInvalid'],
        [{ rating: '5', text: TEXT }, 'rating', 'reviewRatingInvalid'],
        [{ text: TEXT }, 'rating', 'reviewRatingInvalid'],
        [{ rating: 4, text: '' }, 'text', 'reviewTextTooShort'],
        [{ rating: 4, text: ' '.repeat(40) }, 'text', 'reviewTextTooShort'],
        [{ rating: 4, text: 'Kort men bra besök.' }, 'text', 'reviewTextTooShort'],
        // Ten emoji are twenty UTF-16 units but ten characters, as the database counts them.
        [{ rating: 4, text: '😀'.repeat(10) }, 'text', 'reviewTextTooShort'],
        [{ rating: 4, text: 'a'.repeat(2001) }, 'text', 'reviewTextTooLong'],
        [{ rating: 4, text: 'a'.repeat(10_000) }, 'text', 'reviewTextTooLong'],
        [{ rating: 4, text: `${TEXT}\u0000` }, 'text', 'textInvalid'],
      ];
      for (const [fields, path, key] of cases) {
        const response = await write(customer.token, { invitationId: invitation.id, ...fields });
        expect(response.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
        expect(response.json().error.issues).toContainEqual({ path: [path], message: sv[key] });
      }
      for (const payload of [
        { invitationId: 'not-an-id', rating: 4, text: TEXT },
        { invitationId: invitation.id, rating: 4, text: TEXT, visitDate: '2026-01-01' },
        { invitationId: invitation.id, rating: 4, text: TEXT, authorId: customer.id },
      ])
        expect((await write(customer.token, payload)).statusCode).toBe(400);
      expect(await storedReviews()).toEqual([]);
      const [row] = await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitation.id));
      expect(row?.usedAt).toBeNull();

      // 2,000 characters, and 2,000 emoji, are the most.
      for (const text of ['a'.repeat(2000), '😀'.repeat(2000)]) {
        const again = await insertInvitation(t.db, { clinicId, email: customer.email, claimedBy: customer.id });
        expect((await write(customer.token, { invitationId: again.id, rating: 1, text })).statusCode).toBe(201);
      }
    });

    it('refuses an invitation not claimed by this customer (404) and an expired one (410)', async () => {
      const { clinicId, customer, invitation } = await customerWithInvitation();
      const other = await signUpAs(t.app, 'customer');
      const unclaimed = await insertInvitation(t.db, { clinicId, email: customer.email });
      const expired = await insertInvitation(t.db, {
        clinicId,
        email: customer.email,
        claimedBy: customer.id,
        createdAt: new Date(clock.getTime() - 10 * DAY_MS),
        expiresAt: new Date(clock.getTime() - 1000),
      });
      const notFound = refusal(404, 'not_found', 'notFound');
      expect(answer(await write(other.token, { invitationId: invitation.id, rating: 5, text: TEXT }))).toEqual(
        notFound,
      );
      expect(answer(await write(customer.token, { invitationId: unclaimed.id, rating: 5, text: TEXT }))).toEqual(
        notFound,
      );
      expect(
        answer(
          await write(customer.token, { invitationId: '00000000-0000-4000-8000-000000000000', rating: 5, text: TEXT }),
        ),
      ).toEqual(notFound);
      expect(answer(await write(customer.token, { invitationId: expired.id, rating: 5, text: TEXT }))).toEqual(
        refusal(410, 'invitation_expired', 'invitationExpired'),
      );
      const clinic = await signUpAs(t.app, 'clinic');
      expect((await write(clinic.token, { invitationId: invitation.id, rating: 5, text: TEXT })).statusCode).toBe(403);
      expect(await storedReviews()).toEqual([]);
      expect(
        (await t.db.select({ usedAt: reviewInvitations.usedAt }).from(reviewInvitations)).every((row) => !row.usedAt),
      ).toBe(true);
    });

    it('keeps HTML in a review as the text it is', async () => {
      const { customer, invitation } = await customerWithInvitation();
      const text = '<script>alert("hej")</script> <b>Bäst</b> & "trevligast" i stan!';
      const response = await write(customer.token, { invitationId: invitation.id, rating: 5, text });
      expect(response.statusCode).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().text).toBe(text);
      expect((await storedReviews())[0]?.text).toBe(text);
      const list = CustomerReviewPageSchema.parse((await call(customer.token, { url: '/api/me/reviews' })).json());
      expect(list.items[0]?.text).toBe(text);
    });

    it('lets the author change the review within 30 days, nobody else, and not after', async () => {
      const { customer, invitation } = await customerWithInvitation();
      const written = CustomerReviewSchema.parse(
        (await write(customer.token, { invitationId: invitation.id, rating: 2, text: TEXT })).json(),
      );
      const other = await signUpAs(t.app, 'customer');
      const clinic = await signUpAs(t.app, 'clinic');

      expect(answer(await edit(other.token, written.id, { rating: 1, text: 'Någon annans text om besöket.' }))).toEqual(
        refusal(404, 'not_found', 'notFound'),
      );
      expect(
        (await edit(clinic.token, written.id, { rating: 1, text: 'Klinikens egen text om besöket.' })).statusCode,
      ).toBe(403);
      expect((await edit(customer.token, written.id, { rating: 6, text: TEXT })).statusCode).toBe(400);
      expect((await edit(customer.token, written.id, { rating: 3, text: 'För kort.' })).statusCode).toBe(400);
      expect((await edit(customer.token, written.id, { rating: 3 })).statusCode).toBe(400);
      expect((await storedReviews())[0]).toMatchObject({ rating: 2, text: TEXT, editedAt: null });

      clock = new Date(clock.getTime() + 29 * DAY_MS);
      const changed = await edit(customer.token, written.id, {
        rating: 4,
        text: 'Bättre än jag först skrev, faktiskt.',
      });
      expect(changed.statusCode).toBe(200);
      expect(CustomerReviewSchema.parse(changed.json())).toEqual({
        ...written,
        rating: 4,
        text: 'Bättre än jag först skrev, faktiskt.',
        editedAt: clock.toISOString(),
      });

      clock = new Date(new Date(written.createdAt).getTime() + REVIEW_EDIT_DAYS * DAY_MS);
      expect(answer(await edit(customer.token, written.id, { rating: 5, text: TEXT }))).toEqual(
        refusal(409, 'review_edit_closed', 'reviewEditClosed'),
      );
      expect((await storedReviews())[0]).toMatchObject({ rating: 4, text: 'Bättre än jag först skrev, faktiskt.' });
      const list = CustomerReviewPageSchema.parse((await call(customer.token, { url: '/api/me/reviews' })).json());
      expect(list.items[0]?.editableUntil).toBeNull();
    });

    it("lists the customer's reviews newest first with the clinic's reply and the hidden state, a page at a time", async () => {
      const { clinicId, customer, invitation } = await customerWithInvitation();
      const ids = [
        CustomerReviewSchema.parse(
          (await write(customer.token, { invitationId: invitation.id, rating: 3, text: TEXT })).json(),
        ).id,
      ];
      for (let index = 0; index < 2; index += 1) {
        clock = new Date(clock.getTime() + 60_000);
        const next = await insertInvitation(t.db, {
          clinicId,
          email: customer.email,
          claimedBy: customer.id,
          createdAt: clock,
        });
        ids.push(
          CustomerReviewSchema.parse(
            (await write(customer.token, { invitationId: next.id, rating: 4, text: TEXT })).json(),
          ).id,
        );
      }
      const [first = '', second = ''] = ids;
      const repliedAt = new Date(clock.getTime() + 1000);
      await t.db
        .update(clinicReviews)
        .set({ replyText: 'Tack för att du kom!', replyCreatedAt: repliedAt, replyUpdatedAt: repliedAt })
        .where(eq(clinicReviews.id, first));
      await t.db
        .update(clinicReviews)
        .set({ hiddenAt: repliedAt, hiddenReason: 'personal_data' })
        .where(eq(clinicReviews.id, second));
      // Another customer's review of the same clinic is not in this list.
      const other = await signUpAs(t.app, 'customer');
      const theirs = await insertInvitation(t.db, { clinicId, email: other.email, claimedBy: other.id });
      expect((await write(other.token, { invitationId: theirs.id, rating: 1, text: TEXT })).statusCode).toBe(201);

      const items: ReturnType<typeof CustomerReviewSchema.parse>[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page = CustomerReviewPageSchema.parse(
          (await call(customer.token, { url: `/api/me/reviews?limit=2${query}` })).json(),
        );
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(items.map((item) => item.id)).toEqual([...ids].reverse());
      expect(items.find((item) => item.id === first)?.reply).toEqual({
        text: 'Tack för att du kom!',
        createdAt: repliedAt.toISOString(),
        updatedAt: repliedAt.toISOString(),
      });
      expect(items.find((item) => item.id === second)?.hidden).toEqual({
        reason: 'personal_data',
        hiddenAt: repliedAt.toISOString(),
      });
    });

    it("shows the clinic's rating on its register card once it has three reviews, and its change on an edit", async () => {
      const { clinicId, customer, invitation } = await customerWithInvitation('Betygskliniken');
      const card = async () => {
        const page = ClinicPageSchema.parse((await call(null, { url: '/api/clinics?search=Betygskliniken' })).json());
        return page.items.find((item) => item.id === clinicId)?.rating;
      };
      const ratings = [5, 4];
      const reviewIds = [
        CustomerReviewSchema.parse(
          (await write(customer.token, { invitationId: invitation.id, rating: 4, text: TEXT })).json(),
        ).id,
      ];
      expect(await card()).toBeNull();
      for (const rating of ratings) {
        const writer = await signUpAs(t.app, 'customer', 'Bo Ek');
        const { id } = await insertInvitation(t.db, { clinicId, email: writer.email, claimedBy: writer.id });
        const response = await write(writer.token, { invitationId: id, rating, text: TEXT });
        expect(response.statusCode).toBe(201);
        reviewIds.push(response.json<{ id: string }>().id);
        if (rating === 5) expect(await card()).toBeNull();
      }
      expect(await card()).toEqual({ average: 4.3, count: 3 });
      expect((await edit(customer.token, reviewIds[0] ?? '', { rating: 1, text: TEXT })).statusCode).toBe(200);
      expect(await card()).toEqual({ average: 3.3, count: 3 });
    });
  },
);
