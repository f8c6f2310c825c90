import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AdminSiteContent } from '../contracts/admin.ts';
import { clinicChangeRequests, profiles } from './db/schema/index.ts';
import { requestRecovery } from './services/auth/recovery.ts';
import { dateInSweden } from './lib/swedish-date.ts';
import { completeClinicDirectly } from './testing/application.ts';
import { factIdOf, verifyAllFacts } from './testing/facts.ts';
import { insertInvitation, insertReview } from './testing/reviews.ts';
import { bearer, createAuthClient, newAccount, signUpWith, TEST_ADMIN_EMAIL } from './testing/auth-client.ts';
import {
  AUTHORIZATION_MATRIX,
  type MatrixRoute,
  type Outcome,
  type Principal,
  PRINCIPALS,
} from './testing/authorization-matrix.ts';
import { certifyClinic, describeEachEngine, insertClinics } from './testing/test-app.ts';
import { multipartFile, sampleFiles } from './testing/uploads.ts';
import { insertPayment, planOf } from './testing/payments.ts';
import type { ClinicMembership } from '../contracts/payments.ts';

// Issue 12: every route of the app, sent as each of six principals, answers as the table in
// server/testing/authorization-matrix.ts says.

/**
 * The routes of each app as Fastify registers them. buildApp registers every route before it returns
 * (and before createTestApp's `extend` runs), so the onRoute hook goes on the instance as it is made.
 */
const registeredRoutes = vi.hoisted(() => new WeakMap<object, { method: string; url: string }[]>());
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const recording = (options?: FastifyServerOptions) => {
    const app = fastify.default(options);
    const routes: { method: string; url: string }[] = [];
    registeredRoutes.set(app, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    return app;
  };
  return { ...fastify, default: recording, fastify: recording };
});

/** `METHOD /path` of every route; a HEAD route that answers for a GET (Fastify adds one to each) is that GET. */
function routesOf(app: FastifyInstance): string[] {
  const routes = registeredRoutes.get(app);
  if (!routes) throw new Error('The app was not built through the recording Fastify');
  const keys = new Set(routes.map(({ method, url }) => `${method} ${url}`));
  const isGetsHead = (method: string, url: string) =>
    method === 'HEAD' && (keys.has(`GET ${url}`) || keys.has(`GET ${url.replace(/(.)\/$/, '$1')}`));
  return [
    ...new Set(
      routes.filter(({ method, url }) => !isGetsHead(method, url)).map(({ method, url }) => `${method} ${url}`),
    ),
  ];
}

const isMatrixRoute = (route: string): route is MatrixRoute => Object.hasOwn(AUTHORIZATION_MATRIX, route);

function answersAsExpected(expected: Outcome, status: number): boolean {
  return expected === 'ok' ? status >= 200 && status < 400 : status === expected;
}

// The web app's routes (its pages and static files) exist only with a build: a minimal one.
const webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
beforeAll(() =>
  writeFileSync(
    path.join(webRoot, 'index.html'),
    readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8'),
  ),
);
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

interface Account {
  id: string;
  email: string;
  password: string;
  fullName: string;
  token: string;
}

/**
 * A request of the matrix; `freshSession` sends it with a new session of the principal (signing out must
 * not end the one the other requests use), `actor` as another account in the principal's place (deleting
 * an account must not end the one the other requests use).
 */
type MatrixRequest = InjectOptions & { freshSession?: boolean; actor?: Account | null };
type BuildRequest = (who: Account | null) => MatrixRequest | Promise<MatrixRequest>;

describeEachEngine(
  'authorization matrix',
  { webRoot, env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, CONTACT_LIMIT_PER_IP: '1000' } },
  (t) => {
    const call = (token: string | null | undefined, options: InjectOptions) =>
      t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
    /** A request that prepares the world: it must succeed. */
    async function prepare(token: string | null, options: InjectOptions) {
      const response = await call(token, options);
      if (response.statusCode >= 400)
        throw new Error(
          `${options.method ?? 'GET'} ${options.url as string} gave ${response.statusCode}: ${response.body}`,
        );
      return response;
    }

    async function signUp(role: 'customer' | 'clinic' | 'admin', fullName: string): Promise<Account> {
      const account =
        role === 'admin' ? newAccount({ email: TEST_ADMIN_EMAIL, fullName }) : newAccount({ role, fullName });
      const session = await signUpWith(createAuthClient(t.app), account);
      return {
        id: session.user.id,
        email: account.email,
        password: account.password,
        fullName,
        token: session.access_token,
      };
    }
    async function signIn(account: Account): Promise<string> {
      const response = await prepare(null, {
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: account.email, password: account.password },
      });
      return response.json<{ access_token: string }>().access_token;
    }
    /** A clinic of the register: certified, public, with a certificate in force. */
    async function certify(clinic: Account): Promise<string> {
      return certifyClinic(t.db, clinic.id);
    }
    const uploadDocument = async (clinic: Account) =>
      (
        await prepare(clinic.token, {
          method: 'POST',
          url: '/api/clinic/documents',
          ...multipartFile('intyg.pdf', sampleFiles.pdf()),
        })
      ).json<{ id: string }>().id;
    const uploadCover = (clinic: Account) =>
      prepare(clinic.token, {
        method: 'POST',
        url: '/api/clinic/cover',
        ...multipartFile('omslag.png', sampleFiles.png()),
      });
    const practitioner = {
      kind: 'licensed_practitioner',
      name: 'Sara Lind',
      profession: 'nurse',
      licenceNumber: 'Exempel-1234',
    };
    const stateFact = async (clinic: Account) =>
      (await prepare(clinic.token, { method: 'POST', url: '/api/clinic/facts', payload: practitioner })).json<{
        id: string;
      }>().id;
    /** A clinic outside the matrix for the admin's decisions, in the state the decision needs, its facts verified. */
    let decisionTargets = 0;
    const decisionTarget = async (isCertified: boolean) => {
      // Each its own name: no two listed clinics share a name in one city (issue 27).
      const [clinicId = ''] = await insertClinics(t.db, [
        { fullName: `Beslutskliniken ${(decisionTargets += 1)}`, isCertified },
      ]);
      await completeClinicDirectly(t.db, clinicId);
      await verifyAllFacts(t.db, clinicId);
      return clinicId;
    };
    /** A certified clinic outside the matrix that asked to change its company name. */
    const changeRequestTarget = async () => {
      const clinicId = await decisionTarget(true);
      await t.db.insert(clinicChangeRequests).values({ clinicId, changes: { companyName: 'Nytt Bolag AB' } });
      return clinicId;
    };

    it('has a row for every route of the app, and no row for a route the app does not have', () => {
      const routes = routesOf(t.app);
      const rows = Object.keys(AUTHORIZATION_MATRIX);
      expect({
        routesWithoutRow: routes.filter((route) => !isMatrixRoute(route)),
        rowsWithoutRoute: rows.filter((row) => !routes.includes(row)),
      }).toEqual({
        routesWithoutRow: [],
        rowsWithoutRoute: [],
      });
    });

    it(
      'answers every route as the table says to anonymous, both customers, both clinics and the admin',
      { timeout: 300_000 },
      async () => {
        const customer = await signUp('customer', 'Karin Kund');
        const otherCustomer = await signUp('customer', 'Olle Annan');
        const clinic = await signUp('clinic', 'Klinik Ägaren');
        const otherClinic = await signUp('clinic', 'Klinik Andra');
        const admin = await signUp('admin', 'Chefen');
        // Signs in, asks for a reset and follows its link in the auth routes' requests.
        const bystander = await signUp('customer', 'Bo Bredvid');
        /** A new signed-in account of the principal's role: one that may be deleted. */
        const accountLike = async (who: Account): Promise<Account> => {
          if (who === clinic || who === otherClinic) return signUp('clinic', 'Klinik Som Slutar');
          const account = await signUp('customer', 'Konto Som Slutar');
          // Another admin beside the matrix's own, so that deleting it leaves one (the role is read per request).
          if (who === admin) await t.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, account.id));
          return account;
        };
        const principals: Record<Principal, Account | null> = {
          anonymous: null,
          customer,
          otherCustomer,
          clinic,
          otherClinic,
          admin,
        };

        // Uploaded before the clinic is certified: a reviewed document, which no change request takes away.
        const documentId = await uploadDocument(clinic);
        const factId = await stateFact(clinic);
        const certificateNumber = await certify(clinic);
        await certify(otherClinic);
        const [{ slug } = { slug: null }] = await t.db
          .select({ slug: profiles.slug })
          .from(profiles)
          .where(eq(profiles.id, clinic.id));
        await prepare(customer.token, { method: 'PUT', url: `/api/me/follows/${clinic.id}` });
        const reportId = (
          await prepare(customer.token, {
            method: 'POST',
            url: '/api/me/reports',
            payload: { clinicName: 'Klinik Ägaren', content: 'Otydlig prislista.' },
          })
        ).json<{ id: string }>().id;
        const conversationId = (
          await prepare(customer.token, {
            method: 'POST',
            url: '/api/messages',
            payload: { to: { kind: 'user', id: clinic.id }, content: 'Har ni tid i veckan?' },
          })
        ).json<{ conversationId: string }>().conversationId;
        const siteContent = (await prepare(admin.token, { url: '/api/admin/site' })).json<AdminSiteContent>();
        // A published review of the clinic, which each principal reports once.
        const publishedReviewId = await insertReview(t.db, { clinicId: clinic.id, authorId: customer.id });
        const moderatedReviewId = await insertReview(t.db, { clinicId: clinic.id, authorId: customer.id });
        // The clinic invited the customer after a visit; the customer wrote one review already.
        const invite = () =>
          insertInvitation(t.db, { clinicId: clinic.id, email: customer.email, claimedBy: customer.id });
        const invitation = await invite();
        const reviewId = (
          await prepare(customer.token, {
            method: 'POST',
            url: '/api/me/reviews',
            payload: { invitationId: (await invite()).id, rating: 3, text: 'Bra bemötande men lång väntan.' },
          })
        ).json<{ id: string }>().id;

        // The clinic's membership of this year, invoiced: its own to read, the other clinic's to miss.
        const companyPlan = await planOf(t.db, 'company');
        const { due } = (await prepare(clinic.token, { url: '/api/clinic/membership' })).json<ClinicMembership>();
        const clinicPayment = await insertPayment(t.db, { clinicId: clinic.id, status: 'invoiced', year: due.year });

        const requests: Record<MatrixRoute, BuildRequest> = {
          'GET /api/docs': () => ({ url: '/api/docs' }),
          'GET /api/docs/json': () => ({ url: '/api/docs/json' }),
          'GET /api/docs/yaml': () => ({ url: '/api/docs/yaml' }),
          'GET /api/docs/static/index.html': () => ({ url: '/api/docs/static/index.html' }),
          'GET /api/docs/static/swagger-initializer.js': () => ({ url: '/api/docs/static/swagger-initializer.js' }),
          'GET /api/docs/static/*': () => ({ url: '/api/docs/static/logo.svg' }),

          'POST /auth/v1/signup': () => {
            const account = newAccount();
            return {
              method: 'POST',
              url: '/auth/v1/signup',
              payload: {
                email: account.email,
                password: account.password,
                data: { full_name: 'Ny Kund', role: 'customer' },
              },
            };
          },
          'POST /auth/v1/token': () => ({
            method: 'POST',
            url: '/auth/v1/token?grant_type=password',
            payload: { email: bystander.email, password: bystander.password },
          }),
          'POST /auth/v1/logout': () => ({ method: 'POST', url: '/auth/v1/logout?scope=local', freshSession: true }),
          'GET /auth/v1/user': () => ({ url: '/auth/v1/user' }),
          'PUT /auth/v1/user': (who) => ({
            method: 'PUT',
            url: '/auth/v1/user',
            payload: { data: { full_name: who?.fullName ?? 'Ingen' } },
          }),
          'POST /auth/v1/recover': () => ({
            method: 'POST',
            url: '/auth/v1/recover',
            payload: { email: bystander.email },
          }),
          'POST /auth/v1/verify': async () => {
            const email = await requestRecovery(t.db, t.app.authSettings, { email: bystander.email });
            const tokenHash = /token_hash=([^&\s]+)/.exec(email?.text ?? '')?.[1];
            return { method: 'POST', url: '/auth/v1/verify', payload: { type: 'recovery', token_hash: tokenHash } };
          },

          'GET /api/health': () => ({ url: '/api/health' }),
          'GET /api/clinics': () => ({ url: '/api/clinics?search=Klinik' }),
          'GET /api/clinics/by-slug/:slug': () => ({ url: `/api/clinics/by-slug/${slug}` }),
          'GET /api/clinics/:id/cover': async () => {
            // The clinic may have removed its cover in DELETE /api/clinic/cover: one is there for this request.
            await uploadCover(clinic);
            const [{ url } = { url: null }] = await t.db
              .select({ url: profiles.coverImageUrl })
              .from(profiles)
              .where(eq(profiles.id, clinic.id));
            return { url: String(url) };
          },
          'GET /api/clinics/:clinicId/reviews': () => ({ url: `/api/clinics/${clinic.id}/reviews` }),
          'POST /api/reviews/:reviewId/reports': () => ({
            method: 'POST',
            url: `/api/reviews/${publishedReviewId}/reports`,
            payload: { reason: 'Omdömet nämner en anställd vid namn.' },
          }),
          'GET /api/certificates': () => ({ url: '/api/certificates?search=Klinik' }),
          'GET /api/certificates/:number': () => ({ url: `/api/certificates/${certificateNumber}` }),
          'GET /api/certificates/:number/history': () => ({ url: `/api/certificates/${certificateNumber}/history` }),
          'GET /api/public/certificates': () => ({ url: '/api/public/certificates?name=Klinik' }),
          'GET /api/public/certificates/:number': () => ({ url: `/api/public/certificates/${certificateNumber}` }),
          'OPTIONS /api/public/certificates': () => ({
            method: 'OPTIONS',
            url: '/api/public/certificates',
            headers: { origin: 'https://annan-sajt.example', 'access-control-request-method': 'GET' },
          }),
          'OPTIONS /api/public/certificates/:number': () => ({
            method: 'OPTIONS',
            url: `/api/public/certificates/${certificateNumber}`,
            headers: { origin: 'https://annan-sajt.example', 'access-control-request-method': 'GET' },
          }),
          'GET /api/badge/:clinicId': () => ({ url: `/api/badge/${clinic.id}` }),
          'GET /api/site/content': () => ({ url: '/api/site/content?lang=en' }),
          'GET /api/site/settings': () => ({ url: '/api/site/settings' }),
          'GET /api/places': () => ({ url: '/api/places?q=upp' }),
          'GET /api/site/demo-credentials': () => ({ url: '/api/site/demo-credentials' }),
          'POST /api/contact': () => ({
            method: 'POST',
            url: '/api/contact',
            payload: {
              name: 'Gäst',
              email: 'gast@test.example',
              subject: 'Fråga',
              message: 'Hur blir man certifierad?',
            },
          }),

          'GET /api/me/profile': () => ({ url: '/api/me/profile' }),
          'POST /api/me/data-export': () => ({ method: 'POST', url: '/api/me/data-export' }),
          // A link of the principal's own data (the customer's for anonymous), followed without a token of its own.
          'GET /api/data-export': async (who) => {
            const link = await prepare((who ?? customer).token, { method: 'POST', url: '/api/me/data-export' });
            return { url: link.json<{ url: string }>().url };
          },
          'DELETE /api/me/account': async (who) => {
            const actor = who && (await accountLike(who));
            return {
              method: 'DELETE',
              url: '/api/me/account',
              payload: { password: actor?.password ?? 'ett-bra-lösenord' },
              actor,
            };
          },
          'GET /api/me/follows': () => ({ url: '/api/me/follows' }),
          'GET /api/me/follows/status': () => ({ url: `/api/me/follows/status?clinicIds=${clinic.id}` }),
          'PUT /api/me/follows/:clinicId': () => ({ method: 'PUT', url: `/api/me/follows/${clinic.id}` }),
          'DELETE /api/me/follows/:clinicId': () => ({ method: 'DELETE', url: `/api/me/follows/${clinic.id}` }),
          'GET /api/me/booking-pages': () => ({ url: '/api/me/booking-pages' }),
          'POST /api/me/reports': () => ({
            method: 'POST',
            url: '/api/me/reports',
            payload: { clinicName: 'Klinik Andra', content: 'Svarar aldrig.' },
          }),
          'GET /api/me/reports': () => ({ url: '/api/me/reports' }),
          'GET /api/me/reports/:id': () => ({ url: `/api/me/reports/${reportId}` }),
          'GET /api/review-invitations/:token': () => ({ url: `/api/review-invitations/${invitation.token}` }),
          'POST /api/me/review-invitations/claim': () => ({
            method: 'POST',
            url: '/api/me/review-invitations/claim',
            payload: { token: invitation.token },
          }),
          'GET /api/me/review-invitations': () => ({ url: '/api/me/review-invitations' }),
          // A fresh invitation the customer claimed for each request: each takes one review.
          'POST /api/me/reviews': async () => ({
            method: 'POST',
            url: '/api/me/reviews',
            payload: { invitationId: (await invite()).id, rating: 4, text: 'Noggrann och lugn behandling.' },
          }),
          'GET /api/me/reviews': () => ({ url: '/api/me/reviews' }),
          'PATCH /api/me/reviews/:reviewId': () => ({
            method: 'PATCH',
            url: `/api/me/reviews/${reviewId}`,
            payload: { rating: 5, text: 'Noggrann och lugn behandling, igen.' },
          }),

          'GET /api/clinic/profile': () => ({ url: '/api/clinic/profile' }),
          'PATCH /api/clinic/settings': () => ({
            method: 'PATCH',
            url: '/api/clinic/settings',
            payload: { description: 'Hudvård i centrum.' },
          }),
          'PATCH /api/clinic/application': () => ({
            method: 'PATCH',
            url: '/api/clinic/application',
            payload: { discountCode: 'VÅR10' },
          }),
          'POST /api/clinic/application/submit': () => ({ method: 'POST', url: '/api/clinic/application/submit' }),
          'POST /api/clinic/renewal': () => ({
            method: 'POST',
            url: '/api/clinic/renewal',
            payload: { criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true } },
          }),
          'PUT /api/clinic/visibility': () => ({
            method: 'PUT',
            url: '/api/clinic/visibility',
            payload: { isPublic: true },
          }),
          'GET /api/clinic/documents': () => ({ url: '/api/clinic/documents' }),
          'POST /api/clinic/documents': () => ({
            method: 'POST',
            url: '/api/clinic/documents',
            ...multipartFile('intyg.pdf', sampleFiles.pdf()),
          }),
          // A fresh document of the owning clinic for each request: every delete must find one to delete.
          'DELETE /api/clinic/documents/:id': async () => ({
            method: 'DELETE',
            url: `/api/clinic/documents/${await uploadDocument(clinic)}`,
          }),
          'GET /api/clinic/documents/:id/download': () => ({ url: `/api/clinic/documents/${documentId}/download` }),
          'POST /api/clinic/cover': () => ({
            method: 'POST',
            url: '/api/clinic/cover',
            ...multipartFile('omslag.png', sampleFiles.png()),
          }),
          'DELETE /api/clinic/cover': () => ({ method: 'DELETE', url: '/api/clinic/cover' }),
          // The owning clinic has a change request open for each request; the other clinic has none (409).
          'DELETE /api/clinic/change-request': async () => {
            await t.db
              .insert(clinicChangeRequests)
              .values({ clinicId: clinic.id, changes: { companyName: 'Nytt Bolag AB' } })
              .onConflictDoNothing();
            return { method: 'DELETE', url: '/api/clinic/change-request' };
          },
          'GET /api/clinic/membership': () => ({ url: '/api/clinic/membership' }),
          'POST /api/clinic/membership/orders': () => ({
            method: 'POST',
            url: '/api/clinic/membership/orders',
            payload: { planId: companyPlan.id },
          }),
          'GET /api/clinic/payments/:id': () => ({ url: `/api/clinic/payments/${clinicPayment.id}` }),
          'GET /api/clinic/facts': () => ({ url: '/api/clinic/facts' }),
          'POST /api/clinic/facts': () => ({ method: 'POST', url: '/api/clinic/facts', payload: practitioner }),
          'PUT /api/clinic/facts/:id': () => ({
            method: 'PUT',
            url: `/api/clinic/facts/${factId}`,
            payload: { ...practitioner, licenceNumber: 'Exempel-5678' },
          }),
          // A fresh fact of the owning clinic for each request: every delete must find one to delete.
          'DELETE /api/clinic/facts/:id': async () => ({
            method: 'DELETE',
            url: `/api/clinic/facts/${await stateFact(clinic)}`,
          }),
          // A new address for each request: a clinic keeps one open invitation per address.
          'POST /api/clinic/review-invitations': () => ({
            method: 'POST',
            url: '/api/clinic/review-invitations',
            payload: { email: newAccount().email, visitDate: dateInSweden(new Date()) },
          }),
          'GET /api/clinic/review-invitations': () => ({ url: '/api/clinic/review-invitations' }),
          'GET /api/clinic/reviews': () => ({ url: '/api/clinic/reviews' }),
          'PUT /api/clinic/reviews/:reviewId/reply': () => ({
            method: 'PUT',
            url: `/api/clinic/reviews/${reviewId}/reply`,
            payload: { text: 'Tack för ditt omdöme!' },
          }),

          'GET /api/admin/stats': () => ({ url: '/api/admin/stats' }),
          'GET /api/admin/applications': () => ({ url: '/api/admin/applications' }),
          'GET /api/admin/clinics': () => ({ url: '/api/admin/clinics' }),
          'GET /api/admin/clinics/:id': () => ({ url: `/api/admin/clinics/${clinic.id}` }),
          'PATCH /api/admin/clinics/:id': () => ({
            method: 'PATCH',
            url: `/api/admin/clinics/${clinic.id}`,
            payload: { companyName: 'Klinik Ägaren AB' },
          }),
          // Each decision gets a clinic of its own in the state it needs, so that every request could succeed.
          'POST /api/admin/clinics/:id/approve-application': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await decisionTarget(false)}/approve-application`,
          }),
          'POST /api/admin/clinics/:id/deny': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await decisionTarget(false)}/deny`,
            payload: { reason: 'Försäkringsbrevet saknas.' },
          }),
          'POST /api/admin/clinics/:id/approve': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await decisionTarget(false)}/approve`,
          }),
          'POST /api/admin/clinics/:id/withdraw': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await decisionTarget(true)}/withdraw`,
            payload: { reason: 'Försäkringen har löpt ut.' },
          }),
          'POST /api/admin/clinics/:id/change-request/approve': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await changeRequestTarget()}/change-request/approve`,
          }),
          'POST /api/admin/clinics/:id/change-request/refuse': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await changeRequestTarget()}/change-request/refuse`,
            payload: { reason: 'Namnbytet styrks inte.' },
          }),
          'PUT /api/admin/clinics/:id/visibility': () => ({
            method: 'PUT',
            url: `/api/admin/clinics/${clinic.id}/visibility`,
            payload: { isPublic: true },
          }),
          'PUT /api/admin/clinics/:id/position': () => ({
            method: 'PUT',
            url: `/api/admin/clinics/${clinic.id}/position`,
            payload: { latitude: 59.8586, longitude: 17.6389 },
          }),
          'POST /api/admin/clinics/:id/suspend': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await decisionTarget(true)}/suspend`,
            payload: { reason: 'Försäkringen granskas.' },
          }),
          'POST /api/admin/clinics/:id/reinstate': async () => {
            const clinicId = await decisionTarget(true);
            await prepare(admin.token, {
              method: 'POST',
              url: `/api/admin/clinics/${clinicId}/suspend`,
              payload: { reason: 'Försäkringen granskas.' },
            });
            return { method: 'POST', url: `/api/admin/clinics/${clinicId}/reinstate` };
          },
          'GET /api/admin/clinics/:id/facts': () => ({ url: `/api/admin/clinics/${clinic.id}/facts` }),
          'PUT /api/admin/clinics/:id/facts/:factId': async () => {
            const clinicId = await decisionTarget(false);
            return {
              method: 'PUT',
              url: `/api/admin/clinics/${clinicId}/facts/${await factIdOf(t.db, clinicId, 'org_number')}`,
              payload: { status: 'rejected', reason: 'Numret hör till ett annat bolag.' },
            };
          },
          'PUT /api/admin/clinics/:id/scope': async () => ({
            method: 'PUT',
            url: `/api/admin/clinics/${await decisionTarget(true)}/scope`,
            payload: { treatments: ['facial'] },
          }),
          'GET /api/admin/documents/:id/download': () => ({ url: `/api/admin/documents/${documentId}/download` }),
          'GET /api/admin/users': () => ({ url: '/api/admin/users' }),
          'PATCH /api/admin/users/:id': () => ({
            method: 'PATCH',
            url: `/api/admin/users/${customer.id}`,
            payload: { fullName: customer.fullName },
          }),
          'POST /api/admin/users/:id/data-export': () => ({
            method: 'POST',
            url: `/api/admin/users/${customer.id}/data-export`,
          }),
          // A new customer for each request, who asked to be erased.
          'POST /api/admin/users/:id/erase': async () => ({
            method: 'POST',
            url: `/api/admin/users/${(await signUp('customer', 'Radera Mig')).id}/erase`,
            payload: { reason: 'Bad om det per e-post från sin adress.' },
          }),
          'GET /api/admin/reports': () => ({ url: '/api/admin/reports' }),
          'GET /api/admin/reports/count': () => ({ url: '/api/admin/reports/count' }),
          'PATCH /api/admin/reports/:id': () => ({
            method: 'PATCH',
            url: `/api/admin/reports/${reportId}`,
            payload: { adminResponse: 'Vi har kontaktat kliniken.' },
          }),
          'GET /api/admin/reviews': () => ({ url: '/api/admin/reviews?status=all' }),
          'GET /api/admin/reviews/count': () => ({ url: '/api/admin/reviews/count' }),
          'POST /api/admin/reviews/:reviewId/decision': () => ({
            method: 'POST',
            url: `/api/admin/reviews/${moderatedReviewId}/decision`,
            payload: { decision: 'keep' },
          }),
          'GET /api/admin/payments': () => ({ url: '/api/admin/payments?status=invoiced' }),
          'GET /api/admin/payments/:id': () => ({ url: `/api/admin/payments/${clinicPayment.id}` }),
          // A new unpaid invoice each time (of a clinic outside the matrix): marking one paid is done once.
          'POST /api/admin/payments/:id/paid': async () => ({
            method: 'POST',
            url: `/api/admin/payments/${(await insertPayment(t.db, { clinicId: await decisionTarget(false), status: 'invoiced' })).id}/paid`,
          }),
          'POST /api/admin/payments/:id/refund': () => ({
            method: 'POST',
            url: `/api/admin/payments/${clinicPayment.id}/refund`,
          }),
          'GET /api/admin/plans': () => ({ url: '/api/admin/plans' }),
          'PUT /api/admin/plans/:id': () => ({
            method: 'PUT',
            url: `/api/admin/plans/${companyPlan.id}`,
            payload: {
              name: companyPlan.name,
              description: companyPlan.description,
              priceOre: companyPlan.priceOre,
              vatPercent: companyPlan.vatPercent,
              active: true,
            },
          }),
          'POST /api/admin/clinics/:id/membership-waiver': async () => ({
            method: 'POST',
            url: `/api/admin/clinics/${await decisionTarget(false)}/membership-waiver`,
            payload: { year: 2030, reason: 'Ideell förening, avgiften efterskänkt.' },
          }),
          'POST /api/payments/stripe/webhook': () => ({
            method: 'POST',
            url: '/api/payments/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
            payload: '{"id":"evt_1","type":"checkout.session.completed"}',
          }),
          'GET /api/admin/site': () => ({ url: '/api/admin/site' }),
          'PUT /api/admin/site': () => ({ method: 'PUT', url: '/api/admin/site', payload: siteContent }),
          'POST /api/admin/messages': () => ({
            method: 'POST',
            url: '/api/admin/messages',
            payload: { recipientId: customer.id, content: 'Hej från teamet.' },
          }),
          'GET /api/admin/messages/latest': () => ({ url: '/api/admin/messages/latest' }),

          // The stream never ends by itself: the answer is read at its head (see the loop below).
          'GET /api/messages/stream': () => ({
            url: '/api/messages/stream',
            headers: { accept: 'text/event-stream' },
            payloadAsStream: true,
          }),
          'GET /api/messages/conversations': () => ({ url: '/api/messages/conversations' }),
          'GET /api/messages/unread': () => ({ url: '/api/messages/unread' }),
          // Everyone but an admin may write to the team; an admin writes to a customer or clinic.
          'POST /api/messages': (who) => ({
            method: 'POST',
            url: '/api/messages',
            payload: {
              to: who?.id === admin.id ? { kind: 'user', id: customer.id } : { kind: 'team' },
              content: 'En fråga till er.',
            },
          }),
          'GET /api/messages/conversations/:id/messages': () => ({
            url: `/api/messages/conversations/${conversationId}/messages`,
          }),
          'POST /api/messages/conversations/:id/messages': () => ({
            method: 'POST',
            url: `/api/messages/conversations/${conversationId}/messages`,
            payload: { content: 'Ja, på torsdag.' },
          }),
          'POST /api/messages/conversations/:id/read': () => ({
            method: 'POST',
            url: `/api/messages/conversations/${conversationId}/read`,
          }),

          'GET /robots.txt': () => ({ url: '/robots.txt' }),
          'GET /sitemap.xml': () => ({ url: '/sitemap.xml' }),
          'GET /sitemaps/pages.xml': () => ({ url: '/sitemaps/pages.xml' }),
          'GET /sitemaps/clinics-:file.xml': () => ({ url: '/sitemaps/clinics-1.xml' }),
          'GET /badge': () => ({ url: `/badge?id=${clinic.id}` }),
          'GET /': () => ({ url: '/' }),
          'GET /index.html': () => ({ url: '/index.html' }),
          'GET /kliniker/*': () => ({ url: `/kliniker/${slug}` }),
          'GET /verifiera/*': () => ({ url: `/verifiera/${certificateNumber}` }),
          'GET /integritet': () => ({ url: '/integritet' }),
          'GET /privacy': () => ({ url: '/privacy' }),
          'GET /*': () => ({ url: '/om-oss' }),
        };

        const routes = routesOf(t.app).filter(isMatrixRoute);
        const mismatches: string[] = [];
        for (const route of routes) {
          for (const principal of PRINCIPALS) {
            const who = principals[principal];
            const { freshSession, actor, ...request } = await requests[route](who);
            const token =
              actor === undefined ? who && (freshSession ? await signIn(who) : who.token) : (actor?.token ?? null);
            const response = await call(token, request);
            if (request.payloadAsStream) response.stream().destroy();
            const expected = AUTHORIZATION_MATRIX[route][principal];
            if (!answersAsExpected(expected, response.statusCode)) {
              const body = request.payloadAsStream ? '' : ` ${response.body.slice(0, 160)}`;
              mismatches.push(`${route} as ${principal}: expected ${expected}, got ${response.statusCode}${body}`);
            }
          }
        }
        const size = `${routes.length} routes × ${PRINCIPALS.length} principals = ${routes.length * PRINCIPALS.length} requests`;
        console.log(`authorization matrix [${t.engine}]: ${size}, ${mismatches.length} mismatches`);
        expect(
          mismatches,
          `${size}; ${mismatches.length} answered otherwise than the table says:\n${mismatches.join('\n')}`,
        ).toEqual([]);
      },
    );
  },
);
