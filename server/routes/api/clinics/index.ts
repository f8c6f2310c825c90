import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { type ClinicPage, ClinicPageSchema, ClinicProfileSchema, ClinicSearchQuerySchema, ClinicSlugParamsSchema } from '../../../../contracts/clinics.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import type { Database } from '../../../db/client.ts';
import { z } from 'zod';
import { sendImmutableImage } from '../../../lib/send-file.ts';
import { sendNotFound } from '../../../plugins/app/errors.ts';
import { openClinicCover } from '../../../services/clinic-area/clinic-cover.ts';
import { type ClinicSearch, searchClinics } from '../../../services/clinic-register.ts';
import { clinicProfileBySlug } from '../../../services/public-profiles.ts';

export interface ClinicRoutesOptions {
  /** How long a page is served from memory; 0 asks the database every time (docs/decisions/009). */
  cacheSeconds: number;
}

// Pages of up to 100 cards (~20 kB each): at most ~10 MB, and the searches asked most stay.
const CACHED_PAGES_MAX = 500;

/**
 * Every visitor sees the same register, and most ask for the same few pages (the first, the big
 * cities): those are answered from memory for a few seconds. Visitors asking for one page at the same
 * time share one database query.
 */
function cachedPages(db: Database, cacheSeconds: number): (query: ClinicSearch) => Promise<ClinicPage> {
  const pages = new LRUCache<string, ClinicPage, ClinicSearch>({
    max: CACHED_PAGES_MAX,
    ttl: cacheSeconds * 1000,
    fetchMethod: (_key, _stale, { context }) => searchClinics(db, context),
  });
  return (query) => pages.forceFetch(JSON.stringify(query), { context: query });
}

/** The public register: no sign-in needed. */
export const clinicRoutes: FastifyPluginAsyncZod<ClinicRoutesOptions> = async (app, { cacheSeconds }) => {
  const findPage = cacheSeconds > 0 ? cachedPages(app.db, cacheSeconds) : (query: ClinicSearch) => searchClinics(app.db, query);

  app.get(
    '/',
    {
      schema: {
        summary: 'Search certified, public clinics by name or city',
        querystring: ClinicSearchQuerySchema,
        response: { 200: ClinicPageSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => findPage(request.query),
  );

  app.get(
    '/by-slug/:slug',
    {
      schema: {
        summary: "A register clinic's public page: the card, description, contact and certificate in force",
        params: ClinicSlugParamsSchema,
        response: { 200: ClinicProfileSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const clinic = await clinicProfileBySlug(app.db, request.params.slug);
      if (!clinic) return sendNotFound(request, reply);
      // As short as the register's own cache: a clinic that leaves the register leaves its page soon.
      return reply.header('cache-control', 'public, max-age=60').send(clinic);
    },
  );

  app.get(
    '/:id/cover',
    {
      schema: {
        summary: "A clinic's cover image, as shown on its register card",
        params: z.object({ id: z.uuid('validation:notFound') }),
        response: { 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const cover = await openClinicCover(app.db, app.fileStore, request.params.id);
      return cover ? sendImmutableImage(reply, cover) : sendNotFound(request, reply);
    },
  );
};
