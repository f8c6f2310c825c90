import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClaimInvitationFormSchema,
  CustomerInvitationPageSchema,
  CustomerInvitationSchema,
  CustomerReviewPageSchema,
  CustomerReviewSchema,
  EditReviewFormSchema,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
  WriteReviewFormSchema,
} from '../../../../contracts/reviews.ts';
import {
  claimInvitation,
  editReview,
  listOpenInvitations,
  listOwnReviews,
  writeReview,
} from '../../../services/reviews/customer-reviews.ts';
import { security, signedInRefusals } from '../route-schemas.ts';
import { customerOnly } from './customer-only.ts';

const tags = ['reviews'];

/** What only a customer does: its open invitations, and writing, changing and listing its own reviews. */
const customerReviewRoutes: FastifyPluginAsyncZod = async (customers) => {
  await customers.register(customerOnly);

  customers.get(
    '/review-invitations',
    {
      schema: {
        summary: 'The invitations the customer claimed and may still use, newest first',
        tags,
        security,
        querystring: ReviewListQuerySchema,
        response: { 200: CustomerInvitationPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listOpenInvitations(customers.db, request.account.id, request.query, customers.now()),
  );

  customers.post(
    '/reviews',
    {
      schema: {
        summary: 'Write the one review of an invitation the customer claimed',
        tags,
        security,
        body: WriteReviewFormSchema,
        response: { 201: CustomerReviewSchema, ...signedInRefusals(404, 410) },
        description:
          '404 for an invitation this customer did not claim; 410 invitation_used when it has its review already (also when two posts race), 410 invitation_expired past its last day.',
      },
    },
    async (request, reply) =>
      reply.code(201).send(await writeReview(customers.db, request.account.id, request.body, customers.now())),
  );

  customers.patch(
    '/reviews/:reviewId',
    {
      schema: {
        summary: "Change the customer's own review, within 30 days of writing it",
        tags,
        security,
        params: ReviewIdParamsSchema,
        body: EditReviewFormSchema,
        response: { 200: CustomerReviewSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) =>
      editReview(customers.db, request.account.id, request.params.reviewId, request.body, customers.now()),
  );

  customers.get(
    '/reviews',
    {
      schema: {
        summary: 'The reviews the customer wrote, newest first, with the clinic, its reply and the hidden state',
        tags,
        security,
        querystring: ReviewListQuerySchema,
        response: { 200: CustomerReviewPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listOwnReviews(customers.db, request.account.id, request.query, customers.now()),
  );
};

/** The customer's reviews and the invitations they opened (issue 23): /api/me/reviews, /api/me/review-invitations. */
export const meReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any signed-in role reaches it, so that a clinic or admin following a customer's link hears why not.
  app.post(
    '/review-invitations/claim',
    {
      schema: {
        summary:
          'Take the invitation an emailed link names: a customer account with the invited address, while it is open',
        tags,
        security,
        body: ClaimInvitationFormSchema,
        response: { 200: CustomerInvitationSchema, ...signedInRefusals(404, 410) },
        description:
          'Claiming again is the same as once. 403 invitation_customers_only for a clinic or admin, 403 invitation_other_address for another address, 404 invitation_invalid for an unknown token, 410 invitation_used or invitation_expired.',
      },
    },
    async (request) => claimInvitation(app.db, request.account, request.body.token, app.now()),
  );

  await app.register(customerReviewRoutes);
};
