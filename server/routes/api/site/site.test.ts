import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { DemoCredentialsSchema, HeroContentSchema, SiteSettingsSchema } from '../../../../contracts/site.ts';
import { siteContent, siteSettings } from '../../../db/schema/index.ts';
import { DEFAULT_SITE_TITLE, DEMO_ACCOUNTS, HERO_CONTENT, seedSiteContent } from '../../../services/demo/seed.ts';
import { createTestApp, describeEachEngine, type TestApp } from '../../../testing/test-app.ts';

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
      expect(SiteSettingsSchema.parse(response.json())).toEqual({ siteTitle: DEFAULT_SITE_TITLE });
      expect(DEFAULT_SITE_TITLE).toBe('Certifierad Klinik');
    });

    it('gives the title an admin saved, and seeding again keeps it', async () => {
      await t.db.update(siteSettings).set({ value: 'Klinikregistret Å Ä Ö' }).where(eq(siteSettings.key, 'site_title'));
      await seedSiteContent(t.db);
      const response = await t.app.inject({ url: '/api/site/settings' });
      expect(response.json()).toEqual({ siteTitle: 'Klinikregistret Å Ä Ö' });
    });

    it('falls back to the default title when it is blank or missing', async () => {
      await t.db.update(siteSettings).set({ value: '' }).where(eq(siteSettings.key, 'site_title'));
      expect((await t.app.inject({ url: '/api/site/settings' })).json()).toEqual({ siteTitle: DEFAULT_SITE_TITLE });
      await t.db.delete(siteSettings);
      expect((await t.app.inject({ url: '/api/site/settings' })).json()).toEqual({ siteTitle: DEFAULT_SITE_TITLE });
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
