import { eq, sql } from 'drizzle-orm';
import type { GoTrueUser } from '../../../contracts/auth.ts';
import type { Role } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';

/** The sign-in identity with the profile fields GoTrue's user object carries (role, name). */
export interface Account {
  id: string;
  email: string;
  encryptedPassword: string | null;
  emailConfirmedAt: Date | null;
  lastSignInAt: Date | null;
  /** A change of address waiting for its confirmation, and when its link was sent. */
  emailChange: string | null;
  emailChangeSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  role: Role;
  fullName: string;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  encryptedPassword: users.encryptedPassword,
  emailConfirmedAt: users.emailConfirmedAt,
  lastSignInAt: users.lastSignInAt,
  emailChange: users.emailChange,
  emailChangeSentAt: users.emailChangeSentAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  role: profiles.role,
  fullName: profiles.fullName,
};

export async function findAccountById(db: Database, id: string): Promise<Account | undefined> {
  const [account] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id));
  return account;
}

/** No stored email holds NUL, and PostgreSQL cannot compare a text value with one: a sign-in with it failed with a 500 (found by server/fuzz). */
const holdsNul = (email: string) => email.includes('\u0000');

/** By the normalized (trimmed, lower-cased) email, through the unique index on lower(email). */
export async function findAccountByEmail(db: Database, email: string): Promise<Account | undefined> {
  if (holdsNul(email)) return undefined;
  const [account] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = ${email}`);
  return account;
}

export async function emailTaken(db: Database, email: string): Promise<boolean> {
  if (holdsNul(email)) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return Boolean(row);
}

/** GoTrue's user object; fields GoTrue omits when empty are left out. */
export function toGoTrueUser(account: Account): GoTrueUser {
  const confirmedAt = account.emailConfirmedAt?.toISOString();
  return {
    id: account.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: account.email,
    phone: '',
    ...(confirmedAt ? { email_confirmed_at: confirmedAt, confirmed_at: confirmedAt } : {}),
    ...(account.lastSignInAt ? { last_sign_in_at: account.lastSignInAt.toISOString() } : {}),
    ...(account.emailChange && account.emailChangeSentAt
      ? { new_email: account.emailChange, email_change_sent_at: account.emailChangeSentAt.toISOString() }
      : {}),
    app_metadata: { provider: 'email', providers: ['email'], role: account.role },
    user_metadata: { full_name: account.fullName, role: account.role },
    identities: [],
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

/** Both tables keep the last sign-in (profiles for the admin's user list, SPEC section 3). */
export async function markSignedIn(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  await db.update(profiles).set({ lastSignInAt: now }).where(eq(profiles.id, userId));
}
