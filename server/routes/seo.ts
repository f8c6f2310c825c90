import type { FastifyPluginAsync } from 'fastify';
import { PRIVACY_PATH, REVIEW_GUIDELINES_PATH } from '../../contracts/constants.ts';
import { escapeHtml } from '../lib/html-head.ts';
import { registerClinicCount, registerClinicSlugs, SITEMAP_CLINICS_PER_FILE } from '../services/public-profiles.ts';
import { clinicPagePath } from '../services/page-heads.ts';

/** The public pages of the site that search engines should know (SPEC section 2), besides the clinics. */
const PUBLIC_PAGES = [
  '/',
  '/kliniker',
  '/verifiera',
  '/om-oss',
  '/for-kliniker',
  '/for-kunder',
  '/vanliga-fragor',
  REVIEW_GUIDELINES_PATH,
  '/kontakta-oss',
  PRIVACY_PATH,
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlSet(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) => `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt and the sitemap: an index of one file of the public pages and as many files of clinic
 * pages as the register needs (the protocol allows 50,000 addresses a file).
 */
export const seoRoutes: FastifyPluginAsync<{ siteUrl: string }> = async (app, { siteUrl }) => {
  const absolute = (path: string) => new URL(path, siteUrl).href;
  // Crawlers fetch these rarely and a new clinic may wait an hour to be listed.
  const cached = 'public, max-age=3600';

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', cached)
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /auth/',
          'Disallow: /dashboard',
          'Disallow: /clinic-dashboard',
          'Disallow: /admin',
          // A review invitation's link holds its secret token (issue 23): never crawled.
          'Disallow: /omdome/',
          '',
          `Sitemap: ${absolute('/sitemap.xml')}`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = Math.max(1, Math.ceil((await registerClinicCount(app.db, app.now())) / SITEMAP_CLINICS_PER_FILE));
    const sitemaps = [
      '/sitemaps/pages.xml',
      ...Array.from({ length: files }, (_, index) => `/sitemaps/clinics-${index + 1}.xml`),
    ];
    const body = `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemaps.map((path) => `<sitemap><loc>${escapeHtml(absolute(path))}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', cached).send(body);
  });

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cached)
      .send(urlSet(PUBLIC_PAGES.map((path) => ({ loc: absolute(path) })))),
  );

  app.get<{ Params: { file: string } }>(
    '/sitemaps/clinics-:file.xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = Number(request.params.file);
      if (!Number.isSafeInteger(file) || file < 1 || file > 1000) return reply.callNotFound();
      const clinics = await registerClinicSlugs(app.db, file - 1, app.now());
      if (clinics.length === 0 && file > 1) return reply.callNotFound();
      const entries = clinics.map(({ slug, updatedAt }) => ({
        loc: absolute(clinicPagePath(slug)),
        lastmod: updatedAt.toISOString().slice(0, 10),
      }));
      return reply.type('application/xml; charset=utf-8').header('cache-control', cached).send(urlSet(entries));
    },
  );
};
