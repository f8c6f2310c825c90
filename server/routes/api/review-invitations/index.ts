import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/review-invitations/:token (public): what an invitation's emailed link is for (issue 23). */
export const reviewInvitationRoutes: FastifyPluginAsyncZod = async () => {};
