import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnProfileSchema } from '../../../../contracts/auth.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { sendNotFound } from '../../../plugins/app/errors.ts';
import { getOwnProfile } from '../../../services/profiles.ts';

/** The signed-in person's own data; the guard is in autohooks.ts. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        summary: 'The own profile of the signed-in person (any role)',
        tags: ['me'],
        security: [{ bearer: [] }],
        response: { 200: OwnProfileSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const profile = request.auth && (await getOwnProfile(app.db, request.auth.userId));
      return profile || sendNotFound(request, reply);
    },
  );
};
