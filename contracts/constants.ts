// Constants shared by server and web. This file imports nothing, so the web can use it without
// pulling zod into the landing page's bundle.

/** The certification body: what its emails are signed with and its own notices in an inbox are from. */
export const CERTIFICATION_BODY = 'Certifierad Klinik';

export const LANGUAGES = ['sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sv';

export const CLINIC_PAGE_SIZE = 24;
export const CLINIC_SEARCH_MAX_LENGTH = 200;
export const FEATURED_CLINIC_COUNT = 3;
/**
 * A clinic's rating (the average of its published reviews) is shown only from this many reviews on
 * (issue 23): fewer say little and are easy to sway.
 */
export const MIN_REVIEWS_FOR_RATING = 3;

export const ROLES = ['customer', 'clinic', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** What a person may pick when registering; `admin` comes only from the configured ADMIN_EMAIL. */
export const SELF_CHOSEN_ROLES = ['customer', 'clinic'] as const;
export type SelfChosenRole = (typeof SELF_CHOSEN_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 200;

/** SPEC section 4: Väntar is the default from registration; the admin decides Godkänd or Nekad. */
export const APPLICATION_STATUSES = ['Väntar', 'Godkänd', 'Nekad'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The six certification criteria of the application form (SPEC section 3, ids c1 to c6). */
export const CRITERIA_IDS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'] as const;
export type CriterionId = (typeof CRITERIA_IDS)[number];

/** SPEC section 9: 20 MB (20*1024*1024 bytes) per document. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** SPEC section 9: the accepted document types, by extension (the server also checks the content). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
/** A longer name is shortened (keeping its extension) before it is stored. */
export const DOCUMENT_NAME_MAX_LENGTH = 120;

/** The cover image of the register card: jpg, png or webp up to 5 MB. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

// Lengths of the clinic's own texts; the server refuses longer ones with a translated reason.
export const SHORT_TEXT_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const WEBSITE_MAX_LENGTH = 500;
export const PHONE_MAX_LENGTH = 40;
export const DISCOUNT_CODE_MAX_LENGTH = 50;
export const DENIAL_REASON_MAX_LENGTH = 2000;

/** SPEC section 5: profile completeness counts these six fields of the clinic. */
export const PROFILE_COMPLETENESS_FIELDS = [
  'fullName',
  'website',
  'description',
  'contactPerson',
  'contactEmail',
  'phoneNumber',
] as const;

/** SPEC section 9: new customers try the membership free for this many days (the plans are in the database, issue 25). */
export const FREE_TRIAL_DAYS = 14;

/** SPEC section 3: a report is Ny until an admin answers it (Hanterad). */
export const REPORT_STATUSES = ['Ny', 'Hanterad'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_CLINIC_NAME_MAX_LENGTH = 200;
export const REPORT_CONTENT_MAX_LENGTH = 5000;
export const REPORT_RESPONSE_MAX_LENGTH = 5000;
export const REPORT_PAGE_SIZE = 20;
export const FOLLOWED_PAGE_SIZE = 24;
/** The follow state of at most this many cards is asked in one request (a register page has 24). */
export const FOLLOW_LOOKUP_MAX = 100;

/** The contact page (web/config/paths.ts): a guest's link to continue a conversation points here, `?token=…`. */
export const CONTACT_PATH = '/kontakta-oss';

// Reviews from verified visits (issue 23, docs/decisions/032).
export const REVIEW_TEXT_MIN_LENGTH = 20;
export const REVIEW_TEXT_MAX_LENGTH = 2000;
export const REVIEW_REPLY_MAX_LENGTH = 2000;
export const REVIEW_REPORT_REASON_MIN_LENGTH = 10;
export const REVIEW_REPORT_REASON_MAX_LENGTH = 1000;
/** A review invitation's link works this many days. */
export const REVIEW_INVITATION_VALID_DAYS = 30;
/** A customer may change their review's text and stars this many days after writing it. */
export const REVIEW_EDIT_DAYS = 30;
/** A clinic invites for a visit at most this many days ago (and never a visit still to come). */
export const REVIEW_VISIT_MAX_AGE_DAYS = 180;
export const REVIEW_PAGE_SIZE = 10;
/** The public reasons an admin hides a review for, shown in its place on the clinic's page. */
export const REVIEW_HIDE_REASONS = ['guidelines', 'personal_data', 'offensive', 'not_a_visit'] as const;
export type ReviewHideReason = (typeof REVIEW_HIDE_REASONS)[number];
/** The public page on how reviews are collected and checked and how the register orders clinics. */
export const REVIEW_GUIDELINES_PATH = '/sa-granskar-vi-omdomen';

/** The privacy policy (issue 26), and its English address, which the server sends there in English. */
export const PRIVACY_PATH = '/integritet';
export const PRIVACY_PATH_EN = '/privacy';

/** The networks the footer can link the site's profiles on (issue 28), each an address the admin sets. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
