import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../../../contracts/constants.ts';
import { ReviewIdParamsSchema, ReviewReportFormSchema } from '../../../../contracts/reviews.ts';
import { reportReview } from '../../../services/reviews/review-reports.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

/** /api/reviews: reporting a review (anyone signed in, issue 23). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whoever reports is known, so the queue holds no anonymous floods and one person one open report.
  app.addHook('onRequest', app.requireRole(...ROLES));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/:reviewId/reports',
    {
      schema: {
        summary: 'Report a published review to the admin, with a reason',
        tags: ['reviews'],
        security,
        params: ReviewIdParamsSchema,
        body: ReviewReportFormSchema,
        response: { 204: z.null().describe('Reported'), ...signedInRefusals(404, 409) },
        description:
          'Any signed-in role. 404 for an unknown or hidden review; 409 review_already_reported while the same person has an open report of it.',
      },
    },
    async (request, reply) => {
      await reportReview(app.db, request.account.id, request.params.reviewId, request.body);
      return reply.code(204).send(null);
    },
  );
};
