import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminSetup,
  DemoCredentialsSchema,
  HeroContentSchema,
  SiteContentQuerySchema,
  SiteSettingsSchema,
} from '../../../../contracts/site.ts';
import { DEMO_ACCOUNTS } from '../../../services/demo/seed.ts';
import { notFound } from '../../../lib/api-failure.ts';
import { getHeroContent, publicSiteSettings } from '../../../services/site-content.ts';
import { refusals } from '../route-schemas.ts';

export interface SiteRouteOptions {
  adminEmail: string;
  adminSetup: AdminSetup;
  demo: boolean;
  /** MAP_STYLE_URL: the browser offers a map only with it. */
  mapStyleUrl: string | undefined;
}

export const siteRoutes: FastifyPluginAsyncZod<SiteRouteOptions> = async (
  app,
  { adminEmail, adminSetup, demo, mapStyleUrl },
) => {
  app.get(
    '/content',
    {
      schema: {
        summary: 'Hero title and subtitle in one language',
        querystring: SiteContentQuerySchema,
        response: { 200: HeroContentSchema, ...refusals(400) },
      },
    },
    async (request) => getHeroContent(app.db, request.query.lang),
  );

  app.get(
    '/settings',
    {
      schema: {
        summary: "Public site settings: the site title, the social profiles and the map's style (null: no map)",
        response: { 200: SiteSettingsSchema },
      },
    },
    async () => publicSiteSettings(app.db, mapStyleUrl),
  );

  // Only a demo installation tells anyone its admin address and test logins.
  app.get(
    '/demo-credentials',
    {
      schema: {
        summary: 'Test logins, the admin address and how its admin is made, of a demo installation (404 otherwise)',
        response: { 200: DemoCredentialsSchema, ...refusals(404) },
      },
    },
    async () => {
      if (!demo) throw notFound();
      return { adminEmail, adminSetup, accounts: DEMO_ACCOUNTS.map((account) => ({ ...account })) };
    },
  );
};
