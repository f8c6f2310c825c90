import { currentLanguage } from '../../../lib/i18n.ts';

/**
 * The month of a visit as a review's label names it ("Verifierat besök, oktober 2026" / "Verified
 * visit, October 2026"). The day is a calendar day: read in UTC, it is the same month everywhere.
 */
export function visitMonth(visitDate: string, language?: string): string {
  const locale = currentLanguage(language) === 'en' ? 'en-GB' : 'sv-SE';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${visitDate}T00:00:00Z`),
  );
}
