import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminReviewCountSchema,
  AdminReviewPageSchema,
  AdminReviewQuerySchema,
  AdminReviewSchema,
  ReviewDecisionFormSchema,
  ReviewIdParamsSchema,
} from '../../../../contracts/reviews.ts';
import { countWaitingReviews, decideReview, listAdminReviews } from '../../../services/admin/review-moderation.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['admin'];

/** The admin's review moderation queue (issue 23; the guard is in autohooks.ts): /api/admin/reviews. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: {
        summary:
          "Customers' reviews, newest first: those with open reports (the queue, by default), the hidden ones, or all; each with its clinic and open reports",
        tags,
        security,
        querystring: AdminReviewQuerySchema,
        response: { 200: AdminReviewPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listAdminReviews(app.db, request.query),
  );

  app.get(
    '/reviews/count',
    {
      schema: {
        summary: 'How many reviews wait for a decision (have open reports): the admin menu’s badge',
        tags,
        security,
        response: { 200: AdminReviewCountSchema, ...signedInRefusals() },
      },
    },
    async () => countWaitingReviews(app.db),
  );

  app.post(
    '/reviews/:reviewId/decision',
    {
      schema: {
        summary:
          'Keep a review published (or show a hidden one again), or hide it with a public reason; resolves its open reports and is audited',
        tags,
        security,
        params: ReviewIdParamsSchema,
        body: ReviewDecisionFormSchema,
        response: { 200: AdminReviewSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => decideReview(app.db, request.account.id, request.params.reviewId, request.body, app.now()),
  );
};
