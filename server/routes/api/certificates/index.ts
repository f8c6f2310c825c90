import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CertificateHistoryPageSchema,
  CertificateHistoryQuerySchema,
  CertificateNumberParamsSchema,
  CertificateSearchQuerySchema,
  CertificateSearchResultSchema,
  CertificateVerificationSchema,
} from '../../../../contracts/certificates.ts';
import { notFound } from '../../../lib/api-failure.ts';
import { certificateHistory } from '../../../services/certificate-history.ts';
import { searchCertificates, verifyCertificate } from '../../../services/certificates.ts';
import { refusals } from '../route-schemas.ts';

/** Public verification of a certificate by its number: no sign-in, anyone may check. */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: "Search certificates by number (or its start) or by the clinic's name, any status, newest first",
        tags: ['certificates'],
        querystring: CertificateSearchQuerySchema,
        response: { 200: CertificateSearchResultSchema, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const result = await searchCertificates(app.db, request.query.search, request.query.page, app.now());
      return reply.header('cache-control', 'public, max-age=60').send(result);
    },
  );

  app.get(
    '/:number',
    {
      schema: {
        summary:
          "Verify a certificate by its number (CK-2026-000123): clinic, status, validity, scope (treatments) and the clinic's verified facts",
        tags: ['certificates'],
        params: CertificateNumberParamsSchema,
        response: { 200: CertificateVerificationSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const certificate = await verifyCertificate(app.db, request.params.number.trim().toUpperCase(), app.now());
      if (!certificate) throw notFound();
      // Live: someone checking a certificate must see a withdrawal at once, never a stored answer.
      return reply.header('cache-control', 'no-cache').send(certificate);
    },
  );

  app.get(
    '/:number/history',
    {
      schema: {
        summary:
          'The public history of the clinic that holds the certificate (all its certificates), newest first: issued, renewed, scope changed, suspended, reinstated, withdrawn, expired',
        tags: ['certificates'],
        params: CertificateNumberParamsSchema,
        querystring: CertificateHistoryQuerySchema,
        response: { 200: CertificateHistoryPageSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const page = await certificateHistory(app.db, request.params.number.trim().toUpperCase(), request.query);
      if (!page) throw notFound();
      // Live, as the verification itself: a suspension shows at once.
      return reply.header('cache-control', 'no-cache').send(page);
    },
  );
};
