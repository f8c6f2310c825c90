import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../contracts/payments.ts';
import { currentLanguage } from './i18n.ts';

/** Picks the active language's text of a value the server keeps in both (a plan's name). */
export function useLocalizedText(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (text) => text[language];
}
