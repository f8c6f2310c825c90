import { LRUCache } from 'lru-cache';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PRERENDER_SLOTS } from '../../../build/prerendered-files.ts';
import { type Language, PRIVACY_PATH, PRIVACY_PATH_EN } from '../../../contracts/constants.ts';
import { CERTIFICATE_NUMBER_PATTERN, normalizeCertificateNumber } from '../../../contracts/certificates.ts';
import { ClinicSearchQuerySchema, ClinicSlugParamsSchema } from '../../../contracts/clinics.ts';
import type { ClinicPageAnswer, LeftRegisterStatus } from '../../../contracts/left-register.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { escapeHtml, type PageHead, withHead } from '../../lib/html-head.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { sendNotFound } from '../../plugins/app/errors.ts';
import { badgePage } from '../../services/badge-page.ts';
import { getBadge, verifyCertificate } from '../../services/certificates.ts';
import {
  clinicProfileHead,
  leftRegisterHead,
  NOT_FOUND_HEAD,
  privacyHead,
  UNKNOWN_CERTIFICATE_HEAD,
  verificationHead,
} from '../../services/page-heads.ts';
import { clinicPageBySlug } from '../../services/left-register.ts';
import { getHeroContent, getSiteSettings, publicSiteSettings } from '../../services/site-content.ts';

// The register's page (web/config/paths.ts `paths.clinics`).
const REGISTER_PATH = '/kliniker';
// Rendered pages kept: the register's searches asked most and the clinics' pages, each some 30 kB.
const RENDERED_PAGES_MAX = 300;
const RENDERED_PAGE_SECONDS = 5;

/**
 * The status of the page of a clinic that left the register (issue 28 point 4). Withdrawn or expired:
 * 410 Gone, the register entry will not come back as it was (a new certificate is a new approval), so
 * crawlers drop the address at once instead of retrying a 404 for weeks, while a person following an
 * old link still reads what happened. Suspended: 200, since reinstating it brings the same page back;
 * a 4xx would have crawlers forget the address meanwhile. Both carry `noindex` (leftRegisterHead): no
 * search result presents the clinic as certified.
 */
const LEFT_REGISTER_STATUS: Record<LeftRegisterStatus, 200 | 410> = { withdrawn: 410, expired: 410, suspended: 200 };

/**
 * The pages the server answers itself: the badge, and, with a build (plugins/external/web-app.ts),
 * the app's pages with their first screen, head and status.
 */
export const pageRoutes: FastifyPluginAsync<{ siteUrl: string; mapStyleUrl: string | undefined }> = async (
  app,
  { siteUrl, mapStyleUrl },
) => {
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
  const build = app.webBuild;
  if (!build) return;
  // The register and a clinic's page are rendered with their data, per request, by the pages built
  // for Node: their cards and cover images are in the HTML, painted before the app has loaded. Kept a
  // few seconds, as the register's own page cache. Visitors asking for one page at once share one rendering.
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
    profile?: ClinicPageAnswer,
  ): Promise<string | null> => {
    const renderPage = build.renderPage;
    if (!renderPage) return null;
    // The footer's links and the map button (MAP_STYLE_URL) are in the first screen too.
    const site = () => publicSiteSettings(app.db, mapStyleUrl);
    if (profile)
      return render(`${language} ${pathname}`, async () =>
        renderPage(pathname, language, { profile, site: await site() }),
      );
    if (pathname !== REGISTER_PATH) return null;
    const { search, treatment, near, lat, lon, radius } = request.query as Record<string, unknown>;
    const asked = ClinicSearchQuerySchema.safeParse({ search, treatment, near, lat, lon, radius });
    // Input the API refuses: the page painted ahead, whose app then shows the API's reason (never a 500).
    if (!asked.success) return null;
    // The place, position and radius as the address has them, as the app keys its query by them (register-address.ts).
    const register = {
      search: asked.data.search,
      treatment: asked.data.treatment,
      near: asked.data.near || undefined,
      lat: typeof lat === 'string' ? lat : undefined,
      lon: typeof lon === 'string' ? lon : undefined,
      radius: typeof radius === 'string' && (asked.data.near || lat !== undefined) ? radius : undefined,
    };
    try {
      return await render(JSON.stringify([language, pathname, register]), async () =>
        renderPage(pathname, language, {
          register: { ...register, page: await app.searchRegister(asked.data, dateInSweden(app.now())) },
          site: await site(),
        }),
      );
    } catch (error) {
      // A place the list does not have ("Ingen ort hittades"), a search over its time budget ("Förfina
      // sökningen"): as refused input above.
      if (error instanceof ApiFailure) return null;
      throw error;
    }
  };
  // A page the build also painted with one of the address's query parameters (`/register?role=clinic`,
  // issue 28): that screen, so the first paint already shows what the parameter chose.
  const prerenderedVariant = (pathname: string, url: string): string | undefined => {
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    for (const parameter of query) {
      const variant = `${pathname}?${new URLSearchParams([parameter])}`;
      if (build.isPrerendered(variant)) return variant;
    }
    return undefined;
  };
  // The public pages whose content is known before anyone comes are sent with their first screen as
  // HTML, in the visitor's language and with the site's own texts, so the browser paints them before
  // the app has loaded; the app takes over once it shows the same (web/lib/prerendered-page.ts).
  // A page with a head of its own (`answer`): a clinic's page with its data, or a page whose head is known ahead.
  const sendAppPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    answer?: { clinic?: ClinicPageAnswer; head: PageHead; status: 200 | 410 },
  ) => {
    const language = requestLanguage(request);
    const painted = prerenderedVariant(pathname, request.url) ?? pathname;
    const screen =
      (await screenWithData(request, pathname, language, answer?.clinic)) ??
      (build.isPrerendered(painted) ? await build.prerendered(painted, language) : null);
    if (!screen) return answer ? build.sendPage(reply, answer.status, answer.head) : build.sendApp(reply);
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
    const template = await build.prerenderTemplate();
    const page = (answer ? withHead(template, answer.head) : template)
      .replace('<html lang="sv">', `<html lang="${language}">`)
      .replace('<div id="root"></div>', () => `${filled}<div id="root"></div>`);
    return reply
      .code(answer?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-language')
      .send(page);
  };
  app.get('/', { schema: { hide: true } }, (request, reply) => sendAppPage(request, reply, '/'));
  // The pages crawlers index (issue 9) get their title, description and structured data from the
  // server, and an unknown clinic or certificate a 404 status, since crawlers do not run the app; a
  // clinic that left the register its own status and head (LEFT_REGISTER_STATUS).
  // Wildcards rather than parameters: a parameter longer than maxParamLength would miss the route.
  app.get<{ Params: { '*': string } }>('/kliniker/*', { schema: { hide: true } }, async (request, reply) => {
    const slug = request.params['*'];
    if (!slug) return sendAppPage(request, reply, REGISTER_PATH);
    const clinic = ClinicSlugParamsSchema.safeParse({ slug }).success
      ? await clinicPageBySlug(app.db, slug, app.now())
      : undefined;
    if (!clinic) return build.sendPage(reply, 404, NOT_FOUND_HEAD);
    return sendAppPage(
      request,
      reply,
      `${REGISTER_PATH}/${clinic.slug}`,
      'leftRegister' in clinic
        ? { clinic, head: leftRegisterHead(clinic), status: LEFT_REGISTER_STATUS[clinic.leftRegister.status] }
        : { clinic, head: clinicProfileHead(clinic, siteUrl), status: 200 },
    );
  });
  app.get<{ Params: { '*': string } }>('/verifiera/*', { schema: { hide: true } }, async (request, reply) => {
    const number = normalizeCertificateNumber(request.params['*']);
    if (!number) return build.sendApp(reply);
    const certificate = CERTIFICATE_NUMBER_PATTERN.test(number)
      ? await verifyCertificate(app.db, number, app.now())
      : undefined;
    return certificate
      ? build.sendPage(reply, 200, verificationHead(certificate, siteUrl))
      : build.sendPage(reply, 404, UNKNOWN_CERTIFICATE_HEAD);
  });
  // The privacy policy (issue 26 point 4) with its head in the visitor's language; its English address
  // sends there with `lng=en`, the language the app and the server then keep (web/lib/i18n.ts).
  app.get(PRIVACY_PATH, { schema: { hide: true } }, (request, reply) =>
    sendAppPage(request, reply, PRIVACY_PATH, { head: privacyHead(requestLanguage(request), siteUrl), status: 200 }),
  );
  app.get(PRIVACY_PATH_EN, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${PRIVACY_PATH}?lng=en`, 301),
  );
  // wildcard: false gives every built file its own route; any other page path is the app's to route.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = !/^\/(api|auth)\//.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
    if (!isPage) return sendNotFound(request, reply);
    return sendAppPage(request, reply, pathname);
  });
};
