import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to Argon2id with m=19 MiB, t=2, p=1: the OWASP recommendation.
// (Its `Algorithm` is a const enum that isolated modules cannot read; passwords.test.ts checks the `$argon2id$` prefix.)
// @see https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id

/** Longer passwords are refused: hashing megabytes on request would be an easy way to load the server. */
export const PASSWORD_MAX_LENGTH = 1024;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown email, or an account without a
 * password) it still verifies against a dummy hash, so the answer takes as long as for a real account
 * and its timing does not reveal whether the email exists. argon2's verify compares in constant time.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(32).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a crash.
    return false;
  }
}

/** A password for `npm run admin:create` when none is given: 24 characters from 144 random bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
