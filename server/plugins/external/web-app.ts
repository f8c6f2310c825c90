import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type PageData,
  PRERENDER_SLOTS,
  PRERENDERED_MANIFEST,
  prerenderedPageFile,
} from '../../../build/prerendered-files.ts';
import type { Language } from '../../../contracts/constants.ts';
import { CERTIFICATE_NUMBER_PATTERN } from '../../../contracts/certificates.ts';
import { type ClinicProfile, ClinicSearchQuerySchema, ClinicSlugParamsSchema } from '../../../contracts/clinics.ts';
import { escapeHtml, type PageHead, withHead } from '../../lib/html-head.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { badgePage } from '../../services/badge-page.ts';
import { getBadge, verifyCertificate } from '../../services/certificates.ts';
import {
  clinicProfileHead,
  NOT_FOUND_HEAD,
  UNKNOWN_CERTIFICATE_HEAD,
  verificationHead,
} from '../../services/page-heads.ts';
import { clinicProfileBySlug } from '../../services/public-profiles.ts';
import { searchClinics } from '../../services/clinic-register.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { getHeroContent, getSiteSettings } from '../../services/site-content.ts';
import { sendNotFound } from '../app/errors.ts';

// The register's page (web/config/paths.ts `paths.clinics`).
const REGISTER_PATH = '/kliniker';
// Rendered pages kept: the register's searches asked most and the clinics' pages, each some 30 kB.
const RENDERED_PAGES_MAX = 300;
const RENDERED_PAGE_SECONDS = 5;

/** The server build of web/app/prerender-pages.tsx. */
interface PageRenderer {
  renderPage: (pathname: string, language: Language, data: PageData) => Promise<string>;
}

/**
 * Serves the built web app from the same origin as the API. Hashed assets are cached for a year;
 * any other page path gets index.html, and the browser router takes it from there (its 404 page included).
 */
export const webAppPlugin = fp<{ root: string; siteUrl: string }>(
  async (app, { root, siteUrl }) => {
    // The badge is made to be embedded in other sites (SPEC section 2, /badge): the one page any site
    // may frame. Everywhere else frame-ancestors stays 'none' (ARCHITECTURE "Known pitfalls"). It is a
    // page of its own from the server, without the app (server/services/badge-page.ts).
    app.get<{ Querystring: { id?: string } }>('/badge', { schema: { hide: true } }, async (request, reply) => {
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
      const id = typeof request.query.id === 'string' ? request.query.id.trim() : '';
      const outcome = id ? await getBadge(app.db, id, app.now()) : 'no_id';
      const language = requestLanguage(request);
      // Short, so that a withdrawal takes the badge off embedding sites within a minute.
      return reply
        .code(typeof outcome === 'string' ? (outcome === 'no_id' ? 400 : 404) : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=60')
        .header('vary', 'cookie, accept-language')
        .send(badgePage(outcome, language));
    });

    const hasBuild = existsSync(`${root}/index.html`);
    if (hasBuild) {
      let template: string | undefined;
      /** The app's page with a head of its own; a 404 still carries the app, which shows its not-found page. */
      const sendPage = async (reply: FastifyReply, status: 200 | 404, head: PageHead) => {
        template ??= await readFile(`${root}/index.html`, 'utf8');
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(withHead(template, head));
      };
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (build/precompress-plugin.ts): sent as they are, with Vary.
        preCompressed: true,
        setHeaders(res, filePath) {
          res.header(
            'cache-control',
            filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      const sendApp = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
      // The public pages whose content is known before anyone comes (build/prerender-pages-plugin.ts) are
      // sent with their first screen as HTML, in the visitor's language and with the site's own texts, so
      // the browser paints them before the app has loaded; the app takes over once it shows the same
      // (web/lib/prerendered-page.ts). Only the paths of the build's list are looked up.
      const prerenderedPaths = new Set<string>(
        JSON.parse(await readFile(path.join(root, PRERENDERED_MANIFEST), 'utf8').catch(() => '[]')) as string[],
      );
      const prerendered = new Map<string, string | null>();
      const readPrerendered = async (pathname: string, language: Language) => {
        const file = prerenderedPageFile(pathname, language);
        if (!prerendered.has(file))
          prerendered.set(file, await readFile(path.join(root, file), 'utf8').catch(() => null));
        return prerendered.get(file) ?? null;
      };
      // Such a page is painted without the app, so the app's scripts need not be fetched first: at low
      // priority they leave a slow connection to the stylesheet, the font and the page's images.
      let prerenderTemplate: string | undefined;
      const prerenderedPageTemplate = async () => {
        template ??= await readFile(`${root}/index.html`, 'utf8');
        return template.replace(/<script type="module"|<link rel="modulepreload"/g, '$& fetchpriority="low"');
      };
      // The register and a clinic's page are rendered with their data, per request, by the same pages built
      // for Node (`vite build --ssr`, web/app/prerender-pages.tsx): their cards and cover images are in the
      // HTML, painted before the app has loaded. Kept a few seconds, as the register's own page cache.
      const rendererFile = path.join(root, '..', 'ssr', 'prerender-pages.js');
      const renderer = existsSync(rendererFile)
        ? ((await import(pathToFileURL(rendererFile).href)) as PageRenderer)
        : undefined;
      // Visitors asking for one page at the same time share one rendering.
      const rendered = new LRUCache<string, string, () => Promise<string>>({
        max: RENDERED_PAGES_MAX,
        ttl: RENDERED_PAGE_SECONDS * 1000,
        fetchMethod: (_key, _stale, { context: draw }) => draw(),
        // A rendering pushed out by newer ones while drawn is still sent, only not kept (as the register's page cache).
        ignoreFetchAbort: true,
      });
      const render = (key: string, draw: () => Promise<string>) => rendered.forceFetch(key, { context: draw });
      const screenWithData = async (
        request: FastifyRequest,
        pathname: string,
        language: Language,
        profile?: ClinicProfile,
      ): Promise<string | null> => {
        if (!renderer) return null;
        if (profile)
          return render(`${language} ${pathname}`, () => renderer.renderPage(pathname, language, { profile }));
        if (pathname !== REGISTER_PATH) return null;
        const asked = ClinicSearchQuerySchema.safeParse({ search: (request.query as { search?: unknown }).search });
        if (!asked.success) return null;
        const { search } = asked.data;
        return render(`${language} ${pathname} ${search}`, async () =>
          renderer.renderPage(pathname, language, {
            register: { search, page: await searchClinics(app.db, asked.data, dateInSweden(app.now())) },
          }),
        );
      };
      const sendAppPage = async (
        request: FastifyRequest,
        reply: FastifyReply,
        pathname: string,
        profile?: { clinic: ClinicProfile; head: PageHead },
      ) => {
        const language = requestLanguage(request);
        const screen =
          (await screenWithData(request, pathname, language, profile?.clinic)) ??
          (prerenderedPaths.has(pathname) ? await readPrerendered(pathname, language) : null);
        if (!screen) return profile ? sendPage(reply, 200, profile.head) : sendApp(reply);
        const isLanding = pathname === '/';
        const [hero, settings] = await Promise.all([
          isLanding ? getHeroContent(app.db, language) : undefined,
          getSiteSettings(app.db),
        ]);
        let filled = screen.replaceAll(PRERENDER_SLOTS.siteTitle, () => escapeHtml(settings.siteTitle));
        if (hero) {
          filled = filled
            .replaceAll(PRERENDER_SLOTS.title, () => escapeHtml(hero.heroTitle))
            .replaceAll(PRERENDER_SLOTS.subtitle, () => escapeHtml(hero.heroSubtitle));
        }
        prerenderTemplate ??= await prerenderedPageTemplate();
        const page = (profile ? withHead(prerenderTemplate, profile.head) : prerenderTemplate)
          .replace('<html lang="sv">', `<html lang="${language}">`)
          .replace('<div id="root"></div>', () => `${filled}<div id="root"></div>`);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'cookie, accept-language')
          .send(page);
      };
      app.get('/', { schema: { hide: true } }, (request, reply) => sendAppPage(request, reply, '/'));
      // The pages crawlers index (issue 9) get their title, description and structured data from the
      // server, and an unknown clinic or certificate a 404 status, since crawlers do not run the app.
      // Wildcards rather than parameters: a parameter longer than maxParamLength would miss the route.
      app.get<{ Params: { '*': string } }>('/kliniker/*', { schema: { hide: true } }, async (request, reply) => {
        const slug = request.params['*'];
        if (!slug) return sendAppPage(request, reply, REGISTER_PATH);
        const clinic = ClinicSlugParamsSchema.safeParse({ slug }).success
          ? await clinicProfileBySlug(app.db, slug, app.now())
          : undefined;
        if (!clinic) return sendPage(reply, 404, NOT_FOUND_HEAD);
        return sendAppPage(request, reply, `${REGISTER_PATH}/${clinic.slug}`, {
          clinic,
          head: clinicProfileHead(clinic, siteUrl),
        });
      });
      app.get<{ Params: { '*': string } }>('/verifiera/*', { schema: { hide: true } }, async (request, reply) => {
        const number = request.params['*'].trim().toUpperCase();
        if (!number) return sendApp(reply);
        const certificate = CERTIFICATE_NUMBER_PATTERN.test(number)
          ? await verifyCertificate(app.db, number, app.now())
          : undefined;
        return certificate
          ? sendPage(reply, 200, verificationHead(certificate, siteUrl))
          : sendPage(reply, 404, UNKNOWN_CERTIFICATE_HEAD);
      });
      // wildcard: false gives every built file its own route; any other page path is the app's to route.
      app.get('/*', { schema: { hide: true } }, (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '/';
        const isPage = !/^\/(api|auth)\//.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
        if (!isPage) return sendNotFound(request, reply);
        return sendAppPage(request, reply, pathname);
      });
    }
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
  },
  { name: 'web-app', dependencies: ['db', 'clock'] },
);
