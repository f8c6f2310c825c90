import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface ClinicReviewOptions {
  /** REVIEW_INVITATIONS_PER_DAY: invitations one clinic may send per Swedish calendar day. */
  invitationsPerDay: number;
  /** The base of the invitation emails' links. */
  siteUrl: string;
}

/** The clinic's invitations and reviews (issue 23): /api/clinic/review-invitations, /api/clinic/reviews. */
export const clinicReviewRoutes: FastifyPluginAsyncZod<ClinicReviewOptions> = async () => {};
