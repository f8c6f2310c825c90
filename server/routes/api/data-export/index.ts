import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../../contracts/admin.ts';
import { DataExportLinkSchema, DataExportQuerySchema } from '../../../../contracts/data-export.ts';
import { type DataExportDownload, openDataExport, requestDataExport } from '../../../services/privacy/data-export.ts';
import type { DataExportTicket } from '../../../services/privacy/data-export-ticket.ts';
import { refusals, security, signedInRefusals } from '../route-schemas.ts';

// Download of a person's data (issue 26 points 1 and 5, docs/decisions/034): a signed-in request asks
// for a link, the browser follows it and the zip streams to disk.

/** Who asks, from which session: the ticket works only while that session lives. */
function askedBy(request: FastifyRequest, subjectId: string): DataExportTicket {
  const { id } = request.account;
  const sessionId = request.auth?.session.id;
  if (!sessionId) throw new Error('A data export was asked for without a session');
  return { subjectId, askerId: id, sessionId };
}

/** The zip as a download: saved, never shown, never cached. */
function sendZip(reply: FastifyReply, download: DataExportDownload): FastifyReply {
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  if (download.size !== null) reply.header('content-length', download.size);
  return reply.send(download.body);
}

const LINK_SUMMARY = 'valid for a minute, to download as a zip (README.txt, data.json, documents/)';

/** POST /api/me/data-export: the own data, for every role (the guard is /api/me's autohooks.ts). */
export const meDataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/data-export',
    {
      schema: {
        summary: `A link to everything stored about the own account, ${LINK_SUMMARY}`,
        tags: ['me'],
        security,
        response: { 200: DataExportLinkSchema, ...signedInRefusals(409) },
      },
    },
    async (request) => requestDataExport(app.db, app.authSettings, askedBy(request, request.account.id), app.now()),
  );
};

/** POST /api/admin/users/:id/data-export: a person's data for someone who lost access (the guard is /api/admin's). */
export const adminDataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:id/data-export',
    {
      schema: {
        summary: `A link to everything stored about any account, ${LINK_SUMMARY}; the download is written to the audit log`,
        tags: ['admin'],
        security,
        params: IdParamsSchema,
        response: { 200: DataExportLinkSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => requestDataExport(app.db, app.authSettings, askedBy(request, request.params.id), app.now()),
  );
};

/** GET /api/data-export?ticket=…: the zip itself; the ticket is the credential (it is kept out of the log). */
export const dataExportDownloadRoutes: FastifyPluginAsyncZod<{ siteUrl: string; contactEmail: string }> = async (
  app,
  { siteUrl, contactEmail },
) => {
  app.get(
    '/',
    {
      // Compressing would only spend CPU: the zip's documents are compressed already.
      compress: false,
      schema: {
        summary: 'The zip of a data export, streamed; one running export per account (409 while another runs)',
        tags: ['me'],
        querystring: DataExportQuerySchema,
        response: refusals(400, 401, 404, 409),
      },
    },
    async (request, reply) => {
      const download = await openDataExport(app.db, app.fileStore, app.authSettings, request.query.ticket, app.now(), {
        siteUrl,
        contactEmail,
        log: request.log,
      });
      return sendZip(reply, download);
    },
  );
};
