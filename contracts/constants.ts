// Constants shared by server and web. This file imports nothing, so the web can use it without
// pulling zod into the landing page's bundle.

export const LANGUAGES = ['sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sv';

export const CLINIC_PAGE_SIZE = 24;
export const CLINIC_PAGE_SIZE_MAX = 100;
export const CLINIC_SEARCH_MAX_LENGTH = 200;
export const FEATURED_CLINIC_COUNT = 3;
/** Shown on every clinic card; SPEC section 9 fixes it as text, it is not a rating from data. */
export const DISPLAYED_RATING = 4.9;
