import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CertificateSearchResultSchema } from '../../../contracts/certificates.ts';
import { ClinicPageSchema, ClinicProfileSchema } from '../../../contracts/clinics.ts';
import { certificates, profiles } from '../../db/schema/index.ts';
import { certificateNumberOf, describeEachEngine, insertClinics } from '../../testing/test-app.ts';

// The public pages crawlers index (issue 9): clinic pages and certificate verification get their head
// from the server, unknown ones a 404 status; the sitemap lists every register clinic.

const webRoot = mkdtempSync(path.join(tmpdir(), 'ck-web-'));
beforeAll(() =>
  writeFileSync(
    path.join(webRoot, 'index.html'),
    readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8'),
  ),
);
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const SITE = 'https://certifieradklinik.example';

describeEachEngine('public pages', { webRoot, env: { SITE_URL: SITE } }, (t) => {
  async function registerClinic(fullName: string, extra: Partial<typeof profiles.$inferInsert> = {}) {
    const [id = ''] = await insertClinics(t.db, [{ fullName, city: 'Lund' }]);
    if (Object.keys(extra).length > 0) await t.db.update(profiles).set(extra).where(eq(profiles.id, id));
    const number = await certificateNumberOf(t.db, id);
    const [row] = await t.db.select({ slug: profiles.slug }).from(profiles).where(eq(profiles.id, id));
    return { id, number, slug: row?.slug ?? '' };
  }
  const jsonLdOf = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<
      string,
      unknown
    >;

  it('gives every clinic a lasting address from its name, unique, kept when it is renamed', async () => {
    const first = await registerClinic('Åkerblads Hudvård & Laser');
    const twin = await registerClinic('Åkerblads Hudvård & Laser');
    expect(first.slug).toBe('akerblads-hudvard-laser');
    expect(twin.slug).toMatch(/^akerblads-hudvard-laser-[0-9a-f]{6}$/);
    await t.db.update(profiles).set({ fullName: 'Nya Namnet' }).where(eq(profiles.id, first.id));
    const [renamed] = await t.db.select({ slug: profiles.slug }).from(profiles).where(eq(profiles.id, first.id));
    expect(renamed?.slug).toBe('akerblads-hudvard-laser');
    const page = ClinicPageSchema.parse((await t.app.inject({ url: '/api/clinics?search=Nya' })).json());
    expect(page.items.map((card) => card.slug)).toEqual(['akerblads-hudvard-laser']);
  });

  it("serves a register clinic's page with its title, description and HealthAndBeautyBusiness JSON-LD in the HTML", async () => {
    const clinic = await registerClinic('Ljusa Hudkliniken', {
      description: 'Hudvård med </script><script>alert(1)</script> omsorg.',
      website: 'https://ljusa.example',
      phoneNumber: '046-12 34 56',
    });
    const answer = await t.app.inject({ url: `/kliniker/${clinic.slug}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<title>Ljusa Hudkliniken i Lund – Certifierad Klinik</title>');
    expect(answer.body).toContain(
      '<meta name="description" content="Hudvård med &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; omsorg." />',
    );
    expect(answer.body).toContain(`<link rel="canonical" href="${SITE}/kliniker/ljusa-hudkliniken" />`);
    // The description's </script> cannot end the JSON-LD element early: it is read back whole.
    expect(jsonLdOf(answer.body)).toMatchObject({
      description: 'Hudvård med </script><script>alert(1)</script> omsorg.',
      '@context': 'https://schema.org',
      '@type': 'HealthAndBeautyBusiness',
      name: 'Ljusa Hudkliniken',
      url: `${SITE}/kliniker/ljusa-hudkliniken`,
      sameAs: 'https://ljusa.example',
      telephone: '046-12 34 56',
      address: { '@type': 'PostalAddress', addressLocality: 'Lund', addressCountry: 'SE' },
      hasCredential: { name: `Certifierad Klinik ${clinic.number}`, url: `${SITE}/verifiera/${clinic.number}` },
    });

    const api = await t.app.inject({ url: `/api/clinics/by-slug/${clinic.slug}` });
    expect(ClinicProfileSchema.parse(api.json())).toMatchObject({
      id: clinic.id,
      fullName: 'Ljusa Hudkliniken',
      certificate: { number: clinic.number },
    });
  });

  // A public clinic that left the register has a page that says so (services/left-register.test.ts).
  it('answers 404 for a hidden clinic, an unknown or absurd slug', async () => {
    const hidden = await registerClinic('Dolda Kliniken', { isPublic: false });
    for (const slug of [hidden.slug, 'finns-inte', `${'x'.repeat(5000)}`, "' OR 1=1 --", '%00']) {
      const page = await t.app.inject({ url: `/kliniker/${encodeURIComponent(slug)}` });
      expect(page.statusCode, slug.slice(0, 40)).toBe(404);
      expect(page.body).toContain('<div id="root"></div>');
      expect([400, 404]).toContain(
        (await t.app.inject({ url: `/api/clinics/by-slug/${encodeURIComponent(slug)}` })).statusCode,
      );
    }
  });

  it("serves a certificate's verification page with its status in the title; 404 for an unknown or malformed number", async () => {
    const clinic = await registerClinic('Verifierbara Kliniken');
    const page = await t.app.inject({ url: `/verifiera/${clinic.number.toLowerCase()}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>Certifikat ${clinic.number}: giltigt – Certifierad Klinik</title>`);
    await t.db.update(certificates).set({ status: 'withdrawn' }).where(eq(certificates.number, clinic.number));
    expect((await t.app.inject({ url: `/verifiera/${clinic.number}` })).body).toContain(
      `<title>Certifikat ${clinic.number}: återkallat – Certifierad Klinik</title>`,
    );
    for (const junk of ['CK-2026-999999', 'nonsense', '<script>', 'x'.repeat(3000)]) {
      const unknown = await t.app.inject({ url: `/verifiera/${encodeURIComponent(junk)}` });
      expect(unknown.statusCode, junk.slice(0, 40)).toBe(404);
      expect(unknown.body).toContain('<title>Okänt certifikatnummer – Certifierad Klinik</title>');
    }
  });

  it("serves the privacy policy with its head in the visitor's language; /privacy sends there in English", async () => {
    const swedish = await t.app.inject({ url: '/integritet' });
    expect(swedish.statusCode).toBe(200);
    expect(swedish.body).toContain('<title>Integritetspolicy – Certifierad Klinik</title>');
    expect(swedish.body).toContain(`<link rel="canonical" href="${SITE}/integritet" />`);
    const english = await t.app.inject({ url: '/integritet?lng=en' });
    expect(english.body).toContain('<title>Privacy policy – Certifierad Klinik</title>');
    expect(english.body).toContain(`<link rel="canonical" href="${SITE}/integritet?lng=en" />`);
    // The language cookie the app keeps (web/lib/i18n.ts) chooses it too.
    const byCookie = await t.app.inject({ url: '/integritet', headers: { cookie: 'i18next=en' } });
    expect(byCookie.body).toContain('<title>Privacy policy – Certifierad Klinik</title>');
    const alias = await t.app.inject({ url: '/privacy' });
    expect(alias.statusCode).toBe(301);
    expect(alias.headers.location).toBe('/integritet?lng=en');
  });

  it('searches certificates by number or clinic name, any status, with the status computed on reading', async () => {
    const first = await registerClinic('Sökbara Hudkliniken');
    await registerClinic('Annan Klinik');
    const search = async (text: string) =>
      CertificateSearchResultSchema.parse(
        (await t.app.inject({ url: `/api/certificates?search=${encodeURIComponent(text)}` })).json(),
      );
    expect((await search(first.number.toLowerCase())).items.map((hit) => hit.number)).toEqual([first.number]);
    expect((await search('sokbara')).items).toEqual([
      expect.objectContaining({
        number: first.number,
        status: 'active',
        clinic: expect.objectContaining({ fullName: 'Sökbara Hudkliniken' }),
      }),
    ]);
    expect((await search('100%_')).items).toEqual([]);
    const tooShort = await t.app.inject({ url: '/api/certificates?search=a' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      error: { issues: [{ message: 'Skriv minst två tecken: ett certifikatnummer eller en kliniks namn.' }] },
    });
  });

  it('leaves a hidden clinic out of the certificate search; its exact number still verifies', async () => {
    const listed = await registerClinic('Synliga Dolda Kliniken');
    const hidden = await registerClinic('Dolda Kliniken', { isPublic: false });
    const search = async (text: string) =>
      CertificateSearchResultSchema.parse(
        (await t.app.inject({ url: `/api/certificates?search=${encodeURIComponent(text)}` })).json(),
      );
    expect((await search('dolda kliniken')).items.map((hit) => hit.number)).toEqual([listed.number]);
    expect((await search(hidden.number.slice(0, 7))).items.map((hit) => hit.number)).toEqual([listed.number]);
    expect((await search(hidden.number.slice(0, -1))).items.map((hit) => hit.number)).not.toContain(hidden.number);
    // The whole number is what the clinic hands out: it finds the certificate as the status page does.
    expect((await search(hidden.number.toLowerCase())).items.map((hit) => hit.number)).toEqual([hidden.number]);
    const verified = await t.app.inject({ url: `/api/certificates/${hidden.number}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      number: hidden.number,
      status: 'active',
      clinic: { fullName: 'Dolda Kliniken' },
    });
    const page = await t.app.inject({ url: `/verifiera/${hidden.number}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>Certifikat ${hidden.number}: giltigt – Certifierad Klinik</title>`);
  });

  it('lists the public pages and every register clinic in the sitemap; robots.txt points to it', async () => {
    const listed = await registerClinic('Listade Kliniken');
    const hidden = await registerClinic('Olistade Kliniken', { isPublic: false });
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Disallow: /omdome/');
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const files = [...index.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(files).toEqual([`${SITE}/sitemaps/pages.xml`, `${SITE}/sitemaps/clinics-1.xml`]);
    const pages = (await t.app.inject({ url: '/sitemaps/pages.xml' })).body;
    expect(pages).toContain(`<loc>${SITE}/kliniker</loc>`);
    expect(pages).toContain(`<loc>${SITE}/verifiera</loc>`);
    // How reviews are checked and how the register orders clinics (issue 23).
    expect(pages).toContain(`<loc>${SITE}/sa-granskar-vi-omdomen</loc>`);
    expect(pages).toContain(`<loc>${SITE}/integritet</loc>`);
    const clinics = (await t.app.inject({ url: '/sitemaps/clinics-1.xml' })).body;
    expect(clinics).toContain(`<loc>${SITE}/kliniker/${listed.slug}</loc>`);
    expect(clinics).not.toContain(hidden.slug);
    expect((await t.app.inject({ url: '/sitemaps/clinics-2.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemaps/clinics-abc.xml' })).statusCode).toBe(404);
  });
});
