import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvitationByTokenSchema, InvitationTokenParamsSchema } from '../../../../contracts/reviews.ts';
import { ApiFailure } from '../../../lib/api-failure.ts';
import { findInvitationByToken } from '../../../services/reviews/customer-reviews.ts';
import { refusals } from '../route-schemas.ts';

export interface ReviewInvitationRouteOptions {
  /** Link checks per IP address in a window: the same setting as the reset links' (VERIFY_LIMIT_PER_IP). */
  perIp: { max: number; timeWindowMs: number };
}

/** GET /api/review-invitations/:token (public): what an invitation's emailed link is for (issue 23). */
export const reviewInvitationRoutes: FastifyPluginAsyncZod<ReviewInvitationRouteOptions> = async (app, { perIp }) => {
  // Tokens are 256 random bits, but a link answered without sign-in is still no place to guess at them.
  const limit = app.createSharedRateLimit('review-invitation-ip', { max: perIp.max, timeWindow: perIp.timeWindowMs });

  app.get(
    '/:token',
    {
      onRequest: async (request, reply) => {
        const result = await limit(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', result.ttlInSeconds);
        throw new ApiFailure(429, 'too_many_requests', 'tooManyRequests');
      },
      schema: {
        summary:
          "What an invitation's emailed link is for: the clinic, the invited address, the visit and whether it is open",
        tags: ['reviews'],
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationByTokenSchema, ...refusals(400, 404, 429) },
        description: 'No sign-in. 404 invitation_invalid for an unknown token; rate limited per IP address (429).',
      },
    },
    async (request, reply) => {
      const invitation = await findInvitationByToken(app.db, request.params.token, app.now());
      if (!invitation) throw new ApiFailure(404, 'invitation_invalid', 'invitationInvalid');
      // The answer names an email address: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return invitation;
    },
  );
};
