import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contracts/constants.ts';
import { authErrors } from '../../lib/auth-error.ts';
import { PASSWORD_MAX_LENGTH } from './passwords.ts';

// The checks of the "Bad input", each mapped to GoTrue's status and code. The browser
// forms check the same rules with contracts/auth.ts; these are the ones that count.

const EmailFormat = z.email();

/** Emails are compared and stored trimmed and lower-cased: one account per address, whatever its case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Email and password must both be there (the exact 400 of the issue); returns the normalized email. */
export function requireCredentials(
  input: { email?: string | undefined; password?: string | undefined } | null | undefined,
): {
  email: string;
  password: string;
} {
  const email = normalizeEmail(input?.email ?? '');
  const password = input?.password ?? '';
  if (!email || !password) throw authErrors.missingCredentials();
  return { email, password };
}

/** A new account's address: at most 254 characters and a valid format (422). */
export function checkNewEmail(email: string): void {
  if (email.length > EMAIL_MAX_LENGTH) throw authErrors.emailTooLong();
  if (!EmailFormat.safeParse(email).success) throw authErrors.emailInvalid();
}

/** A new password: at least 8 characters, told in the asker's language (422 weak_password). */
export function checkNewPassword(password: string, tooShortMessage: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw authErrors.weakPassword(tooShortMessage);
  if (password.length > PASSWORD_MAX_LENGTH) throw authErrors.passwordTooLong();
}

/** A display name: trimmed, at most 200 characters (422). */
export function checkFullName(fullName: string | undefined): string {
  const name = (fullName ?? '').trim();
  if (name.length > NAME_MAX_LENGTH) throw authErrors.nameTooLong();
  return name;
}
