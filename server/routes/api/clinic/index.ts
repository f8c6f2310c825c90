import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { DOCUMENT_MAX_BYTES } from '../../../../contracts/constants.ts';
import { clinicAutohooks } from './autohooks.ts';
import { clinicCoverRoutes } from './cover.ts';
import { clinicDocumentRoutes } from './documents.ts';
import { clinicFactRoutes } from './facts.ts';
import { clinicMembershipRoutes } from './membership.ts';
import { clinicProfileRoutes } from './profile.ts';
import { type ClinicReviewOptions, clinicReviewRoutes } from './reviews.ts';

/** Everything under /api/clinic: the signed-in clinic's own area (SPEC section 2, "Clinic area"). */
export const clinicAreaRoutes: FastifyPluginAsync<{ reviews: ClinicReviewOptions }> = async (app, { reviews }) => {
  await app.register(clinicAutohooks);
  // Only these routes take files; each upload asks for its own, lower size limit.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });
  await app.register(clinicProfileRoutes);
  await app.register(clinicDocumentRoutes);
  await app.register(clinicCoverRoutes);
  await app.register(clinicFactRoutes);
  await app.register(clinicMembershipRoutes);
  await app.register(clinicReviewRoutes, reviews);
};
