import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClinicDocumentListSchema,
  ClinicDocumentSchema,
  DocumentIdParamsSchema,
} from '../../../../contracts/clinic-area.ts';
import { DOCUMENT_MAX_BYTES } from '../../../../contracts/constants.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { sendAttachment } from '../../../lib/send-file.ts';
import { sendNotFound } from '../../../plugins/app/errors.ts';
import {
  deleteClinicDocument,
  listClinicDocuments,
  openClinicDocument,
  uploadClinicDocument,
} from '../../../services/clinic-area/clinic-documents.ts';
import { clinicClientId, refusals, security, tags } from './respond.ts';
import { handleUpload } from './uploads.ts';

/** The clinic's own certification documents: only ever its own, found by the id in its token. */
export const clinicDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents',
    {
      schema: {
        summary: "The clinic's documents, oldest first",
        tags,
        security,
        response: { 200: ClinicDocumentListSchema, ...refusals },
      },
    },
    async (request) => ({ items: await listClinicDocuments(app.db, clinicClientId(request)) }),
  );

  app.post(
    '/documents',
    {
      schema: {
        summary:
          'Upload one document (multipart field `file`): pdf, doc, docx, jpg, jpeg or png, at most 20 MB, checked by content',
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: {
          201: ClinicDocumentSchema,
          ...refusals,
          409: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const saved = await handleUpload(
        request,
        reply,
        { maxBytes: DOCUMENT_MAX_BYTES, tooLarge: 'documentTooLarge', typeNotAllowed: 'documentTypeNotAllowed' },
        (file) => uploadClinicDocument(app.db, app.fileStore, clinicClientId(request), file),
      );
      return reply.sent ? reply : reply.code(201).send(saved);
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        summary: 'Delete one of the own documents',
        tags,
        security,
        params: DocumentIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...refusals },
      },
    },
    async (request, reply) => {
      const deleted = await deleteClinicDocument(app.db, app.fileStore, clinicClientId(request), request.params.id);
      return deleted ? reply.code(204).send(null) : sendNotFound(request, reply);
    },
  );

  app.get(
    '/documents/:id/download',
    {
      schema: {
        summary: 'Download one of the own documents (as an attachment)',
        tags,
        security,
        params: DocumentIdParamsSchema,
        response: refusals,
      },
    },
    async (request, reply) => {
      const file = await openClinicDocument(app.db, app.fileStore, request.params.id, clinicClientId(request));
      return file ? sendAttachment(reply, file) : sendNotFound(request, reply);
    },
  );
};
