import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dateInSweden } from '../certificates.ts';
import type { ClinicPage } from '../../../contracts/clinics.ts';
import type {
  AdminReviewPage,
  CustomerInvitation,
  CustomerReview,
  PublicReviewPage,
} from '../../../contracts/reviews.ts';
import { bearer, createAuthClient, signUpAs, TEST_ADMIN_EMAIL } from '../../testing/auth-client.ts';
import { queryRows } from '../../db/client.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import {
  DEMO_ACCOUNTS,
  demoPdf,
  seedDemoAccounts,
  seedDemoActivity,
  seedDemoCertificates,
  seedDemoClinics,
  seedDemoDocuments,
  stableUuid,
} from './seed.ts';
import { SUSPENDED_CLINIC } from './scope.ts';

describeEachEngine('seedDemoAccounts', {}, (t) => {
  async function rows() {
    return queryRows<Record<string, unknown>>(
      t.db,
      sql`SELECT u.email, u.encrypted_password, p.role, p.full_name, p.is_certified, p.is_public, p.application_status
          FROM users u JOIN profiles p USING (id) ORDER BY u.email`,
    );
  }

  it('creates the demo logins of /credentials, which sign in with their listed passwords', async () => {
    await seedDemoAccounts(t.db);
    const seeded = await rows();
    expect(seeded).toHaveLength(DEMO_ACCOUNTS.length);
    expect(seeded.find((row) => row.role === 'clinic')).toMatchObject({
      email: 'klinik@demo.certifieradklinik.se',
      is_certified: false,
      // Shown in the register once certified, unless it chooses otherwise (issue 28).
      is_public: true,
      application_status: 'Väntar',
    });
    expect(seeded.find((row) => row.role === 'customer')).toMatchObject({ email: 'kund@demo.certifieradklinik.se' });
    for (const row of seeded) expect(String(row.encrypted_password)).toMatch(/^\$argon2id\$/);

    for (const account of DEMO_ACCOUNTS) {
      const { data, error } = await createAuthClient(t.app).signInWithPassword({
        email: account.email,
        password: account.password,
      });
      expect(error).toBeNull();
      expect(data.user?.app_metadata.role).toBe(account.role);
    }
  });

  it('changes nothing when run again, a changed password included', async () => {
    await seedDemoAccounts(t.db);
    await t.db.execute(sql`UPDATE users SET encrypted_password = 'changed' WHERE email = ${DEMO_ACCOUNTS[1].email}`);
    const once = await rows();
    await seedDemoAccounts(t.db);
    expect(await rows()).toEqual(once);
  });
});

describeEachEngine('seedDemoClinics and seedDemoDocuments', {}, (t) => {
  it('seeds clinics in every application state, with documents for those that sent in, once', async () => {
    await seedDemoClinics(t.db);
    await seedDemoDocuments(t.db, t.app.fileStore);
    const states = await queryRows<{ state: string; documents: number }>(
      t.db,
      sql`SELECT p.application_status || CASE WHEN p.application_submitted_at IS NULL THEN ' draft' ELSE ' sent in' END AS state,
                 count(d.id)::int AS documents
          FROM profiles p LEFT JOIN clinic_documents d ON d.clinic_id = p.id
          WHERE p.role = 'clinic' GROUP BY p.id, state ORDER BY state`,
    );
    expect([...new Set(states.map((row) => row.state))]).toEqual([
      'Godkänd sent in',
      'Nekad sent in',
      'Väntar draft',
      'Väntar sent in',
    ]);
    expect(states.filter((row) => row.state === 'Väntar draft').every((row) => row.documents === 0)).toBe(true);
    expect(states.filter((row) => row.state !== 'Väntar draft').every((row) => row.documents === 3)).toBe(true);
    await seedDemoCertificates(t.db);
    await seedDemoCertificates(t.db);
    const year = dateInSweden(new Date()).slice(0, 4);
    const [issued] = await queryRows<{
      certified: number;
      certificates: number;
      numbers: number;
      expired: number;
      withdrawn: number;
      renewals: number;
    }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM profiles WHERE is_certified) AS certified,
                 (SELECT count(*)::int FROM certificates WHERE status = 'active' AND valid_from = ${`${year}-01-01`} AND valid_to = ${`${year}-12-31`}) AS certificates,
                 (SELECT count(DISTINCT number)::int FROM certificates) AS numbers,
                 (SELECT count(*)::int FROM certificates WHERE status = 'expired' AND valid_to < ${`${year}-01-01`}) AS expired,
                 (SELECT count(*)::int FROM certificates WHERE status = 'withdrawn' AND withdrawn_reason IS NOT NULL) AS withdrawn,
                 (SELECT count(*)::int FROM profiles WHERE renewal_submitted_at IS NOT NULL) AS renewals`,
    );
    // One active certificate of this year, with a number of its own, for every certified clinic, however
    // often seeded; and a history: last year's expired and withdrawn certificates.
    expect(issued?.certified).toBeGreaterThan(20);
    // All but one: the clinic whose certificate was suspended when its insurance lapsed (issue 22).
    expect(issued?.certificates).toBe((issued?.certified ?? 0) - 1);
    expect(issued).toMatchObject({ numbers: (issued?.certified ?? 0) + 2, expired: 1, withdrawn: 1 });
    // A renewal waits for the admin only where renewal is open (from 1 November).
    expect(issued?.renewals).toBe(dateInSweden(new Date()).slice(5) >= '11-01' ? 1 : 0);
    // What each certificate covers and the facts behind it (issue 22): every certificate of this year has a
    // scope whose facts are verified, made-up numbers say EXEMPEL, and the history has every state.
    const [scopes] = await queryRows<{
      unscoped: number;
      unbacked: number;
      unmarked: number;
      suspended: string | null;
      events: string;
      waiting: number;
      rejected: number;
    }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM certificates WHERE valid_from >= ${`${year}-01-01`} AND treatments = '{}') AS unscoped,
                 (SELECT count(*)::int FROM certificates c WHERE c.status = 'active' AND c.valid_from >= ${`${year}-01-01`}
                    AND NOT EXISTS (SELECT 1 FROM clinic_facts f WHERE f.clinic_id = c.clinic_id AND f.kind = 'liability_insurance'
                                      AND f.status = 'verified' AND f.valid_until >= ${dateInSweden(new Date())})) AS unbacked,
                 (SELECT count(*)::int FROM clinic_facts WHERE kind <> 'org_number'
                    AND coalesce(details->>'policyNumber', details->>'registrationNumber', details->>'licenceNumber', 'EXEMPEL') NOT LIKE '%EXEMPEL%') AS unmarked,
                 (SELECT suspension_reason FROM certificates WHERE status = 'suspended') AS suspended,
                 (SELECT string_agg(DISTINCT kind::text, ',' ORDER BY kind::text) FROM certificate_events) AS events,
                 (SELECT count(*)::int FROM clinic_facts f JOIN profiles p ON p.id = f.clinic_id
                    WHERE p.application_status = 'Väntar' AND f.status = 'unchecked') AS waiting,
                 (SELECT count(*)::int FROM clinic_facts WHERE status = 'rejected' AND reason IS NOT NULL) AS rejected`,
    );
    expect(scopes).toMatchObject({ unscoped: 0, unbacked: 0, unmarked: 0, rejected: 1 });
    expect(scopes?.suspended).toMatch(/Ansvarsförsäkringen/);
    expect(scopes?.events).toBe('expired,issued,scope_changed,suspended,withdrawn');
    expect(scopes?.waiting).toBeGreaterThan(1);
    const orgNumbers = await queryRows<{ org_number: string }>(
      t.db,
      sql`SELECT org_number FROM profiles WHERE org_number IS NOT NULL`,
    );
    expect(new Set(orgNumbers.map((row) => row.org_number)).size).toBe(orgNumbers.length);
    // What a certificate vouches for (issue 27): the waiting application frozen as sent in, changes
    // waiting for the admin (one after sending in, one of a certified clinic with a document to remove)
    // and a refused one with its reason.
    const [reviewed] = await queryRows<{ waiting: number; open: number; removals: number; refused: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM clinic_submissions WHERE decision IS NULL AND kind = 'application') AS waiting,
                 (SELECT count(*)::int FROM clinic_change_requests WHERE decision IS NULL) AS open,
                 (SELECT count(*)::int FROM clinic_documents WHERE removal_requested_at IS NOT NULL) AS removals,
                 (SELECT count(*)::int FROM clinic_change_requests WHERE decision = 'denied' AND reason IS NOT NULL) AS refused`,
    );
    expect(reviewed).toEqual({ waiting: 1, open: 2, removals: 1, refused: 1 });
    // What waits for the admin is complete, as sending in requires, so the admin can approve it.
    const incomplete = await queryRows(
      t.db,
      sql`SELECT full_name FROM profiles WHERE role = 'clinic' AND application_status IN ('Väntar', 'Nekad') AND application_submitted_at IS NOT NULL
            AND (website IS NULL OR company_name IS NULL OR org_number IS NULL OR address IS NULL OR city IS NULL
                 OR contact_person IS NULL OR contact_email IS NULL)`,
    );
    expect(incomplete).toEqual([]);
    const denied = await queryRows<{ denial_reason: string | null }>(
      t.db,
      sql`SELECT denial_reason FROM profiles WHERE application_status = 'Nekad'`,
    );
    expect(denied[0]?.denial_reason).toMatch(/Försäkringsbrevet/);

    // Every seeded row has its file, and seeding again adds nothing.
    const files: string[] = [];
    for await (const file of t.app.fileStore.list('clinic-documents')) files.push(file.path);
    const paths = await queryRows<{ storage_path: string }>(
      t.db,
      sql`SELECT storage_path FROM clinic_documents ORDER BY storage_path`,
    );
    expect(files.sort()).toEqual(paths.map((row) => row.storage_path));
    await seedDemoDocuments(t.db, t.app.fileStore);
    expect(await queryRows(t.db, sql`SELECT storage_path FROM clinic_documents ORDER BY storage_path`)).toEqual(paths);
  });

  it('writes demo PDFs that the upload check accepts as PDF', async () => {
    const { fileTypeFromBuffer } = await import('file-type');
    expect((await fileTypeFromBuffer(demoPdf('Ansvarsförsäkring 2026')))?.mime).toBe('application/pdf');
    expect(demoPdf('Ansvarsförsäkring').toString('latin1')).toContain('(Ansvarsf\\366rs\\344kring) Tj');
  });
});

describeEachEngine('seedDemoActivity', {}, (t) => {
  it("gives the demo customer follows, a new and an answered report, and messages with the demo clinic, and the admins' inbox a clinic's question and a guest's, once", async () => {
    await seedDemoClinics(t.db);
    await seedDemoAccounts(t.db);
    await seedDemoActivity(t.db);
    const summary = async () =>
      queryRows<{ follows: number; reports: string; messages: number; team: number }>(
        t.db,
        sql`SELECT (SELECT count(*)::int FROM followed_clinics) AS follows,
                   (SELECT string_agg(status::text, ',' ORDER BY status) FROM reports) AS reports,
                   (SELECT count(*)::int FROM messages) AS messages,
                   (SELECT count(*)::int FROM conversations WHERE counterpart_id IS NULL) AS team`,
      );
    const seeded = [{ follows: 4, reports: 'Ny,Hanterad', messages: 4, team: 2 }];
    expect(await summary()).toEqual(seeded);
    await seedDemoActivity(t.db);
    expect(await summary()).toEqual(seeded);
  });
});

describeEachEngine('seedDemoReviews (through seedDemoActivity)', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  it("seeds reviews in every state: ratings and too few for one, replies, an open and a decided report, a hidden review, a former customer's, and the demo customer's review and open invitation, once", async () => {
    await seedDemoClinics(t.db);
    await seedDemoAccounts(t.db);
    await seedDemoActivity(t.db);
    await seedDemoCertificates(t.db);

    // The register's cards show a rating only from three published reviews, and the averages differ.
    const register = await t.app.inject({ url: '/api/clinics?limit=50' });
    expect(register.statusCode).toBe(200);
    const cards = register.json<ClinicPage>().items;
    expect(Object.fromEntries(cards.filter((card) => card.rating).map((card) => [card.fullName, card.rating]))).toEqual(
      {
        'Klara Hudmottagning': { average: 4.6, count: 5 },
        'Åkerblads Hudvård': { average: 4, count: 4 },
        'Öresunds Estetiska Klinik': { average: 3.7, count: 3 },
        'Hälsingborgs Hudklinik': { average: 4.7, count: 3 },
      },
    );

    // As the pages show them: the clinic's page with a hidden review and one by a deleted account, the
    // admin's queue, and the demo customer's own review and open invitation.
    const clinicReviews = async (name: string) => {
      const id = cards.find((card) => card.fullName === name)?.id ?? '';
      const response = await t.app.inject({ url: `/api/clinics/${id}/reviews` });
      expect(response.statusCode).toBe(200);
      return response.json<PublicReviewPage>();
    };
    const akerblads = await clinicReviews('Åkerblads Hudvård');
    expect(
      akerblads.items.map((review) => (review.status === 'hidden' ? review.hidden.reason : review.rating)),
    ).toEqual([5, 4, 'guidelines', 3, 4]);
    const oresunds = await clinicReviews('Öresunds Estetiska Klinik');
    expect(oresunds.items.map((review) => review.status === 'published' && review.authorName)).toEqual([
      'Vera E.',
      'Nils L.',
      null,
    ]);
    expect(await clinicReviews('Lunds Hudvårdsateljé')).toMatchObject({ rating: null, reviewCount: 2 });

    const admin = await signUpAs(t.app, 'admin');
    const queue = await t.app.inject({ url: '/api/admin/reviews', headers: bearer(admin.token) });
    expect(
      queue.json<AdminReviewPage>().items.map((review) => [review.clinic.name, review.openReports.length]),
    ).toEqual([['Öresunds Estetiska Klinik', 1]]);

    const { data } = await createAuthClient(t.app).signInWithPassword({
      email: DEMO_ACCOUNTS[1].email,
      password: DEMO_ACCOUNTS[1].password,
    });
    const customer = bearer(data.session?.access_token ?? '');
    const written = await t.app.inject({ url: '/api/me/reviews', headers: customer });
    expect(written.json<{ items: CustomerReview[] }>().items).toMatchObject([
      { clinic: { name: 'Klara Hudmottagning' }, authorName: 'Demo K.', reply: { text: expect.any(String) } },
    ]);
    expect(written.json<{ items: CustomerReview[] }>().items[0]?.editableUntil).not.toBeNull();
    const invited = await t.app.inject({ url: '/api/me/review-invitations', headers: customer });
    expect(invited.json<{ items: CustomerInvitation[] }>().items).toMatchObject([
      { clinic: { name: 'Linnéa Skinclinic' } },
    ]);

    const customerId = stableUuid(DEMO_ACCOUNTS[1].email);
    const summary = async () =>
      (
        await queryRows<Record<string, unknown>>(
          t.db,
          sql`SELECT (SELECT string_agg(p.full_name || ':' || p.review_count, ',' ORDER BY p.full_name)
                        FROM profiles p WHERE p.review_count BETWEEN 1 AND 2) AS too_few,
                     (SELECT count(*)::int FROM clinic_reviews WHERE reply_text IS NOT NULL) AS replies,
                     (SELECT count(*)::int FROM clinic_review_reports r JOIN clinic_reviews v ON v.id = r.review_id
                        WHERE r.resolved_at IS NULL AND v.hidden_at IS NULL) AS open_reports,
                     (SELECT string_agg(v.hidden_reason::text || ':' || r.resolution, ',') FROM clinic_reviews v
                        JOIN clinic_review_reports r ON r.review_id = v.id AND r.resolved_at IS NOT NULL) AS hidden,
                     (SELECT count(*)::int FROM audit_log WHERE action = 'review.hidden') AS decisions,
                     (SELECT count(*)::int FROM clinic_reviews WHERE author_id IS NULL) AS former_customers,
                     (SELECT count(*)::int FROM clinic_reviews WHERE author_id = ${customerId} AND reply_text IS NOT NULL) AS customer_reviews,
                     (SELECT count(*)::int FROM review_invitations WHERE claimed_by = ${customerId} AND used_at IS NULL
                        AND expires_at > now()) AS customer_invitations,
                     (SELECT count(*)::int FROM clinic_reviews v JOIN review_invitations i ON i.id = v.invitation_id
                        WHERE i.used_at IS NULL OR i.clinic_id <> v.clinic_id OR i.visit_date <> v.visit_date
                          OR i.claimed_by IS DISTINCT FROM v.author_id OR v.visit_date >= ${dateInSweden(new Date())}::date
                          OR v.visit_date < (i.created_at - interval '180 days')::date) AS unverified,
                     (SELECT count(*)::int FROM profiles p LEFT JOIN (
                        SELECT clinic_id, count(*)::int AS published, sum(rating)::int AS stars FROM clinic_reviews
                        WHERE hidden_at IS NULL GROUP BY clinic_id) AS counted ON counted.clinic_id = p.id
                        WHERE (p.review_count, p.review_rating_sum)
                          IS DISTINCT FROM (coalesce(counted.published, 0), coalesce(counted.stars, 0))) AS miscounted,
                     (SELECT count(*)::int FROM clinic_reviews v JOIN profiles p ON p.id = v.clinic_id
                        WHERE NOT p.is_certified OR NOT p.is_public OR p.full_name = ${SUSPENDED_CLINIC}) AS unlisted,
                     (SELECT count(*)::int FROM profiles WHERE role = 'customer' AND email LIKE '%@example.com') AS reviewers,
                     (SELECT count(*)::int FROM clinic_reviews) AS reviews,
                     (SELECT count(*)::int FROM review_invitations) AS invitations`,
        )
      )[0];
    const seeded = {
      too_few: 'Björkens Hudklinik:1,Lunds Hudvårdsateljé:2',
      replies: 5,
      open_reports: 1,
      hidden: 'guidelines:hidden',
      decisions: 1,
      former_customers: 1,
      customer_reviews: 1,
      customer_invitations: 1,
      unverified: 0,
      miscounted: 0,
      unlisted: 0,
      reviewers: 6,
      reviews: 19,
      invitations: 20,
    };
    expect(await summary()).toEqual(seeded);
    await seedDemoActivity(t.db);
    expect(await summary()).toEqual(seeded);
  });
});
