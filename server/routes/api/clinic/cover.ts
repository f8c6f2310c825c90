import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClinicOwnProfileSchema } from '../../../../contracts/clinic-area.ts';
import { COVER_UPLOAD, removeClinicCover, uploadClinicCover } from '../../../services/clinic-area/clinic-cover.ts';
import { security, signedInRefusals } from '../route-schemas.ts';
import { handleUpload } from './uploads.ts';

const tags = ['clinic'];

/** The cover image of the clinic's register card. */
export const clinicCoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cover',
    {
      schema: {
        summary: 'Upload the cover image (multipart field `file`): jpg, png or webp, at most 5 MB, checked by content',
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404, 413, 415) },
      },
    },
    async (request, reply) =>
      handleUpload(request, reply, COVER_UPLOAD, (file) =>
        uploadClinicCover(app.db, app.fileStore, request.account.id, file),
      ),
  );

  app.delete(
    '/cover',
    {
      schema: {
        summary: 'Remove the cover image (the register shows the default image)',
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => removeClinicCover(app.db, app.fileStore, request.account.id),
  );
};
