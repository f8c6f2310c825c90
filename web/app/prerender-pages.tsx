// Runs in Node only: at build time (build/prerender-pages-plugin.ts), the first screen of the public pages
// whose content is known before any visitor comes; and built for the server (`vite build --ssr`), the
// register and a clinic's page with their data, per request (server/plugins/external/web-app.ts). The
// browser paints them before any JavaScript has run (issue 13 points 3 and 5).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import { type PageData, PRERENDER_SLOTS } from '../../build/prerendered-files.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../contracts/constants.ts';
import { AccountActions } from '../components/layouts/account-actions.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { registerClinicHref } from '../config/page-params.ts';
import { paths } from '../config/paths.ts';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { registerParams } from '../features/clinic-register/lib/register-address.ts';
import { getHeroContentQueryOptions } from '../features/site/api/get-hero-content.ts';
import { PRERENDERED_PAGE_ID } from '../lib/prerendered-page.ts';
import { pageDataElement } from '../lib/page-data.ts';
import { seedPageData } from './seed-page-data.ts';
import { Component as Login } from './routes/public/login.tsx';
import { Component as About } from './routes/public/about.tsx';
import { Component as ClinicProfilePage } from './routes/public/clinic-profile.tsx';
import { Component as Clinics } from './routes/public/clinics.tsx';
import { Component as Faq } from './routes/public/faq.tsx';
import { Component as ForClinics } from './routes/public/for-clinics.tsx';
import { Component as ForCustomers } from './routes/public/for-customers.tsx';
import { Component as Register } from './routes/public/register.tsx';
import { Component as ReviewGuidelines } from './routes/public/review-guidelines.tsx';
import { Component as Privacy } from './routes/public/privacy.tsx';
import { Hero } from './routes/public/landing-hero.tsx';

/**
 * The pages served with their first screen (a page's address, or with one query parameter that changes
 * what it shows first), and what that screen is: the landing page's hero (with the
 * CMS texts as `PRERENDER_SLOTS` for the server to fill in), the others as they render before any data has
 * come (the register's loading text, where the server has no renderer to fill in its cards).
 */
const PAGES: Record<string, () => ReactNode> = {
  [paths.home]: () => <Hero />,
  [paths.about]: () => <About />,
  [paths.forClinics]: () => <ForClinics />,
  [paths.forCustomers]: () => <ForCustomers />,
  [paths.clinics]: () => <Clinics />,
  [paths.faq]: () => <Faq />,
  [paths.reviewGuidelines]: () => <ReviewGuidelines />,
  [paths.privacy]: () => <Privacy reader={{ kind: 'unknown' }} />,
  [paths.login]: () => <Login />,
  [paths.register]: () => <Register />,
  // "Starta ansökan" on /for-kliniker (issue 28): registration with Klinik chosen from the first paint.
  [registerClinicHref]: () => <Register />,
};

export const PRERENDERED_PATHS = Object.keys(PAGES);

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

function allTranslations(): Resource {
  const resources: Resource = {};
  for (const [file, module] of Object.entries(locales)) {
    const [, language = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    resources[language] = { ...resources[language], [namespace]: module.default };
  }
  return resources;
}

const instances = new Map<Language, Promise<I18n>>();

/** One i18next instance per language, made once: the server renders with it for every request. */
function translations(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        resources: allTranslations(),
        defaultNS: 'common',
        interpolation: { escapeValue: false },
      })
      .then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

/**
 * The page at `pathname` in `language`, with `data` where it shows the database's: header, page and
 * footer, wrapped in the element the app removes once it shows the same. The server cannot know whether the
 * visitor is signed in: the header holds the account links of every state, and the session stored in the
 * browser shows the right one from the first paint (docs/decisions/025-session-known-at-first-paint.md).
 * Forms and fields are inert until the app has taken over, so nothing typed into the copy is lost with it.
 */
export async function renderPage(pathname: string, language: Language, data: PageData = {}): Promise<string> {
  const profile = data.profile;
  const page = profile
    ? () => (
        <Routes>
          <Route path={`${paths.clinics}/:slug`} element={<ClinicProfilePage />} />
        </Routes>
      )
    : PAGES[pathname];
  if (!page) throw new Error(`${pathname} is not a prerendered page`);
  const i18n = await translations(language);
  const queryClient = new QueryClient();
  queryClient.setQueryData(getHeroContentQueryOptions(language).queryKey, {
    heroTitle: PRERENDER_SLOTS.title,
    heroSubtitle: PRERENDER_SLOTS.subtitle,
  });
  seedPageData(queryClient, data);
  const query = data.register ? registerParams(data.register).toString() : '';
  const location = query ? `${pathname}?${query}` : pathname;
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={location}>
          <AuthProvider>
            <PublicLayout
              siteTitle={PRERENDER_SLOTS.siteTitle}
              accountActions={<AccountActions state={{ kind: 'unknown' }} />}
            >
              {page()}
            </PublicLayout>
          </AuthProvider>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const copy = `<div id="${PRERENDERED_PAGE_ID}">${html.replace(/<(form|input|textarea|select)\b/g, '<$1 inert=""')}</div>`;
  // The register's app starts from the same cards (web/main.tsx): no second request, and no rendering of
  // 24 cards in one long task when the answer comes. A clinic's page gained nothing from it in Lighthouse
  // (its TBT rose, bench/README.md), so it still asks the API.
  return data.register ? copy + pageDataElement({ register: data.register }) : copy;
}
