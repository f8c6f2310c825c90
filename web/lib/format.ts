import type { Language } from '../../contracts/constants.ts';

// Dates in the Swedish format in either language (`2026-11-24 14:05`), as SPEC section 2 writes them;
// numbers and file sizes follow the same locale.
const LOCALE = 'sv-SE';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(LOCALE);

/** `2026-11-24` */
export const formatDate = (timestamp: string) => dateFormat.format(new Date(timestamp));

/**
 * A calendar day of the API (`2026-11-23`) as the app writes dates. Read as local midnight: read as
 * UTC (what `new Date('2026-11-23')` does) it would show the day before west of Greenwich.
 */
export const formatDay = (day: string) => formatDate(`${day}T00:00:00`);

const monthFormats: Record<Language, Intl.DateTimeFormat> = {
  sv: new Intl.DateTimeFormat('sv-SE', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/**
 * The month of a calendar day (`2026-11-23`) in words, as a review's visit is labelled: sv "november
 * 2026", en "November 2026". Read in UTC, it is the same month in every time zone.
 */
export const formatVisitMonth = (day: string, language: Language) =>
  monthFormats[language].format(new Date(`${day}T00:00:00Z`));

/** `2026-11-24 14:05` */
export const formatDateTime = (timestamp: string) => dateTimeFormat.format(new Date(timestamp));

/** `12 345` */
export const formatNumber = (value: number) => numberFormat.format(value);

const distanceFormat = new Intl.NumberFormat(LOCALE, {
  style: 'unit',
  unit: 'kilometer',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A clinic's distance from the place searched near (issue 24): `2,4 km`. */
export const formatDistanceKm = (km: number) => distanceFormat.format(km);

const MEGABYTE = 1024 * 1024;

/** `512 B`, `48 kB`, `1,3 MB` (1024-based, like the 20 MB upload limit) */
export function formatFileSize(bytes: number): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'byte'] : bytes < MEGABYTE ? [bytes / 1024, 'kilobyte'] : [bytes / MEGABYTE, 'megabyte'];
  return new Intl.NumberFormat(LOCALE, {
    style: 'unit',
    unit,
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(value);
}
