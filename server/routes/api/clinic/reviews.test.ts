import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import {
  ClinicInvitationPageSchema,
  ClinicInvitationSchema,
  ClinicReviewPageSchema,
  ClinicReviewSchema,
} from '../../../../contracts/reviews.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { certificates, clinicReviews, profiles, reviewInvitations } from '../../../db/schema/index.ts';
import { sha256 } from '../../../services/auth/tokens.ts';
import { issueCertificate } from '../../../services/certificates.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { captureLog } from '../../../testing/log-capture.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { insertReview as insertTestReview, type TestReview } from '../../../testing/reviews.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

// Issue 23 points 2 and 3, the clinic's side: it invites a customer after a visit (each rule refused
// in words, storing and sending nothing), lists its invitations and reviews, and replies once to each.

/** Noon in Sweden on 26 November 2026. */
const NOW = new Date('2026-11-26T11:00:00Z');
const SITE = 'https://certifieradklinik.example';
const PER_DAY = 3;
let clock = NOW;
const log = captureLog('info');

const at = (time: string) => {
  clock = new Date(time);
};

describeEachEngine(
  '/api/clinic/review-invitations and /api/clinic/reviews',
  {
    env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, SITE_URL: SITE, REVIEW_INVITATIONS_PER_DAY: String(PER_DAY) },
    now: () => clock,
    logger: log.logger,
  },
  (t) => {
    beforeEach(() => {
      clock = NOW;
    });

    const call = (token: string, options: InjectOptions) =>
      t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
    const invite = (token: string, payload: unknown, language = 'sv') =>
      call(token, {
        method: 'POST',
        url: '/api/clinic/review-invitations',
        payload: payload as InjectOptions['payload'],
        headers: { 'accept-language': language },
      });
    const invited = async (token: string, email: string, visitDate = '2026-11-20') => {
      const response = await invite(token, { email, visitDate });
      expect(response.statusCode, response.body).toBe(201);
      return ClinicInvitationSchema.parse(response.json());
    };
    const invitationsOf = async (token: string, query = '') => {
      const response = await call(token, { url: `/api/clinic/review-invitations${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return ClinicInvitationPageSchema.parse(response.json());
    };
    const reviewsOf = async (token: string, query = '') => {
      const response = await call(token, { url: `/api/clinic/reviews${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return ClinicReviewPageSchema.parse(response.json());
    };
    const reply = (token: string, reviewId: string, payload: unknown) =>
      call(token, {
        method: 'PUT',
        url: `/api/clinic/reviews/${reviewId}/reply`,
        payload: payload as InjectOptions['payload'],
      });
    const storedInvitations = (clinicId: string) =>
      t.db.select().from(reviewInvitations).where(eq(reviewInvitations.clinicId, clinicId));
    const mailTo = async (address: string) => (await readOutbox(t.dataDir)).filter((email) => email.to === address);
    const guest = () => `gast-${randomUUID()}@exempel.se`;

    /** A signed-up clinic as approval leaves it: a certificate in force from 1 January to 31 December 2026. */
    async function certifiedClinic(fullName = 'Hudkliniken Ljusglimt') {
      const clinic = await signUpAs(t.app, 'clinic', fullName);
      await t.db
        .update(profiles)
        .set({ isCertified: true, isPublic: true, applicationStatus: 'Godkänd', certifiedAt: NOW })
        .where(eq(profiles.id, clinic.id));
      await issueCertificate(t.db, clinic.id, NOW, '2026-01-01');
      return clinic;
    }

    let reviewSeconds = 0;
    /** A review of a visit on 2 November, written the day before NOW, a second after the last. */
    async function insertReview(
      clinicId: string,
      authorId: string | null,
      fields: Omit<TestReview, 'clinicId' | 'authorId'> = {},
    ) {
      reviewSeconds += 1;
      const createdAt = new Date(NOW.getTime() - 86_400_000 + reviewSeconds * 1000);
      return insertTestReview(t.db, { clinicId, authorId, visitDate: '2026-11-02', createdAt, ...fields });
    }

    it('invites a customer: the address in lower case, a link valid 30 days in a bilingual email, the token only there', async () => {
      const clinic = await certifiedClinic('Hudkliniken Ljusglimt');
      const address = guest();
      const response = await invite(clinic.token, { email: `  ${address.toUpperCase()} `, visitDate: '2026-11-20' });
      expect(response.statusCode, response.body).toBe(201);
      const invitation = ClinicInvitationSchema.parse(response.json());
      expect(invitation).toEqual({
        id: invitation.id,
        email: address,
        visitDate: '2026-11-20',
        createdAt: NOW.toISOString(),
        expiresAt: '2026-12-26T11:00:00.000Z',
        status: 'open',
      });

      const [email, ...more] = await mailTo(address);
      expect(more).toEqual([]);
      const token = String(email?.link).slice(`${SITE}/omdome/`.length);
      expect(email?.link).toBe(`${SITE}/omdome/${token}`);
      expect(token).toMatch(/^[\w-]{43}$/);
      const [stored] = await storedInvitations(clinic.id);
      expect(stored).toMatchObject({ email: address, tokenHash: sha256(token), usedAt: null, claimedBy: null });

      const text = String(email?.text);
      expect(email?.subject).toContain('Hudkliniken Ljusglimt');
      for (const words of [
        'Hudkliniken Ljusglimt',
        '2026-11-20',
        'en gång',
        '30 dagar',
        'förnamn och första bokstaven i ditt efternamn',
        '"Verifierat besök"',
        `${SITE}/sa-granskar-vi-omdomen`,
        'used once',
        '30 days',
        'first name and the initial of your surname',
        'Certifierad Klinik',
      ])
        expect(text).toContain(words);
      // Swedish first, then English.
      expect(text.indexOf('30 dagar')).toBeLessThan(text.indexOf('In English'));
      expect(text.indexOf('In English')).toBeLessThan(text.indexOf('30 days'));

      // The token is in the email alone: not in an answer, the list, or the log.
      const list = await call(clinic.token, { url: '/api/clinic/review-invitations' });
      for (const answer of [response.body, list.body]) expect(answer).not.toContain(token);
      expect(log.lines.join('')).not.toContain(token);
      expect(log.lines.join('')).not.toContain(sha256(token));
    });

    it('answers 403 in words, storing and sending nothing, while the clinic holds no certificate in force', async () => {
      const applicant = await signUpAs(t.app, 'clinic', 'Nya Kliniken');
      const address = guest();
      const refused = await invite(applicant.token, { email: address, visitDate: '2026-11-20' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'certificate_required', message: sv.reviewsNeedCertificate });
      expect(
        (await invite(applicant.token, { email: address, visitDate: '2026-11-20' }, 'en')).json().error.message,
      ).toBe(en.reviewsNeedCertificate);
      expect(await invitationsOf(applicant.token)).toEqual({
        items: [],
        nextCursor: null,
        remainingToday: PER_DAY,
        canInvite: false,
      });

      // Suspended: not in force.
      const suspended = await certifiedClinic('Avstängda Kliniken');
      await t.db.update(certificates).set({ status: 'suspended' }).where(eq(certificates.clinicId, suspended.id));
      expect((await invite(suspended.token, { email: address, visitDate: '2026-11-20' })).statusCode).toBe(403);

      // In force on 31 December, lapsed the next Swedish day.
      const certified = await certifiedClinic('Årskliniken');
      at('2026-12-31T23:00:00Z');
      expect((await invite(certified.token, { email: address, visitDate: '2026-12-20' })).statusCode).toBe(403);
      expect((await invitationsOf(certified.token)).canInvite).toBe(false);
      at('2026-12-31T22:59:00Z');
      expect((await invitationsOf(certified.token)).canInvite).toBe(true);

      for (const clinic of [applicant, suspended, certified]) expect(await storedInvitations(clinic.id)).toEqual([]);
      expect(await mailTo(address)).toEqual([]);
    });

    it('takes a visit from today (in Sweden) back to 180 days, and refuses a future, older or impossible date on the field', async () => {
      const clinic = await certifiedClinic();
      // 00:30 on 27 November in Sweden: that is today, though it is still 26 November in UTC.
      at('2026-11-26T23:30:00Z');
      await invited(clinic.token, guest(), '2026-11-27');
      await invited(clinic.token, guest(), '2026-05-31');
      const cases = [
        { visitDate: '2026-11-28', message: sv.visitDateInFuture },
        { visitDate: '2026-05-30', message: sv.visitDateTooOld },
        { visitDate: '2026-02-30', message: sv.visitDateInvalid },
        { visitDate: '27/11/2026', message: sv.visitDateInvalid },
      ];
      for (const { visitDate, message } of cases) {
        const address = guest();
        const response = await invite(clinic.token, { email: address, visitDate });
        expect(response.statusCode, visitDate).toBe(400);
        expect(response.json().error.issues).toContainEqual({ path: ['visitDate'], message });
        expect(await mailTo(address)).toEqual([]);
      }
      expect((await storedInvitations(clinic.id)).map((row) => row.visitDate).sort()).toEqual([
        '2026-05-31',
        '2026-11-27',
      ]);
    });

    it('refuses bad input with a 400 in words: an empty or invalid address, a missing date, an unknown field', async () => {
      const clinic = await certifiedClinic();
      for (const [payload, field, message] of [
        [{ email: ' ', visitDate: '2026-11-20' }, 'email', sv.emailRequired],
        [{ email: 'inte-en-adress', visitDate: '2026-11-20' }, 'email', sv.emailInvalid],
        [{ email: guest() }, 'visitDate', sv.visitDateInvalid],
      ] as const) {
        const response = await invite(clinic.token, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
      }
      expect((await invite(clinic.token, { email: guest(), visitDate: '2026-11-20', token: 'x' })).statusCode).toBe(
        400,
      );
      expect(await storedInvitations(clinic.id)).toEqual([]);
    });

    it("refuses the clinic's own and contact addresses, another clinic's and an admin's, in any case (422)", async () => {
      const clinic = await certifiedClinic();
      const contact = guest();
      await t.db.update(profiles).set({ contactEmail: contact.toUpperCase() }).where(eq(profiles.id, clinic.id));
      const otherClinic = await signUpAs(t.app, 'clinic', 'Andra Kliniken');
      // ADMIN_EMAIL is the admin's before that account is registered, as it is not yet here.
      const beforeTheAdmin = await invite(clinic.token, { email: TEST_ADMIN_EMAIL, visitDate: '2026-11-20' });
      expect(beforeTheAdmin.statusCode, beforeTheAdmin.body).toBe(422);
      const admin = await signUpAs(t.app, 'admin');
      const customer = await signUpAs(t.app, 'customer', 'Anna Karlsson');

      for (const address of [clinic.email.toUpperCase(), contact, otherClinic.email, admin.email.toUpperCase()]) {
        const response = await invite(clinic.token, { email: address, visitDate: '2026-11-20' });
        expect(response.statusCode, address).toBe(422);
        expect(response.json().error).toMatchObject({
          code: 'address_not_allowed',
          message: sv.invitationAddressNotAllowed,
          issues: [{ path: ['email'], message: sv.invitationAddressNotAllowed }],
        });
        expect(await mailTo(address.toLowerCase())).toEqual([]);
      }
      expect(await storedInvitations(clinic.id)).toEqual([]);
      // A customer's account is who an invitation is for.
      await invited(clinic.token, customer.email);
    });

    it('keeps one open invitation per clinic and address: another only once it is used or expired', async () => {
      const clinic = await certifiedClinic();
      const otherClinic = await certifiedClinic('Andra Kliniken');
      const address = guest();
      const first = await invited(clinic.token, address);
      const again = await invite(clinic.token, { email: address.toUpperCase(), visitDate: '2026-11-21' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'invitation_open', message: sv.invitationAlreadyOpen });
      // Another clinic's invitation is its own.
      await invited(otherClinic.token, address);

      await t.db.update(reviewInvitations).set({ usedAt: NOW }).where(eq(reviewInvitations.id, first.id));
      const second = await invited(clinic.token, address, '2026-11-21');
      // Expired 30 days after it was sent: a new one may go out.
      at('2026-12-26T10:59:00Z');
      expect((await invite(clinic.token, { email: address, visitDate: '2026-11-22' })).statusCode).toBe(409);
      at('2026-12-26T11:00:00Z');
      await invited(clinic.token, address, '2026-11-22');
      expect((await storedInvitations(clinic.id)).map((row) => row.id)).toContain(second.id);
      expect(await mailTo(address)).toHaveLength(4);
    });

    it('sends at most the daily number a Swedish day (429), counting again from midnight in Sweden', async () => {
      const clinic = await certifiedClinic();
      // 23:30 on 25 November in Sweden: yesterday's.
      at('2026-11-25T22:30:00Z');
      await invited(clinic.token, guest());
      at('2026-11-25T23:10:00Z');
      expect((await invitationsOf(clinic.token)).remainingToday).toBe(PER_DAY);
      for (let sent = 1; sent <= PER_DAY; sent += 1) {
        await invited(clinic.token, guest());
        expect((await invitationsOf(clinic.token)).remainingToday).toBe(PER_DAY - sent);
      }
      const address = guest();
      const refused = await invite(clinic.token, { email: address, visitDate: '2026-11-20' }, 'en');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({ code: 'invitation_daily_limit', message: en.invitationDailyLimit });
      expect(await mailTo(address)).toEqual([]);
      expect(await storedInvitations(clinic.id)).toHaveLength(PER_DAY + 1);
      // Midnight in Sweden: a new day.
      at('2026-11-26T23:00:00Z');
      expect((await invitationsOf(clinic.token)).remainingToday).toBe(PER_DAY);
      await invited(clinic.token, address);
    });

    it('lets neither the daily limit nor the one open invitation be passed by two requests at once', async () => {
      const clinic = await certifiedClinic();
      const address = guest();
      const same = await Promise.all([
        invite(clinic.token, { email: address, visitDate: '2026-11-20' }),
        invite(clinic.token, { email: address, visitDate: '2026-11-21' }),
      ]);
      expect(same.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(await mailTo(address)).toHaveLength(1);

      await invited(clinic.token, guest());
      const last = [guest(), guest(), guest()];
      const racing = await Promise.all(last.map((email) => invite(clinic.token, { email, visitDate: '2026-11-20' })));
      expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 429, 429]);
      expect(await storedInvitations(clinic.id)).toHaveLength(PER_DAY);
      expect((await Promise.all(last.map(mailTo))).flat()).toHaveLength(1);
    });

    it('lists its own invitations newest first, paged, each open, used or expired by the clock', async () => {
      const clinic = await certifiedClinic();
      const otherClinic = await certifiedClinic('Andra Kliniken');
      await invited(otherClinic.token, guest());
      const sent = [];
      for (const minute of ['00', '01', '02']) {
        at(`2026-11-26T11:${minute}:00Z`);
        sent.push(await invited(clinic.token, guest()));
      }
      const [expiring, used, open] = sent.map((invitation) => invitation.id);
      await t.db
        .update(reviewInvitations)
        .set({ usedAt: NOW })
        .where(eq(reviewInvitations.id, String(used)));
      await t.db
        .update(reviewInvitations)
        .set({ expiresAt: new Date('2026-11-26T11:30:00Z') })
        .where(eq(reviewInvitations.id, String(expiring)));

      at('2026-11-26T11:29:00Z');
      const first = await invitationsOf(clinic.token, '?limit=2');
      expect(first.items.map(({ id, status }) => [id, status])).toEqual([
        [open, 'open'],
        [used, 'used'],
      ]);
      expect(first.remainingToday).toBe(0);
      expect(first.canInvite).toBe(true);
      const second = await invitationsOf(clinic.token, `?limit=2&cursor=${String(first.nextCursor)}`);
      expect(second.items.map(({ id, status }) => [id, status])).toEqual([[expiring, 'open']]);
      expect(second.nextCursor).toBeNull();

      at('2026-11-26T11:30:00Z');
      expect((await invitationsOf(clinic.token)).items.map((item) => item.status)).toEqual(['open', 'used', 'expired']);
      expect((await call(clinic.token, { url: '/api/clinic/review-invitations?cursor=nej' })).statusCode).toBe(400);
      expect((await call(clinic.token, { url: '/api/clinic/review-invitations?limit=0' })).statusCode).toBe(400);
    });

    it('lists its own reviews newest first, paged, hidden ones with their reason, authors as "Anna K." or none', async () => {
      const clinic = await certifiedClinic();
      const otherClinic = await certifiedClinic('Andra Kliniken');
      const anna = await signUpAs(t.app, 'customer', 'Anna Karlsson');
      const bo = await signUpAs(t.app, 'customer', 'Bo Ek');
      await insertReview(otherClinic.id, anna.id);
      const byAnna = await insertReview(clinic.id, anna.id, { rating: 5 });
      const formerCustomer = await insertReview(clinic.id, null);
      const hidden = await insertReview(clinic.id, bo.id, {
        rating: 1,
        hidden: { reason: 'offensive', at: NOW },
        text: 'Ett omdöme som en administratör har dolt.',
      });

      const first = await reviewsOf(clinic.token, '?limit=2');
      expect(first.items.map((review) => review.id)).toEqual([hidden, formerCustomer]);
      expect(first.items[0]).toMatchObject({
        authorName: 'Bo E.',
        rating: 1,
        text: 'Ett omdöme som en administratör har dolt.',
        hidden: { reason: 'offensive', hiddenAt: NOW.toISOString() },
        reply: null,
      });
      expect(first.items[1]).toMatchObject({ authorName: null, hidden: null });
      const second = await reviewsOf(clinic.token, `?limit=2&cursor=${String(first.nextCursor)}`);
      expect(second).toEqual({
        items: [expect.objectContaining({ id: byAnna, authorName: 'Anna K.', rating: 5, visitDate: '2026-11-02' })],
        nextCursor: null,
      });
      expect(await reviewsOf(otherClinic.token)).toMatchObject({ items: [{ authorName: 'Anna K.' }] });
      expect(await reviewsOf((await certifiedClinic('Tredje Kliniken')).token)).toEqual({
        items: [],
        nextCursor: null,
      });
    });

    it('publishes one reply and edits it: first publication kept, each save its update time, HTML stored as text', async () => {
      const clinic = await certifiedClinic();
      const anna = await signUpAs(t.app, 'customer', 'Anna Karlsson');
      const reviewId = await insertReview(clinic.id, anna.id);
      const [before] = await t.db.select().from(clinicReviews).where(eq(clinicReviews.id, reviewId));

      const published = await reply(clinic.token, reviewId, { text: '  Tack för ditt besök, välkommen åter!  ' });
      expect(published.statusCode, published.body).toBe(200);
      expect(ClinicReviewSchema.parse(published.json())).toMatchObject({
        id: reviewId,
        authorName: 'Anna K.',
        text: before?.text,
        reply: {
          text: 'Tack för ditt besök, välkommen åter!',
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        },
      });

      at('2026-11-27T09:00:00Z');
      const html = '<script>alert("hej")</script><b>Tack</b> & välkommen';
      const edited = await reply(clinic.token, reviewId, { text: html });
      expect(edited.json().reply).toEqual({
        text: html,
        createdAt: NOW.toISOString(),
        updatedAt: '2026-11-27T09:00:00.000Z',
      });
      const [after] = await t.db.select().from(clinicReviews).where(eq(clinicReviews.id, reviewId));
      expect(after).toEqual({
        ...before,
        replyText: html,
        replyCreatedAt: NOW,
        replyUpdatedAt: new Date('2026-11-27T09:00:00Z'),
      });
      expect((await reviewsOf(clinic.token)).items[0]?.reply?.text).toBe(html);
    });

    it("answers 404 to a reply to another clinic's review or none, and 400 in words to an empty or too long reply, changing nothing", async () => {
      const clinic = await certifiedClinic();
      const otherClinic = await certifiedClinic('Andra Kliniken');
      const reviewId = await insertReview(clinic.id, null, {
        reply: { text: 'Vårt svar.', createdAt: NOW },
      });
      const [before] = await t.db.select().from(clinicReviews).where(eq(clinicReviews.id, reviewId));

      const foreign = await reply(otherClinic.token, reviewId, { text: 'Inte vår kund.' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error).toMatchObject({ code: 'not_found', message: sv.notFound });
      expect((await reply(clinic.token, randomUUID(), { text: 'Svar.' })).statusCode).toBe(404);
      expect((await reply(clinic.token, 'inte-ett-id', { text: 'Svar.' })).statusCode).toBe(400);

      for (const [payload, message] of [
        [{ text: '' }, sv.reviewReplyRequired],
        [{ text: '   ' }, sv.reviewReplyRequired],
        [{ text: 'x'.repeat(2001) }, sv.reviewReplyTooLong],
        [{ text: 'Svar med \u0000 i.' }, sv.textInvalid],
        [{}, undefined],
      ] as const) {
        const response = await reply(clinic.token, reviewId, payload);
        expect(response.statusCode).toBe(400);
        if (message) expect(response.json().error.issues).toContainEqual({ path: ['text'], message });
      }
      expect((await reply(clinic.token, reviewId, { text: 'x'.repeat(2000) })).statusCode).toBe(200);
      await t.db.update(clinicReviews).set({ replyText: 'Vårt svar.' }).where(eq(clinicReviews.id, reviewId));
      const [after] = await t.db.select().from(clinicReviews).where(eq(clinicReviews.id, reviewId));
      expect(after).toEqual(before);
    });
  },
);
