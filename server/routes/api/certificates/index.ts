import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CertificateNumberParamsSchema,
  CertificateSearchQuerySchema,
  CertificateSearchResultSchema,
  CertificateVerificationSchema,
} from '../../../../contracts/certificates.ts';
import { notFound } from '../../../lib/api-failure.ts';
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
        summary: 'Verify a certificate by its number (CK-2026-000123): clinic, scope, validity and status',
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
};
