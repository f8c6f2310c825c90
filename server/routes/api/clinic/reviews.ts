import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClinicInvitationPageSchema,
  ClinicInvitationSchema,
  ClinicReviewPageSchema,
  ClinicReviewSchema,
  ReviewIdParamsSchema,
  ReviewInvitationFormSchema,
  ReviewListQuerySchema,
  ReviewReplyFormSchema,
} from '../../../../contracts/reviews.ts';
import {
  type InvitationSettings,
  inviteCustomer,
  listInvitations,
} from '../../../services/reviews/clinic-invitations.ts';
import { listClinicReviews, replyToReview } from '../../../services/reviews/clinic-reviews.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

export type ClinicReviewOptions = InvitationSettings;

const tags = ['clinic'];

/** The clinic's invitations and reviews (issue 23): /api/clinic/review-invitations, /api/clinic/reviews. */
export const clinicReviewRoutes: FastifyPluginAsyncZod<ClinicReviewOptions> = async (app, settings) => {
  app.post(
    '/review-invitations',
    {
      schema: {
        summary:
          'Invite a customer to review a visit: emails a one-time link valid 30 days. Needs a certificate in force; not the clinic’s own, another clinic’s or an admin’s address; one open invitation per address; a daily limit',
        tags,
        security,
        body: ReviewInvitationFormSchema,
        response: { 201: ClinicInvitationSchema, ...signedInRefusals(409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await inviteCustomer(app.db, app.mailer, settings, request.account.id, request.body, app.now())),
  );

  app.get(
    '/review-invitations',
    {
      schema: {
        summary:
          "The clinic's invitations, newest first, each open, used or expired, and how many it may still send today",
        tags,
        security,
        querystring: ReviewListQuerySchema,
        response: { 200: ClinicInvitationPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listInvitations(app.db, settings, request.account.id, request.query, app.now()),
  );

  app.get(
    '/reviews',
    {
      schema: {
        summary: "The clinic's reviews, newest first, hidden ones too with the public reason",
        tags,
        security,
        querystring: ReviewListQuerySchema,
        response: { 200: ClinicReviewPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listClinicReviews(app.db, request.account.id, request.query),
  );

  app.put(
    '/reviews/:reviewId/reply',
    {
      schema: {
        summary: "Publish or change the clinic's one reply to a review of its own",
        tags,
        security,
        params: ReviewIdParamsSchema,
        body: ReviewReplyFormSchema,
        response: { 200: ClinicReviewSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => replyToReview(app.db, request.account.id, request.params.reviewId, request.body.text, app.now()),
  );
};
