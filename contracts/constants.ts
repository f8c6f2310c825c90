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

export const ROLES = ['customer', 'clinic', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** What a person may pick when registering; `admin` comes only from the configured ADMIN_EMAIL. */
export const SELF_CHOSEN_ROLES = ['customer', 'clinic'] as const;
export type SelfChosenRole = (typeof SELF_CHOSEN_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 200;
