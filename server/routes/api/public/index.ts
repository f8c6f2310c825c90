import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CertificateNumberParamsSchema,
  PublicCertificateSchema,
  PublicCertificateSearchQuerySchema,
  PublicCertificateSearchResultSchema,
} from '../../../../contracts/certificates.ts';
import { ApiFailure, notFound } from '../../../lib/api-failure.ts';
import { publicCertificate, searchPublicCertificates } from '../../../services/public-certificates.ts';
import { refusals } from '../route-schemas.ts';

const MINUTE = 60_000;

/** Short, as the badge: a suspension or withdrawal reaches every site that asks within a minute. */
const CACHE_CONTROL = 'public, max-age=60';

const DESCRIPTION =
  'Part of the open verification API: read-only, callable from any origin (CORS), rate limited per IP address (429 with Retry-After past PUBLIC_API_RATE_LIMIT requests a minute), cached for 60 seconds.';

/**
 * The open verification API (issue 22 point 7): /api/public/certificates, no sign-in. The one part of
 * /api that answers any origin: its answers carry `Access-Control-Allow-Origin: *` and its preflights
 * are granted, for GET only; every other route stays closed to foreign origins
 * (plugins/external/security.ts). Its shapes are its own and kept stable (contracts/certificates.ts).
 */
export const publicApiRoutes: FastifyPluginAsyncZod<{ siteUrl: string; perMinute: number }> = async (
  app,
  { siteUrl, perMinute },
) => {
  const perIp = app.createSharedRateLimit('public-api-ip', { max: perMinute, timeWindow: MINUTE });

  // Every answer of these routes, refusals included, so that a page of another site can read why.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'retry-after');
    if (request.method === 'OPTIONS') return;
    const result = await perIp(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new ApiFailure(429, 'too_many_requests', 'tooManyRequests');
  });

  // A browser asks before a cross-origin GET with headers of its own (Accept-Language with a value it
  // does not count as simple, say): granted for GET alone, and kept for a day.
  const preflight = async (_request: unknown, reply: FastifyReply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET')
      .header('access-control-allow-headers', 'accept, accept-language')
      .header('access-control-max-age', '86400')
      .send();
  app.options('/certificates', { schema: { hide: true } }, preflight);
  app.options('/certificates/:number', { schema: { hide: true } }, preflight);

  app.get(
    '/certificates',
    {
      schema: {
        summary:
          "Search certificates by the clinic's organisation number (orgNumber) or name (name): every certificate of the public clinics found, of any status, newest first, paged by cursor",
        description: DESCRIPTION,
        tags: ['public'],
        querystring: PublicCertificateSearchQuerySchema,
        response: { 200: PublicCertificateSearchResultSchema, ...refusals(400, 429) },
      },
    },
    async (request, reply) => {
      const result = await searchPublicCertificates(app.db, request.query, siteUrl, app.now());
      return reply.header('cache-control', CACHE_CONTROL).send(result);
    },
  );

  app.get(
    '/certificates/:number',
    {
      schema: {
        summary:
          "A certificate by its number (CK-2026-000123): status, validity, clinic, the treatments it covers and the clinic's verified facts, each with the day it was checked",
        description: DESCRIPTION,
        tags: ['public'],
        params: CertificateNumberParamsSchema,
        response: { 200: PublicCertificateSchema, ...refusals(404, 429) },
      },
    },
    async (request, reply) => {
      const certificate = await publicCertificate(
        app.db,
        request.params.number.trim().toUpperCase(),
        siteUrl,
        app.now(),
      );
      if (!certificate) throw notFound();
      return reply.header('cache-control', CACHE_CONTROL).send(certificate);
    },
  );
};
