import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { sendNotFound } from '../app/errors.ts';

/**
 * Serves the built web app from the same origin as the API. Hashed assets are cached for a year;
 * any other page path gets index.html, and the browser router takes it from there (its 404 page included).
 */
export const webAppPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    const hasBuild = existsSync(`${root}/index.html`);
    if (hasBuild) {
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
      // The badge is made to be embedded in other sites (SPEC section 2, /badge): the one page any site
      // may frame. Everywhere else frame-ancestors stays 'none' (ARCHITECTURE "Known pitfalls").
      app.get('/badge', { schema: { hide: true } }, (_request, reply) => {
        const policy = String(reply.getHeader('content-security-policy') ?? '');
        reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
        reply.removeHeader('x-frame-options');
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
      // wildcard: false gives every built file its own route; any other page path is the app's to route.
      app.get('/*', { schema: { hide: true } }, (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '/';
        const isPage = !/^\/(api|auth)\//.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
        if (!isPage) return sendNotFound(request, reply);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    }
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
  },
  { name: 'web-app' },
);
