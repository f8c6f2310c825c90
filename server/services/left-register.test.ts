import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClinicProfileSchema } from '../../contracts/clinics.ts';
import { FollowedPageSchema } from '../../contracts/customer-area.ts';
import { ClinicLeftRegisterSchema, type FollowedClinic } from '../../contracts/left-register.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { bearer, signUpAs } from '../testing/auth-client.ts';
import { certificateNumberOf, describeEachEngine, insertClinics } from '../testing/test-app.ts';
import { issueCertificate, suspendCertificates, withdrawActiveCertificate } from './certificates.ts';

// Issue 28 point 4: a clinic that leaves the register is not a blank 404. Its page (the API and the
// server's HTML) says its certificate was withdrawn, has expired or is suspended, since when, and which
// certificate to verify; its followers keep it in their list with that status. A clinic that was never
// certified, or that chose to be hidden, stays a 404.

const webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
beforeAll(() =>
  writeFileSync(
    path.join(webRoot, 'index.html'),
    readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8'),
  ),
);
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const SITE = 'https://certifieradklinik.example';
let clock = new Date();

describeEachEngine('a clinic that left the register', { webRoot, env: { SITE_URL: SITE }, now: () => clock }, (t) => {
  const call = (token: string | undefined, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });

  /** A clinic in the register (certified today, public), with its slug and certificate. */
  async function registerClinic(fullName: string, certified = true) {
    const [id = ''] = await insertClinics(t.db, [{ fullName, city: 'Gävle', isCertified: certified }]);
    const [row] = await t.db.select({ slug: profiles.slug }).from(profiles).where(eq(profiles.id, id));
    const number = certified ? await certificateNumberOf(t.db, id) : '';
    const [certificate] = certified
      ? await t.db.select({ validTo: certificates.validTo }).from(certificates).where(eq(certificates.number, number))
      : [];
    return { id, slug: row?.slug ?? '', number, validTo: certificate?.validTo ?? '' };
  }

  const apiPage = (slug: string) => t.app.inject({ url: `/api/clinics/by-slug/${encodeURIComponent(slug)}` });
  const htmlPage = (slug: string) => t.app.inject({ url: `/kliniker/${encodeURIComponent(slug)}` });
  const sitemap = async () => (await t.app.inject({ url: '/sitemaps/clinics-1.xml' })).body;

  it('says that its certificate was withdrawn and on which day, with the certificate to verify; the HTML is a 410 kept out of search indexes', async () => {
    clock = new Date();
    const clinic = await registerClinic('Återkallade Hudkliniken');
    expect((await htmlPage(clinic.slug)).statusCode).toBe(200);
    await withdrawActiveCertificate(t.db, clinic.id, 'Kliniken uppfyller inte längre kriterierna.', clock);

    const api = await apiPage(clinic.slug);
    expect(api.statusCode).toBe(200);
    // Its name, city and why: none of the contact details or the certificate in force of a listed clinic.
    expect(api.json()).toEqual(
      ClinicLeftRegisterSchema.parse({
        id: clinic.id,
        slug: clinic.slug,
        fullName: 'Återkallade Hudkliniken',
        city: 'Gävle',
        leftRegister: { status: 'withdrawn', day: dateInSweden(clock), certificateNumber: clinic.number },
      }),
    );

    const html = await htmlPage(clinic.slug);
    expect(html.statusCode).toBe(410);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<title>Återkallade Hudkliniken: certifikatet återkallat – Certifierad Klinik</title>');
    expect(html.body).toContain(
      `<meta name="description" content="Återkallade Hudkliniken: Certifikatet återkallades den ${dateInSweden(clock)}. Kliniken finns inte längre i registret. Se certifikat ${clinic.number}." />`,
    );
    expect(html.body).toContain('<meta name="robots" content="noindex" />');
    // Neither the structured data of a certified business nor a canonical address that asks to be indexed.
    expect(html.body).not.toContain('application/ld+json');
    expect(html.body).not.toContain('rel="canonical"');
    expect(html.body).toContain('<div id="root"></div>');
    expect(await sitemap()).not.toContain(clinic.slug);
  });

  it('says that its certificate expired, with its last valid day, as soon as the Swedish day is over', async () => {
    clock = new Date();
    const clinic = await registerClinic('Utgångna Hudkliniken');
    clock = new Date(`${clinic.validTo}T23:59:00+01:00`);
    expect(ClinicProfileSchema.parse((await apiPage(clinic.slug)).json()).certificate.number).toBe(clinic.number);
    expect(await sitemap()).toContain(clinic.slug);

    // Every certificate runs to 31 December, in Swedish winter time (UTC+1); the lifecycle job has not run.
    clock = new Date(`${Number(clinic.validTo.slice(0, 4)) + 1}-01-01T00:00:00+01:00`);
    expect((await apiPage(clinic.slug)).json()).toMatchObject({
      fullName: 'Utgångna Hudkliniken',
      leftRegister: { status: 'expired', day: clinic.validTo, certificateNumber: clinic.number },
    });
    const html = await htmlPage(clinic.slug);
    expect(html.statusCode).toBe(410);
    expect(html.body).toContain('<title>Utgångna Hudkliniken: certifikatet har gått ut – Certifierad Klinik</title>');
    expect(html.body).toContain(`Certifikatet gällde till och med ${clinic.validTo} och har gått ut.`);
    expect(html.body).toContain('<meta name="robots" content="noindex" />');
    expect(await sitemap()).not.toContain(clinic.slug);
  });

  it('says that its certificate is suspended since when; the HTML stays a 200, kept out of search indexes, and the profile returns on reinstatement', async () => {
    clock = new Date();
    const clinic = await registerClinic('Indragna Hudkliniken');
    const suspendedAt = new Date(clock.getTime() - 60_000);
    await suspendCertificates(t.db, clinic.id, 'Försäkringen har gått ut.', suspendedAt, null);

    expect((await apiPage(clinic.slug)).json()).toMatchObject({
      leftRegister: { status: 'suspended', day: dateInSweden(suspendedAt), certificateNumber: clinic.number },
    });
    const html = await htmlPage(clinic.slug);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(
      '<title>Indragna Hudkliniken: certifikatet tillfälligt indraget – Certifierad Klinik</title>',
    );
    expect(html.body).toContain('<meta name="robots" content="noindex" />');
    expect(await sitemap()).not.toContain(clinic.slug);

    await t.db
      .update(certificates)
      .set({ status: 'active', suspendedAt: null, suspensionReason: null })
      .where(eq(certificates.clinicId, clinic.id));
    expect(ClinicProfileSchema.parse((await apiPage(clinic.slug)).json()).certificate.number).toBe(clinic.number);
    const listed = await htmlPage(clinic.slug);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('noindex');
  });

  it('stays a 404 for a clinic that was never certified, or that chose to be hidden after it left', async () => {
    clock = new Date();
    const never = await registerClinic('Aldrig Certifierade Kliniken', false);
    const hidden = await registerClinic('Dolda Återkallade Kliniken');
    await withdrawActiveCertificate(t.db, hidden.id, 'Kliniken har lagt ned verksamheten.', clock);
    expect((await apiPage(hidden.slug)).json()).toHaveProperty('leftRegister.status', 'withdrawn');
    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, hidden.id));

    for (const slug of [never.slug, hidden.slug]) {
      const api = await apiPage(slug);
      expect(api.statusCode, slug).toBe(404);
      expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
      const html = await htmlPage(slug);
      expect(html.statusCode, slug).toBe(404);
      expect(html.body).toContain('<title>Sidan hittades inte – Certifierad Klinik</title>');
    }
  });

  it('shows a clinic certified anew as the register clinic it is again', async () => {
    clock = new Date();
    const clinic = await registerClinic('Återkomna Hudkliniken');
    await withdrawActiveCertificate(t.db, clinic.id, 'Brister i hygienrutinerna.', clock);
    expect((await apiPage(clinic.slug)).json()).toHaveProperty('leftRegister.status', 'withdrawn');
    const number = await issueCertificate(t.db, clinic.id, new Date(clock.getTime() + 1000));
    expect(ClinicProfileSchema.parse((await apiPage(clinic.slug)).json()).certificate.number).toBe(number);
  });

  it("keeps the followed clinics that left the register in the customer's list with why and since when; the total counts the same clinics", async () => {
    clock = new Date();
    const customer = await signUpAs(t.app, 'customer');
    const listed = await registerClinic('Följda Listade Kliniken');
    const withdrawn = await registerClinic('Följda Återkallade Kliniken');
    const suspended = await registerClinic('Följda Indragna Kliniken');
    const hidden = await registerClinic('Följda Dolda Kliniken');
    for (const clinic of [listed, withdrawn, suspended, hidden]) {
      const follow = await call(customer.token, { method: 'PUT', url: `/api/me/follows/${clinic.id}` });
      expect(follow.statusCode).toBe(204);
    }
    await withdrawActiveCertificate(t.db, withdrawn.id, 'Kliniken uppfyller inte längre kriterierna.', clock);
    await suspendCertificates(t.db, suspended.id, 'Försäkringen har gått ut.', clock, null);
    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, hidden.id));

    const follows = async (query = '') => {
      const answer = await call(customer.token, { url: `/api/me/follows${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return FollowedPageSchema.parse(answer.json());
    };
    const described = (items: FollowedClinic[]) =>
      items.map((card) => [card.fullName, card.isCertified, card.leftRegister?.status ?? null, card.leftRegister?.day]);
    const today = dateInSweden(clock);

    const page = await follows();
    // Most recently followed first; the hidden clinic is its own business, as on its page.
    expect(described(page.items)).toEqual([
      ['Följda Indragna Kliniken', false, 'suspended', today],
      ['Följda Återkallade Kliniken', false, 'withdrawn', today],
      ['Följda Listade Kliniken', true, null, undefined],
    ]);
    expect(page.items[1]?.leftRegister?.certificateNumber).toBe(withdrawn.number);
    expect(page.total).toBe(3);
    // Page after page, the same clinics.
    const first = await follows('?limit=2');
    expect(first.total).toBe(3);
    const second = await follows(`?limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((card) => card.fullName)).toEqual(
      page.items.map((card) => card.fullName),
    );
    expect(second.nextCursor).toBeNull();

    // Stopping to follow a clinic that left takes it away; it cannot be followed anew while out.
    expect((await call(customer.token, { method: 'DELETE', url: `/api/me/follows/${withdrawn.id}` })).statusCode).toBe(
      204,
    );
    expect((await call(customer.token, { method: 'PUT', url: `/api/me/follows/${withdrawn.id}` })).statusCode).toBe(
      404,
    );
    const after = await follows();
    expect(after.items.map((card) => card.fullName)).toEqual(['Följda Indragna Kliniken', 'Följda Listade Kliniken']);
    expect(after.total).toBe(2);

    // At the Swedish midnight after its last day the listed clinic's certificate has expired.
    clock = new Date(`${Number(listed.validTo.slice(0, 4)) + 1}-01-01T00:00:00+01:00`);
    const nextYear = await follows();
    expect(described(nextYear.items)).toEqual([
      ['Följda Indragna Kliniken', false, 'expired', suspended.validTo],
      ['Följda Listade Kliniken', false, 'expired', listed.validTo],
    ]);
    expect(nextYear.total).toBe(2);
  });
});
