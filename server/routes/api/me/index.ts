import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnProfileSchema } from '../../../../contracts/auth.ts';
import { found } from '../../../lib/api-failure.ts';
import { getOwnProfile } from '../../../services/profiles.ts';
import { refusals, security } from '../route-schemas.ts';

/** The signed-in person's own data; the guard is in autohooks.ts. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        summary: 'The own profile of the signed-in person (any role)',
        tags: ['me'],
        security,
        response: { 200: OwnProfileSchema, ...refusals(401, 404) },
      },
    },
    async (request) => found(await getOwnProfile(app.db, request.account.id)),
  );
};
