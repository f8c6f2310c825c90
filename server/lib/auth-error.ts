/**
 * A refusal of `/auth/v1`, answered as GoTrue does: `{ code, error_code, msg }` with GoTrue's status.
 * auth-js reads `error_code` (we never echo the X-Supabase-Api-Version header, so it takes the
 * legacy shape, which is the one the issue asks for).
 * @see https://github.com/supabase/auth/blob/master/internal/api/errors.go
 */
export class AuthError extends Error {
  readonly status: number;
  readonly errorCode: string;
  /** GoTrue's `weak_password.reasons`, which auth-js turns into an AuthWeakPasswordError. */
  readonly reasons: string[] | undefined;

  constructor(status: number, errorCode: string, message: string, reasons?: string[]) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.errorCode = errorCode;
    this.reasons = reasons;
  }
}

export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password';

export const authErrors = {
  missingCredentials: () => new AuthError(400, 'validation_failed', MISSING_CREDENTIALS_MESSAGE),
  // One answer for an unknown email and a wrong password, so sign-in does not reveal who has an account.
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailInvalid: () => new AuthError(422, 'email_address_invalid', 'Unable to validate email address: invalid format'),
  emailTooLong: () => new AuthError(422, 'validation_failed', 'An email address is too long'),
  nameTooLong: () => new AuthError(422, 'validation_failed', 'The name (data.full_name) can be at most 200 characters'),
  /** `message` is translated for the asker (ARCHITECTURE i18n); auth-js passes it on as the error's message. */
  weakPassword: (message: string) => new AuthError(422, 'weak_password', message, ['length']),
  passwordTooLong: () => new AuthError(422, 'validation_failed', 'The password is too long'),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  currentPasswordRequired: () =>
    new AuthError(400, 'reauthentication_needed', 'Password update requires the current password (current_password)'),
  currentPasswordWrong: () => new AuthError(400, 'reauthentication_not_valid', 'The current password is incorrect'),
  validation: (message: string, status = 400) => new AuthError(status, 'validation_failed', message),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  refreshTokenMissing: () => new AuthError(400, 'validation_failed', 'refresh_token required'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthError(401, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  // GoTrue answers 403 here; the issue wants 401 for every revoked token. auth-js keys on the
  // error code (session_not_found → AuthSessionMissingError) and drops its stored session either way.
  sessionNotFound: () => new AuthError(401, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
} as const;

/** The body of a refusal: `{ code, error_code, msg }` (and `weak_password.reasons` for a weak password). */
export function toGoTrueBody(error: AuthError): {
  code: number;
  error_code: string;
  msg: string;
  weak_password?: { reasons: string[] };
} {
  return {
    code: error.status,
    error_code: error.errorCode,
    msg: error.message,
    ...(error.reasons ? { weak_password: { reasons: error.reasons } } : {}),
  };
}
