import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { CERTIFICATE_NUMBER_PATTERN } from '../../../contracts/certificates.ts';
import { ClinicSlugParamsSchema } from '../../../contracts/clinics.ts';
import { type PageHead, withHead } from '../../lib/html-head.ts';
import { badgePage } from '../../services/badge-page.ts';
import { getBadge, verifyCertificate } from '../../services/certificates.ts';
import { clinicProfileHead, NOT_FOUND_HEAD, UNKNOWN_CERTIFICATE_HEAD, verificationHead } from '../../services/page-heads.ts';
import { clinicProfileBySlug } from '../../services/public-profiles.ts';
import { sendNotFound } from '../app/errors.ts';

/**
 * Serves the built web app from the same origin as the API. Hashed assets are cached for a year;
 * any other page path gets index.html, and the browser router takes it from there (its 404 page included).
 */
export const webAppPlugin = fp<{ root: string; siteUrl: string }>(
  async (app, { root, siteUrl }) => {
    // The badge is made to be embedded in other sites (SPEC section 2, /badge): the one page any site
    // may frame. Everywhere else frame-ancestors stays 'none' (ARCHITECTURE "Known pitfalls"). It is a
    // page of its own from the server, without the app (server/services/badge-page.ts).
    app.get<{ Querystring: { id?: string; lng?: string } }>('/badge', { schema: { hide: true } }, async (request, reply) => {
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
      const id = typeof request.query.id === 'string' ? request.query.id.trim() : '';
      const outcome = id ? await getBadge(app.db, id) : 'no_id';
      const language = request.query.lng === 'en' ? 'en' : 'sv';
      // Short, so that a withdrawal takes the badge off embedding sites within a minute.
      return reply
        .code(typeof outcome === 'string' ? (outcome === 'no_id' ? 400 : 404) : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=60')
        .send(badgePage(outcome, language));
    });

    const hasBuild = existsSync(`${root}/index.html`);
    if (hasBuild) {
      let template: string | undefined;
      /** The app's page with a head of its own; a 404 still carries the app, which shows its not-found page. */
      const sendPage = async (reply: FastifyReply, status: 200 | 404, head: PageHead) => {
        template ??= await readFile(`${root}/index.html`, 'utf8');
        return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(withHead(template, head));
      };
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (build/precompress-plugin.ts): sent as they are, with Vary.
        preCompressed: true,
        setHeaders(res, filePath) {
          res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      const sendApp = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
      // The pages crawlers index (issue 9) get their title, description and structured data from the
      // server, and an unknown clinic or certificate a 404 status, since crawlers do not run the app.
      // Wildcards rather than parameters: a parameter longer than maxParamLength would miss the route.
      app.get<{ Params: { '*': string } }>('/kliniker/*', { schema: { hide: true } }, async (request, reply) => {
        const slug = request.params['*'];
        if (!slug) return sendApp(reply);
        const clinic = ClinicSlugParamsSchema.safeParse({ slug }).success ? await clinicProfileBySlug(app.db, slug) : undefined;
        return clinic ? sendPage(reply, 200, clinicProfileHead(clinic, siteUrl)) : sendPage(reply, 404, NOT_FOUND_HEAD);
      });
      app.get<{ Params: { '*': string } }>('/verifiera/*', { schema: { hide: true } }, async (request, reply) => {
        const number = request.params['*'].trim().toUpperCase();
        if (!number) return sendApp(reply);
        const certificate = CERTIFICATE_NUMBER_PATTERN.test(number) ? await verifyCertificate(app.db, number) : undefined;
        return certificate ? sendPage(reply, 200, verificationHead(certificate, siteUrl)) : sendPage(reply, 404, UNKNOWN_CERTIFICATE_HEAD);
      });
      // wildcard: false gives every built file its own route; any other page path is the app's to route.
      app.get('/*', { schema: { hide: true } }, (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '/';
        const isPage = !/^\/(api|auth)\//.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
        if (!isPage) return sendNotFound(request, reply);
        return sendApp(reply);
      });
    }
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
  },
  { name: 'web-app', dependencies: ['db'] },
);
