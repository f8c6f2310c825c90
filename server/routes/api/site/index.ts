import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { HeroContentSchema, SiteContentQuerySchema, SiteSettingsSchema } from '../../../../contracts/site.ts';
import { getHeroContent, getSiteSettings } from '../../../services/site-content.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content',
    {
      schema: {
        summary: 'Hero title and subtitle in one language',
        querystring: SiteContentQuerySchema,
        response: { 200: HeroContentSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => getHeroContent(app.db, request.query.lang),
  );

  app.get(
    '/settings',
    { schema: { summary: 'Public site settings (the site title)', response: { 200: SiteSettingsSchema } } },
    async () => getSiteSettings(app.db),
  );
};
