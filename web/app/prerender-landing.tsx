// Runs at build time only, in Node (build/prerender-landing-plugin.ts): the landing page's first screen
// as HTML, so the browser paints it before any JavaScript has run (issue 13 point 3).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { DEFAULT_LANGUAGE, type Language } from '../../contracts/constants.ts';
import { AccountActions } from '../components/layouts/account-actions.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { getHeroContentQueryOptions } from '../features/site/api/get-hero-content.ts';
import enCommon from '../locales/en/common.json';
import enHome from '../locales/en/home.json';
import svCommon from '../locales/sv/common.json';
import svHome from '../locales/sv/home.json';
import { HERO_SLOTS, Hero, PRERENDERED_LANDING_ID } from './routes/public/landing-hero.tsx';

/**
 * The landing page's header, hero and footer in `language`, with the CMS texts as `HERO_SLOTS` for the
 * server to fill in, wrapped in the element the app removes once it shows the same. The account buttons
 * keep their room but show nothing: the server cannot know whether the visitor is signed in
 * (docs/decisions/008-lazy-auth-client.md).
 */
export async function renderLanding(language: Language): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { sv: { common: svCommon, home: svHome }, en: { common: enCommon, home: enHome } },
    ns: ['common', 'home'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(getHeroContentQueryOptions(language).queryKey, { heroTitle: HERO_SLOTS.title, heroSubtitle: HERO_SLOTS.subtitle });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location="/">
          <PublicLayout siteTitle={HERO_SLOTS.siteTitle} accountActions={<AccountActions state={{ kind: 'pending' }} />}>
            <Hero />
          </PublicLayout>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return `<div id="${PRERENDERED_LANDING_ID}">${html}</div>`;
}
