import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/reviews: reporting a review (anyone signed in, issue 23). */
export const reviewRoutes: FastifyPluginAsyncZod = async () => {};
