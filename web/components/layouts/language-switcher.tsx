import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../contracts/constants.ts';
import { cn } from '../../lib/cn.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const LANGUAGE_NAMES = { sv: 'Svenska', en: 'English' } as const;

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n.resolvedLanguage);
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-md border bg-card p-0.5', className)}
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={active === language}
          onClick={() => void i18n.changeLanguage(language)}
          className={cn(
            'rounded-sm px-2.5 py-1 text-sm font-medium transition-colors',
            active === language ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
