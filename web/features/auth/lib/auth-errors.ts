/** The parts of auth-js's AuthError the pages look at, read without importing auth-js itself. */
interface AuthErrorLike {
  status?: number;
  code?: string;
  name?: string;
}

const asAuthError = (error: unknown): AuthErrorLike =>
  typeof error === 'object' && error !== null ? (error as AuthErrorLike) : {};

/**
 * The description key for a failed auth call: a few causes the person can act on get their own
 * text, everything else the page's own description (SPEC section 8 names the toasts per page).
 */
export function authErrorDescriptionKey(error: unknown, fallbackKey: string): string {
  const { status, code, name } = asAuthError(error);
  if (status === 429 || code === 'over_request_rate_limit' || code === 'over_email_send_rate_limit')
    return 'auth:errors.rateLimited';
  if (code === 'user_already_exists' || code === 'email_exists') return 'auth:errors.emailTaken';
  if (code === 'weak_password') return 'auth:errors.weakPassword';
  if (code === 'same_password') return 'auth:errors.samePassword';
  if (code === 'reauthentication_not_valid') return 'auth:errors.currentPasswordWrong';
  if (name === 'AuthRetryableFetchError' || (status !== undefined && status >= 500)) return 'auth:errors.unavailable';
  return fallbackKey;
}

/**
 * Logs what is worth a developer's look: a refused password or a taken address (4xx) is the
 * person's business and only shows its toast.
 */
export function logUnexpectedAuthError(message: string, error: unknown): void {
  const { status } = asAuthError(error);
  if (status !== undefined && status >= 400 && status < 500) return;
  console.error(message, error);
}
