import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGES } from '../../../contracts/constants.ts';
import { cn } from '../../lib/cn.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const LANGUAGE_NAMES = { sv: 'Svenska', en: 'English' } as const;
// The query parameter the server and i18next's detector both read first (server/plugins/external/web-app.ts).
const LANGUAGE_PARAMETER = 'lng';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Links, not buttons, so that they work before the app runs: in the server's copy of a page a click loads
 * the page in that language (`?lng=`); in the app it switches the language in place (decision 025).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const active = currentLanguage(i18n.resolvedLanguage);
  const searchWith = (language?: string) => {
    const search = new URLSearchParams(location.search);
    if (language) search.set(LANGUAGE_PARAMETER, language);
    else search.delete(LANGUAGE_PARAMETER);
    const query = search.toString();
    return query ? `?${query}` : '';
  };

  const switchInPlace = (event: MouseEvent, language: string) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void i18n.changeLanguage(language);
    // A `?lng=` left by a switch in the server's copy would otherwise win again on the next reload.
    if (new URLSearchParams(location.search).has(LANGUAGE_PARAMETER))
      void navigate({ search: searchWith(), hash: location.hash }, { replace: true });
  };

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-md border bg-card p-0.5', className)}
    >
      {LANGUAGES.map((language) => (
        <a
          key={language}
          href={`${location.pathname}${searchWith(language)}`}
          hrefLang={language}
          lang={language}
          aria-current={active === language ? 'true' : undefined}
          onClick={(event) => switchInPlace(event, language)}
          className={cn(
            'rounded-sm px-2.5 py-1 text-sm font-medium transition-colors',
            active === language ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {LANGUAGE_NAMES[language]}
        </a>
      ))}
    </div>
  );
}
