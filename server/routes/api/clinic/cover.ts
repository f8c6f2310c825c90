import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClinicOwnProfileSchema } from '../../../../contracts/clinic-area.ts';
import { COVER_MAX_BYTES } from '../../../../contracts/constants.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { removeClinicCover, uploadClinicCover } from '../../../services/clinic-area/clinic-cover.ts';
import { clinicClientId, refusals, security, sendClinicAreaError, tags } from './respond.ts';
import { handleUpload } from './uploads.ts';

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
        response: { 200: ClinicOwnProfileSchema, ...refusals, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      handleUpload(
        request,
        reply,
        { maxBytes: COVER_MAX_BYTES, tooLarge: 'coverTooLarge', typeNotAllowed: 'coverTypeNotAllowed' },
        (file) => uploadClinicCover(app.db, app.fileStore, clinicClientId(request), file),
      ).catch((error: unknown) => sendClinicAreaError(request, reply, error)),
  );

  app.delete(
    '/cover',
    {
      schema: {
        summary: 'Remove the cover image (the register shows the default image)',
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...refusals },
      },
    },
    async (request, reply) =>
      removeClinicCover(app.db, app.fileStore, clinicClientId(request)).catch((error: unknown) =>
        sendClinicAreaError(request, reply, error),
      ),
  );
};
