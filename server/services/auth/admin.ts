import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { authSessions, profiles, users } from '../../db/schema/index.ts';
import { findAccountByEmail } from './accounts.ts';
import { generatePassword, hashPassword } from './passwords.ts';
import { checkFullName, checkNewEmail, checkNewPassword, normalizeEmail } from './validation.ts';

export interface AdminAccountInput {
  email: string;
  /** Without one, the account gets a generated password (new or existing: an existing one's is replaced). */
  password?: string | undefined;
  fullName?: string | undefined;
  now?: Date;
}

export interface AdminAccountResult {
  userId: string;
  email: string;
  created: boolean;
  /** The role before the promotion; undefined for a new account. */
  previousRole: Role | undefined;
  /** Set only when the password was generated here: the one moment it can be shown. */
  generatedPassword: string | undefined;
  /** An existing account's password was replaced and its sessions ended (always, for an existing account). */
  passwordChanged: boolean;
}

export const DEFAULT_ADMIN_NAME = 'Administratör';

/** The checks of sign-up (AuthError on failure), before any database is opened; returns the normalized values. */
export function checkAdminInput(input: AdminAccountInput): { email: string; fullName: string | undefined } {
  const email = normalizeEmail(input.email);
  checkNewEmail(email);
  if (input.password !== undefined) checkNewPassword(input.password, 'The password must be at least 8 characters.');
  return { email, fullName: input.fullName === undefined ? undefined : checkFullName(input.fullName) };
}

/**
 * `npm run admin:create`: makes the account of `email` an admin without the web form, creating it
 * when there is none. An existing account always gets a new password (the given one, or a generated
 * one) and every session of it ends, with any pending reset link: whoever registered the address
 * before the operator, or knows its old password, keeps no way in (issue 27).
 */
export async function createOrPromoteAdmin(db: Database, input: AdminAccountInput): Promise<AdminAccountResult> {
  const { email, fullName } = checkAdminInput(input);
  const now = input.now ?? new Date();

  const existing = await findAccountByEmail(db, email);
  const [identity] = existing
    ? [{ id: existing.id, encryptedPassword: existing.encryptedPassword }]
    : await db
        .select({ id: users.id, encryptedPassword: users.encryptedPassword })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);

  const generatedPassword = input.password === undefined ? generatePassword() : undefined;
  const encryptedPassword = await hashPassword(input.password ?? (generatedPassword as string));

  return db.transaction(async (tx) => {
    let userId = identity?.id;
    if (!userId) {
      const [created] = await tx
        .insert(users)
        .values({ email, encryptedPassword, emailConfirmedAt: now, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned no row');
      userId = created.id;
    } else {
      await tx
        .update(users)
        .set({ encryptedPassword, recoveryTokenHash: null, recoverySentAt: null, updatedAt: now })
        .where(eq(users.id, userId));
      await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    }
    await tx
      .insert(profiles)
      .values({
        id: userId,
        email,
        role: 'admin',
        fullName: fullName || DEFAULT_ADMIN_NAME,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { role: 'admin', updatedAt: now, ...(fullName ? { fullName } : {}) },
      });
    return {
      userId,
      email,
      created: !identity,
      previousRole: existing?.role,
      generatedPassword,
      passwordChanged: Boolean(identity),
    };
  });
}

/** Whether any admin account exists (server.ts warns in production when none does). */
export async function hasAdmin(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin')).limit(1);
  return Boolean(row);
}
