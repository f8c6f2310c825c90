import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadgeParamsSchema, BadgeSchema } from '../../../../contracts/certificates.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { ApiFailure } from '../../../lib/api-failure.ts';
import { getBadge } from '../../../services/certificates.ts';

/** The embeddable badge's data (SPEC section 2, /badge): public, for any site that embeds it. */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:clinicId',
    {
      schema: {
        summary:
          "A clinic's badge: its name, certificate and scope while it is public and its certificate is in force; `status` 'suspended' while that certificate is suspended (show it as suspended, never as a valid badge)",
        tags: ['certificates'],
        params: BadgeParamsSchema,
        response: { 200: BadgeSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const badge = await getBadge(app.db, request.params.clinicId, app.now());
      // Short, so that a withdrawal takes the badge off embedding sites within a minute.
      reply.header('cache-control', 'public, max-age=60');
      if (badge === 'clinic_not_found') throw new ApiFailure(404, badge, 'badgeClinicNotFound');
      if (badge === 'not_certified') throw new ApiFailure(404, badge, 'badgeNotCertified');
      if (badge === 'not_public') throw new ApiFailure(404, badge, 'badgeNotPublic');
      return badge;
    },
  );
};
