import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The admin's review moderation queue (issue 23): /api/admin/reviews. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async () => {};
