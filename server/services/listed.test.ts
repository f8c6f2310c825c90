import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { AdminStatsSchema } from '../../contracts/admin.ts';
import { CertificateVerificationSchema } from '../../contracts/certificates.ts';
import { ClinicPageSchema } from '../../contracts/clinics.ts';
import { FollowedPageSchema } from '../../contracts/customer-area.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../testing/auth-client.ts';
import { certificateNumberOf, describeEachEngine, insertClinics } from '../testing/test-app.ts';
import { issueCertificate } from './certificates.ts';

// Issue 21 point 1: "listed" has one definition (services/listed.ts, decision 023). A certificate's last
// day ends at midnight in Sweden, and every reader of the register says so from the next request on,
// before the hourly lifecycle job has marked anything.

let clock = new Date();

describeEachEngine(
  'listed, across a Swedish midnight',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }, now: () => clock },
  (t) => {
    const call = (token: string | undefined, options: InjectOptions) =>
      t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

    it('leaves the register, follows, badge, clinic page, verification, sitemap, statistics and messages together at 00:00', async () => {
      clock = new Date();
      const admin = await signUpAs(t.app, 'admin');
      const customer = await signUpAs(t.app, 'customer');
      const [lapsing = '', renewed = ''] = await insertClinics(t.db, [
        { fullName: 'Midnattskliniken', city: 'Lund' },
        { fullName: 'Midnattsförnyade Kliniken', city: 'Lund' },
      ]);
      const number = await certificateNumberOf(t.db, lapsing);
      const [{ validTo = '', slug = '' } = {}] = await t.db
        .select({ validTo: certificates.validTo, slug: profiles.slug })
        .from(certificates)
        .innerJoin(profiles, eq(profiles.id, certificates.clinicId))
        .where(eq(certificates.number, number));
      // The other clinic renewed: next year's certificate takes over at midnight.
      const nextYear = Number(validTo.slice(0, 4)) + 1;
      await issueCertificate(t.db, renewed, new Date(), `${nextYear}-01-01`);
      for (const clinicId of [lapsing, renewed]) {
        expect((await call(customer.token, { method: 'PUT', url: `/api/me/follows/${clinicId}` })).statusCode).toBe(
          204,
        );
      }

      // Every certificate runs to 31 December, in Swedish winter time (UTC+1).
      const lastMinute = new Date(`${validTo}T23:59:00+01:00`);
      const midnight = new Date(`${nextYear}-01-01T00:00:00+01:00`);

      /** What each reader of the register says about the lapsing clinic, in one sequence of requests. */
      async function everyReader() {
        const search = ClinicPageSchema.parse((await call(undefined, { url: '/api/clinics?search=midnatt' })).json());
        const follows = FollowedPageSchema.parse((await call(customer.token, { url: '/api/me/follows' })).json());
        const badge = await call(undefined, { url: `/api/badge/${lapsing}` });
        const page = await call(undefined, { url: `/api/clinics/by-slug/${slug}` });
        const verification = CertificateVerificationSchema.parse(
          (await call(undefined, { url: `/api/certificates/${number}` })).json(),
        );
        const sitemap = (await call(undefined, { url: '/sitemaps/clinics-1.xml' })).body;
        const stats = AdminStatsSchema.parse((await call(admin.token, { url: '/api/admin/stats' })).json());
        const message = await call(customer.token, {
          method: 'POST',
          url: '/api/messages',
          payload: { to: { kind: 'user', id: lapsing }, content: 'Har ni en tid i januari?' },
        });
        return {
          search: search.items.map((card) => card.fullName),
          // A clinic that left the register stays with its followers, saying why (issue 28 point 4).
          follows: follows.items.map((card) => [card.fullName, card.leftRegister?.status ?? 'listed']),
          followsTotal: follows.total,
          badge: badge.statusCode,
          // Its page too: the profile while listed, then why it is not (issue 28 point 4).
          page:
            page.statusCode === 200
              ? ((page.json() as { leftRegister?: { status: string } }).leftRegister?.status ?? 'listed')
              : page.statusCode,
          verification: verification.status,
          sitemap: sitemap.includes(`/kliniker/${slug}<`),
          listedClinics: stats.listedClinics,
          message: message.statusCode,
        };
      }

      clock = lastMinute;
      expect(await everyReader()).toEqual({
        search: ['Midnattsförnyade Kliniken', 'Midnattskliniken'],
        follows: [
          ['Midnattsförnyade Kliniken', 'listed'],
          ['Midnattskliniken', 'listed'],
        ],
        followsTotal: 2,
        badge: 200,
        page: 'listed',
        verification: 'active',
        sitemap: true,
        listedClinics: 2,
        message: 201,
      });

      clock = midnight;
      expect(await everyReader()).toEqual({
        search: ['Midnattsförnyade Kliniken'],
        follows: [
          ['Midnattsförnyade Kliniken', 'listed'],
          ['Midnattskliniken', 'expired'],
        ],
        followsTotal: 2,
        badge: 404,
        page: 'expired',
        verification: 'expired',
        sitemap: false,
        listedClinics: 1,
        // A customer writes only to a clinic in the register (services/messages/policy.ts).
        message: 403,
      });
      // Nothing was marked: the job has not run, and the clinic's own state is as approval left it.
      const [certificate] = await t.db.select().from(certificates).where(eq(certificates.number, number));
      expect(certificate?.status).toBe('active');
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, lapsing));
      expect(profile?.isCertified).toBe(true);
      // Nor can it be followed anew.
      expect((await call(customer.token, { method: 'PUT', url: `/api/me/follows/${lapsing}` })).statusCode).toBe(404);
    });
  },
);
