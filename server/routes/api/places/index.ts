import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLACE_SUGGESTIONS_MAX, PlaceListSchema, PlaceSuggestionQuerySchema } from '../../../../contracts/places.ts';
import { suggestPlaces } from '../../../lib/places/places.ts';
import { refusals } from '../route-schemas.ts';

/** The places the register's "near" field suggests (issue 24): public, from the list in memory. */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary:
          'Swedish places whose name begins with `q` (case and å/ä/ö aside), most populous first, at most 8: what `near` of GET /api/clinics takes (GeoNames, CC BY 4.0)',
        querystring: PlaceSuggestionQuerySchema,
        response: { 200: PlaceListSchema, ...refusals(400) },
      },
    },
    async (request, reply) => {
      // The list changes only with a new release: browsers may keep an answer for a while.
      reply.header('cache-control', 'public, max-age=3600');
      return { items: suggestPlaces(request.query.q, PLACE_SUGGESTIONS_MAX) };
    },
  );
};
