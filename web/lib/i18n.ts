import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../contracts/constants.ts';

// Each language and namespace is its own small chunk, loaded when a page first asks for it.
const webCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const sharedCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../contracts/locales/*/*.json');

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      webCatalogues[`../locales/${language}/${namespace}.json`] ??
      sharedCatalogues[`../../contracts/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue.default),
      (error: Error) => callback(error, null),
    );
  },
};

// Not in the build's prerender, which loads this file in Node (web/app/prerender-pages.tsx).
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}

void i18n
  .use(lazyCatalogues)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['common'],
    // Detect the language and start loading now, not on the next tick: the first page's own
    // translations (web/app/router.tsx preloadPage) are asked for right after this, in that language.
    initAsync: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      // The cookie tells the server which language to paint the landing page in before the app runs
      // (server/plugins/external/web-app.ts).
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
  });

/** The active language as the product knows it: `sv` or `en`. */
export function currentLanguage(language: string = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE) {
  return language.startsWith('en') ? 'en' : 'sv';
}

export { i18n };
