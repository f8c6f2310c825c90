import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { DemoCredentialsSchema, HeroContentSchema, SiteSettingsSchema } from '../../../../contracts/site.ts';
import { siteContent, siteSettings } from '../../../db/schema/index.ts';
import {
  DEFAULT_SITE_TITLE,
  DEMO_ACCOUNTS,
  DEMO_SOCIAL_LINKS,
  HERO_CONTENT,
  seedSiteContent,
} from '../../../services/demo/seed.ts';
import { bearer, signUpAs } from '../../../testing/auth-client.ts';
import { createTestApp, describeEachEngine, type TestApp } from '../../../testing/test-app.ts';

const NO_SOCIAL_LINKS = { facebook: null, instagram: null };

describeEachEngine('GET /api/site', { env: { ADMIN_EMAIL: 'Chef@Klinik.EXAMPLE' } }, (t) => {
  describe('/content', () => {
    it('gives the hero texts in Swedish by default', async () => {
      const response = await t.app.inject({ url: '/api/site/content' });
      expect(response.statusCode).toBe(200);
      expect(HeroContentSchema.parse(response.json())).toEqual({
        heroTitle: HERO_CONTENT.hero_title.sv,
        heroSubtitle: HERO_CONTENT.hero_subtitle.sv,
      });
    });

    it.each(['sv', 'en'] as const)('gives the hero texts in %s', async (lang) => {
      const response = await t.app.inject({ url: `/api/site/content?lang=${lang}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        heroTitle: HERO_CONTENT.hero_title[lang],
        heroSubtitle: HERO_CONTENT.hero_subtitle[lang],
      });
    });

    it('gives what an admin saved, and seeding again keeps it', async () => {
      await t.db
        .update(siteContent)
        .set({ valueSv: 'Hitta din klinik – å ä ö', valueEn: 'Find your clinic' })
        .where(eq(siteContent.contentKey, 'hero_title'));
      await seedSiteContent(t.db);
      const svAnswer = await t.app.inject({ url: '/api/site/content?lang=sv' });
      const enAnswer = await t.app.inject({ url: '/api/site/content?lang=en' });
      expect(svAnswer.json()).toEqual({
        heroTitle: 'Hitta din klinik – å ä ö',
        heroSubtitle: HERO_CONTENT.hero_subtitle.sv,
      });
      expect(enAnswer.json()).toEqual({ heroTitle: 'Find your clinic', heroSubtitle: HERO_CONTENT.hero_subtitle.en });
    });

    it.each(['de', 'EN', '', 'svenska'])('refuses lang=%j with 400 and the reason', async (lang) => {
      const response = await t.app.inject({ url: `/api/site/content?lang=${lang}` });
      expect(response.statusCode).toBe(400);
      const { error } = ApiErrorSchema.parse(response.json());
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain(sv.invalidLanguage);
      expect(error.issues).toEqual([{ path: ['lang'], message: sv.invalidLanguage }]);
    });

    it('gives the reason in English for Accept-Language: en', async () => {
      const response = await t.app.inject({ url: '/api/site/content?lang=de', headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).error.message).toContain(en.invalidLanguage);
    });
  });

  describe('/settings', () => {
    it('gives the site title', async () => {
      const response = await t.app.inject({ url: '/api/site/settings' });
      expect(response.statusCode).toBe(200);
      expect(SiteSettingsSchema.parse(response.json())).toEqual({
        siteTitle: DEFAULT_SITE_TITLE,
        socialLinks: NO_SOCIAL_LINKS,
        // No MAP_STYLE_URL: no map is offered, and nothing is asked of another origin (issue 24).
        mapStyleUrl: null,
      });
      expect(DEFAULT_SITE_TITLE).toBe('Certifierad Klinik');
    });

    it('gives the title an admin saved, and seeding again keeps it', async () => {
      await t.db.update(siteSettings).set({ value: 'Klinikregistret Å Ä Ö' }).where(eq(siteSettings.key, 'site_title'));
      await seedSiteContent(t.db);
      const response = await t.app.inject({ url: '/api/site/settings' });
      expect(response.json()).toEqual({
        siteTitle: 'Klinikregistret Å Ä Ö',
        socialLinks: NO_SOCIAL_LINKS,
        mapStyleUrl: null,
      });
    });

    it('falls back to the default title when it is blank or missing', async () => {
      await t.db.update(siteSettings).set({ value: '' }).where(eq(siteSettings.key, 'site_title'));
      expect((await t.app.inject({ url: '/api/site/settings' })).json()).toEqual({
        siteTitle: DEFAULT_SITE_TITLE,
        socialLinks: NO_SOCIAL_LINKS,
        mapStyleUrl: null,
      });
      await t.db.delete(siteSettings);
      expect((await t.app.inject({ url: '/api/site/settings' })).json()).toEqual({
        siteTitle: DEFAULT_SITE_TITLE,
        socialLinks: NO_SOCIAL_LINKS,
        mapStyleUrl: null,
      });
    });
  });

  describe("/settings: the footer's social profiles (issue 28)", () => {
    const settings = async () => SiteSettingsSchema.parse((await t.app.inject({ url: '/api/site/settings' })).json());
    const content = {
      siteTitle: DEFAULT_SITE_TITLE,
      heroTitle: { sv: HERO_CONTENT.hero_title.sv, en: HERO_CONTENT.hero_title.en },
      heroSubtitle: { sv: HERO_CONTENT.hero_subtitle.sv, en: HERO_CONTENT.hero_subtitle.en },
    };
    const save = (token: string, socialLinks: unknown, language = 'sv') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/site',
        headers: { ...bearer(token), 'accept-language': language },
        payload: socialLinks === undefined ? content : { ...content, socialLinks },
      });

    it('are none until set, and a demo installation has example addresses that seeding again keeps as edited', async () => {
      expect((await settings()).socialLinks).toEqual(NO_SOCIAL_LINKS);
      await seedSiteContent(t.db, { demo: true });
      expect((await settings()).socialLinks).toEqual({
        facebook: DEMO_SOCIAL_LINKS.facebook_url,
        instagram: DEMO_SOCIAL_LINKS.instagram_url,
      });
      expect(new URL(DEMO_SOCIAL_LINKS.facebook_url).hostname).toMatch(/\.example$/);
      // The admin replaces one and clears the other; the demo's next start keeps both as they are.
      const admin = await signUpAs(t.app, 'admin');
      expect((await save(admin.token, { facebook: 'https://facebook.com/klinik', instagram: '' })).statusCode).toBe(
        200,
      );
      await seedSiteContent(t.db, { demo: true });
      expect((await settings()).socialLinks).toEqual({ facebook: 'https://facebook.com/klinik', instagram: null });
    });

    it('are set by the admin as https addresses, cleared by an empty field and kept when left out', async () => {
      const admin = await signUpAs(t.app, 'admin');
      const saved = await save(admin.token, { facebook: 'www.facebook.com/certifieradklinik', instagram: '' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().socialLinks).toEqual({
        facebook: 'https://www.facebook.com/certifieradklinik',
        instagram: null,
      });
      expect((await settings()).socialLinks).toEqual({
        facebook: 'https://www.facebook.com/certifieradklinik',
        instagram: null,
      });

      // The title and hero texts alone (an older form): the profiles stay.
      expect((await save(admin.token, undefined)).json().socialLinks.facebook).toBe(
        'https://www.facebook.com/certifieradklinik',
      );
      await save(admin.token, { facebook: '', instagram: 'https://www.instagram.com/certifieradklinik' });
      expect((await settings()).socialLinks).toEqual({
        facebook: null,
        instagram: 'https://www.instagram.com/certifieradklinik',
      });
    });

    it.each([
      ['sv', 'http://www.facebook.com/klinik', sv.httpsAddressInvalid],
      ['en', 'javascript:alert(1)', en.httpsAddressInvalid],
    ])(
      'refuses a profile that is not an https address (%s), with the reason, saving nothing',
      async (language, facebook, message) => {
        const admin = await signUpAs(t.app, 'admin');
        const refused = await save(admin.token, { facebook, instagram: null }, language);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toMatchObject({
          code: 'invalid_request',
          issues: [{ path: ['socialLinks', 'facebook'], message }],
        });
        expect((await settings()).socialLinks).toEqual(NO_SOCIAL_LINKS);
      },
    );

    it("are the admin's to change: a customer is refused", async () => {
      const customer = await signUpAs(t.app, 'customer');
      expect((await save(customer.token, { facebook: 'https://facebook.com/x', instagram: null })).statusCode).toBe(
        403,
      );
      expect((await settings()).socialLinks).toEqual(NO_SOCIAL_LINKS);
    });
  });

  describe('/demo-credentials on a demo installation', () => {
    it('lists the test logins and the admin address, made admin by registering it (not production)', async () => {
      const response = await t.app.inject({ url: '/api/site/demo-credentials' });
      expect(response.statusCode).toBe(200);
      expect(DemoCredentialsSchema.parse(response.json())).toEqual({
        adminEmail: 'chef@klinik.example',
        adminSetup: 'sign-up',
        accounts: DEMO_ACCOUNTS.map((account) => ({ ...account })),
      });
    });
  });

  describe('/demo-credentials on an installation without demo data', () => {
    let withoutDemo: TestApp;
    beforeAll(async () => {
      withoutDemo = await createTestApp({ database: t.handle, env: { SEED_DEMO: 'off' } });
    });
    afterAll(async () => {
      await withoutDemo.close();
    });

    it('answers 404, telling nothing', async () => {
      const response = await withoutDemo.app.inject({
        url: '/api/site/demo-credentials',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: en.notFound } });
      expect(response.body).not.toContain('admin@');
    });
  });
});
