/** What the auth services need besides the database; built once per app (server/app.ts). */
export interface AuthSettings {
  /** HS256 signing key of the access tokens (JWT_SECRET, or the one generated into DATA_DIR). */
  jwtKey: Uint8Array;
  /** `iss` of the access tokens: `${SITE_URL}/auth/v1`, as GoTrue names its own URL. */
  issuer: string;
  /** Base of the links in emails (SITE_URL, no trailing slash). */
  siteUrl: string;
  /** ADMIN_EMAIL, trimmed and lower-cased: registering with it yields role admin where `adminBySignUp`. */
  adminEmail: string;
  /**
   * Whether registering ADMIN_EMAIL yields role admin: outside production only (SPEC, for demo and
   * development installations). Sign-up is not confirmed by email, so in production whoever registered
   * the address first would be admin: there only `npm run admin:create` grants the role (issue 27).
   */
  adminBySignUp: boolean;
  /** The clock; tests move it to expire tokens and pass the refresh-token reuse interval. */
  now: () => Date;
}

/** Access tokens live an hour, as GoTrue's default `JWT_EXP`. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** A rotated refresh token may be presented again this long (two tabs refreshing at once); later it revokes its session. */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;
/**
 * A session not refreshed for this long has expired (GoTrue's `sessions.inactivity_timeout`): its
 * refresh token is refused, and the housekeeping job deletes it. A tab in use refreshes every hour.
 */
export const SESSION_INACTIVITY_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** Revoked refresh tokens are kept this long to recognise a stolen one presented again, then deleted. */
export const REVOKED_REFRESH_TOKEN_KEEP_MS = 24 * 60 * 60 * 1000;
/** A password-reset link works once, within this time. */
export const RECOVERY_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A link confirming a new address works once, within this time (as GoTrue's default `MAILER_OTP_EXP` of a day). */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
