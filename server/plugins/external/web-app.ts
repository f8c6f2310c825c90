import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type PageData, PRERENDERED_MANIFEST, prerenderedPageFile } from '../../../build/prerendered-files.ts';
import type { Language } from '../../../contracts/constants.ts';
import { type PageHead, withHead } from '../../lib/html-head.ts';
import { sendNotFound } from '../app/errors.ts';

/** The built web app, as the page routes (server/routes/pages) send it. */
export interface WebBuild {
  /**
   * The app's page with a head of its own; a 404 still carries the app, which shows its not-found page,
   * and a 410 (a clinic that left the register) the app's page that says so.
   */
  sendPage(reply: FastifyReply, status: 200 | 404 | 410, head: PageHead): Promise<FastifyReply>;
  /** The app as built: the browser router takes the path from there (its 404 page included). */
  sendApp(reply: FastifyReply): FastifyReply;
  /** Whether the build painted this path's first screen ahead (build/prerender-pages-plugin.ts). */
  isPrerendered(pathname: string): boolean;
  /** That first screen in a language, or null. */
  prerendered(pathname: string, language: Language): Promise<string | null>;
  /**
   * index.html for a page whose first screen is in the HTML: painted without the app, so the app's
   * scripts need not be fetched first; at low priority they leave a slow connection to the
   * stylesheet, the font and the page's images.
   */
  prerenderTemplate(): Promise<string>;
  /** The pages built for Node (`vite build --ssr`, web/app/prerender-pages.tsx), when the build has them. */
  renderPage?: (pathname: string, language: Language, data: PageData) => Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built web app, or null when the server runs without a build (the API alone). */
    webBuild: WebBuild | null;
  }
}

/**
 * Serves the built web app's files from the same origin as the API: hashed assets cached for a year,
 * the rest revalidated. Which page gets what is the page routes' (server/routes/pages).
 */
export const webAppPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
    if (!existsSync(`${root}/index.html`)) {
      app.decorate('webBuild', null);
      return;
    }
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
    let template: string | undefined;
    const indexHtml = async () => (template ??= await readFile(`${root}/index.html`, 'utf8'));
    let prerenderTemplate: string | undefined;
    const prerenderedPaths = new Set<string>(
      JSON.parse(await readFile(path.join(root, PRERENDERED_MANIFEST), 'utf8').catch(() => '[]')) as string[],
    );
    const prerendered = new Map<string, string | null>();
    const rendererFile = path.join(root, '..', 'ssr', 'prerender-pages.js');
    const renderer = existsSync(rendererFile)
      ? ((await import(pathToFileURL(rendererFile).href)) as Pick<WebBuild, 'renderPage'>)
      : undefined;

    app.decorate<WebBuild>('webBuild', {
      async sendPage(reply, status, head) {
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(withHead(await indexHtml(), head));
      },
      sendApp: (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'),
      isPrerendered: (pathname) => prerenderedPaths.has(pathname),
      async prerendered(pathname, language) {
        const file = prerenderedPageFile(pathname, language);
        if (!prerendered.has(file))
          prerendered.set(file, await readFile(path.join(root, file), 'utf8').catch(() => null));
        return prerendered.get(file) ?? null;
      },
      async prerenderTemplate() {
        prerenderTemplate ??= (await indexHtml()).replace(
          /<script type="module"|<link rel="modulepreload"/g,
          '$& fetchpriority="low"',
        );
        return prerenderTemplate;
      },
      renderPage: renderer?.renderPage,
    });
  },
  { name: 'web-app' },
);
