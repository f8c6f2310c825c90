import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The customer's reviews and the invitations they opened (issue 23): /api/me/reviews, /api/me/review-invitations. */
export const meReviewRoutes: FastifyPluginAsyncZod = async () => {};
