import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ClinicPage,
  ClinicPageSchema,
  type ClinicSearch,
  ClinicSearchQuerySchema,
  ClinicSlugParamsSchema,
} from '../../../../contracts/clinics.ts';
import { ClinicIdParamsSchema } from '../../../../contracts/customer-area.ts';
import { ClinicPageAnswerSchema } from '../../../../contracts/left-register.ts';
import { PublicReviewPageSchema, ReviewListQuerySchema } from '../../../../contracts/reviews.ts';
import { z } from 'zod';
import { type RegisterChanges, untilRegisterChanges } from '../../../lib/register-changes.ts';
import { dateInSweden } from '../../../lib/swedish-date.ts';
import { sendImmutableImage } from '../../../lib/send-file.ts';
import { found, notFound } from '../../../lib/api-failure.ts';
import { openClinicCover } from '../../../services/clinic-area/clinic-cover.ts';
import { clinicPageBySlug } from '../../../services/left-register.ts';
import { publicReviewPage } from '../../../services/reviews/public-reviews.ts';
import { refusals, uncheckedJsonSerializer } from '../route-schemas.ts';

export interface ClinicRoutesOptions {
  /** How long a page is served from memory; 0 asks the database every time (docs/decisions/009). */
  cacheSeconds: number;
  /** Announces changes to the register from any process; without it a change shows once the cache time is over. */
  changes?: RegisterChanges;
}

// Pages of up to 100 cards (~20 kB each): at most ~10 MB, and the searches asked most stay.
const CACHED_PAGES_MAX = 500;

/**
 * Every visitor sees the same register, and most ask for the same few pages (the first, the big
 * cities): those are answered from memory for a few seconds, and visitors asking for one page at the
 * same time share one database query. A change to the register drops them at once
 * (untilRegisterChanges). The key carries the Swedish day as well: at midnight certificates lapse
 * without any row changing (docs/decisions/023).
 */
function cachedPages(
  search: (query: ClinicSearch, today: string) => Promise<ClinicPage>,
  cacheSeconds: number,
  changes: RegisterChanges | undefined,
) {
  const pages = untilRegisterChanges<ClinicPage>(changes, { max: CACHED_PAGES_MAX, ttlMs: cacheSeconds * 1000 });
  return {
    find: (query: ClinicSearch, today: string): Promise<ClinicPage> =>
      pages.get(`${today} ${JSON.stringify(query)}`, () => search(query, today)),
    close: pages.close,
  };
}

/** The public register: no sign-in needed. */
export const clinicRoutes: FastifyPluginAsyncZod<ClinicRoutesOptions> = async (app, { cacheSeconds, changes }) => {
  let findPage = app.searchRegister;
  if (cacheSeconds > 0) {
    const cache = cachedPages(app.searchRegister, cacheSeconds, changes);
    findPage = cache.find;
    app.addHook('onClose', async () => cache.close());
  }

  app.get(
    '/',
    {
      schema: {
        summary:
          'Search certified, public clinics by name or city; with `treatment`, only those whose certificate in force covers it',
        querystring: ClinicSearchQuerySchema,
        response: { 200: ClinicPageSchema, ...refusals(400, 422) },
      },
      serializerCompiler: uncheckedJsonSerializer,
    },
    async (request) => findPage(request.query, dateInSweden(app.now())),
  );

  app.get(
    '/by-slug/:slug',
    {
      schema: {
        summary:
          "A register clinic's public page: the card, description, contact and certificate in force; for a public clinic that left the register, its name and `leftRegister`: why (withdrawn, expired, suspended) and since which day",
        params: ClinicSlugParamsSchema,
        response: { 200: ClinicPageAnswerSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      // A clinic that left the register answers 200 too: the page exists and says why (issue 28 point 4).
      const clinic = await clinicPageBySlug(app.db, request.params.slug, app.now());
      if (!clinic) throw notFound();
      // As short as the register's own cache: a clinic that leaves the register leaves its page soon.
      return reply.header('cache-control', 'public, max-age=60').send(clinic);
    },
  );

  app.get(
    '/:clinicId/reviews',
    {
      schema: {
        summary:
          "A register clinic's reviews from verified visits, newest first, with its rating; a hidden review only as its public reason",
        tags: ['reviews'],
        params: ClinicIdParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: PublicReviewPageSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const page = await publicReviewPage(app.db, request.params.clinicId, request.query, app.now());
      if (!page) throw notFound();
      // Not the register's page cache: a review written, hidden or answered shows at once (issue 23).
      return reply.header('cache-control', 'no-cache').send(page);
    },
  );

  app.get(
    '/:id/cover',
    {
      schema: {
        summary: "A clinic's cover image, as shown on its register card",
        params: z.object({ id: z.uuid('validation:notFound') }),
        // The version in the address the clinic's profile gives (coverImageUrl); any other answers 404.
        querystring: z.object({ v: z.string().max(64).default('') }),
        response: refusals(400, 404),
      },
    },
    async (request, reply) => {
      const cover = await openClinicCover(app.db, app.fileStore, request.params.id, request.query.v);
      return sendImmutableImage(reply, found(cover));
    },
  );
};
