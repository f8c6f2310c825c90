import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClinicDocumentListSchema,
  ClinicDocumentSchema,
  DocumentIdParamsSchema,
} from '../../../../contracts/clinic-area.ts';
import { sendAttachment } from '../../../lib/send-file.ts';
import {
  DOCUMENT_UPLOAD,
  deleteClinicDocument,
  listClinicDocuments,
  openClinicDocument,
  uploadClinicDocument,
} from '../../../services/clinic-area/clinic-documents.ts';
import { found, notFound } from '../../../lib/api-failure.ts';
import { security, signedInRefusals } from '../route-schemas.ts';
import { handleUpload } from './uploads.ts';

const tags = ['clinic'];

/** The clinic's own certification documents: only ever its own, found by the id in its token. */
export const clinicDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents',
    {
      schema: {
        summary: "The clinic's documents, oldest first",
        tags,
        security,
        response: { 200: ClinicDocumentListSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => ({ items: await listClinicDocuments(app.db, request.account.id) }),
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
        response: { 201: ClinicDocumentSchema, ...signedInRefusals(404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await handleUpload(request, reply, DOCUMENT_UPLOAD, (file) =>
            uploadClinicDocument(app.db, app.fileStore, request.account.id, file),
          ),
        ),
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        summary: 'Delete one of the own documents',
        tags,
        security,
        params: DocumentIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...signedInRefusals(404) },
      },
    },
    async (request, reply) => {
      const deleted = await deleteClinicDocument(app.db, app.fileStore, request.account.id, request.params.id);
      if (!deleted) throw notFound();
      return reply.code(204).send(null);
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
        response: signedInRefusals(404),
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        found(await openClinicDocument(app.db, app.fileStore, request.params.id, request.account.id)),
      ),
  );
};
