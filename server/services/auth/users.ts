import { and, eq, ne } from 'drizzle-orm';
import type { GoTrueSession, GoTrueUser, SignUpBody, TokenBody, UpdateUserBody } from '../../../contracts/auth.ts';
import type { Role } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { authSessions, profiles, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { emailTaken, findAccountByEmail, findAccountById, toGoTrueUser } from './accounts.ts';
import { storePendingEmailChange } from './email-change.ts';
import { authErrors } from '../../lib/auth-error.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { type AuthContext, issueSession, startSession } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { checkFullName, checkNewEmail, checkNewPassword, normalizeEmail, requireCredentials } from './validation.ts';

/**
 * The role of a new account: `admin` only for the configured ADMIN_EMAIL where sign-up may grant it
 * (not in production), whatever was chosen; otherwise `clinic` when chosen, and `customer` for anything
 * else (a chosen `admin` included).
 */
export function roleForSignUp(
  email: string,
  chosen: string | undefined,
  settings: Pick<AuthSettings, 'adminEmail' | 'adminBySignUp'>,
): Role {
  if (settings.adminBySignUp && email === settings.adminEmail) return 'admin';
  return chosen === 'clinic' ? 'clinic' : 'customer';
}

/**
 * POST /signup: users and profiles rows and the first session in one transaction, auto-confirmed
 * (GoTrue with `MAILER_AUTOCONFIRM`). A refused sign-up writes nothing.
 */
export async function signUp(
  db: Database,
  settings: AuthSettings,
  input: SignUpBody,
  messages: { passwordTooShort: string },
): Promise<GoTrueSession> {
  const { email, password } = requireCredentials(input);
  checkNewEmail(email);
  checkNewPassword(password, messages.passwordTooShort);
  const fullName = checkFullName(input?.data?.full_name);
  const role = roleForSignUp(email, input?.data?.role, settings);

  // Cheap refusal before the expensive hash; the unique index still decides a race.
  if (await emailTaken(db, email)) throw authErrors.userAlreadyExists();
  const encryptedPassword = await hashPassword(password);
  const now = settings.now();

  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, encryptedPassword, emailConfirmedAt: now, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned no row');
      // A clinic starts uncertified with application_status Väntar (the column defaults).
      await tx.insert(profiles).values({ id: user.id, email, role, fullName, createdAt: now, updatedAt: now });
      const { session, refreshToken } = await startSession(tx, user.id, 'password', now);
      const account = await findAccountById(tx, user.id);
      if (!account) throw new Error('account vanished inside its own transaction');
      return issueSession(settings, account, session, refreshToken);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw authErrors.userAlreadyExists();
    throw error;
  }
}

/** POST /token?grant_type=password. Unknown email and wrong password get the same answer, in the same time. */
export async function signInWithPassword(
  db: Database,
  settings: AuthSettings,
  input: TokenBody,
): Promise<GoTrueSession> {
  const { email, password } = requireCredentials(input);
  const account = await findAccountByEmail(db, email);
  const valid = await verifyPassword(account?.encryptedPassword, password);
  if (!account || !valid) throw authErrors.invalidCredentials();
  const now = settings.now();
  return db.transaction(async (tx) => {
    const { session, refreshToken } = await startSession(tx, account.id, 'password', now);
    return issueSession(settings, { ...account, lastSignInAt: now }, session, refreshToken);
  });
}

export async function getUser(db: Database, auth: AuthContext): Promise<GoTrueUser> {
  const account = await findAccountById(db, auth.userId);
  // The session lookup just found this person; a delete in between is a signed-out session.
  if (!account) throw authErrors.sessionNotFound();
  return toGoTrueUser(account);
}

/**
 * PUT /user: the name (`data.full_name`), the email address and the password. A new email or a new
 * password needs the current password, unless the session began from a reset link (then only the
 * password may change). A new address must be free (422 email_exists) and does not take effect here:
 * it is stored as pending and a link is mailed to it (issue 27, server/services/auth/email-change.ts);
 * the answer carries `new_email` and `email_change_sent_at`, as GoTrue's does. After a password change
 * every other session of the person is signed out (as GoTrue does), and this one needs the current
 * password for the next change. Returns the user and the email to send, if any.
 */
export async function updateUser(
  db: Database,
  settings: AuthSettings,
  auth: AuthContext,
  input: UpdateUserBody,
  messages: { passwordTooShort: string },
): Promise<{ user: GoTrueUser; email: MailMessage | undefined }> {
  const account = await findAccountById(db, auth.userId);
  if (!account) throw authErrors.sessionNotFound();

  const fullName = input?.data?.full_name === undefined ? undefined : checkFullName(input.data.full_name);
  const requestedEmail = input?.email === undefined ? undefined : normalizeEmail(input.email);
  const email = requestedEmail !== undefined && requestedEmail !== account.email ? requestedEmail : undefined;
  if (email !== undefined) checkNewEmail(email);
  const password = input?.password;
  if (password !== undefined) checkNewPassword(password, messages.passwordTooShort);

  if (email !== undefined || (password !== undefined && auth.session.method !== 'recovery')) {
    // auth-js `updateUser({ password, current_password })` sends it at the top level; `data` is accepted too.
    const current = input?.current_password ?? input?.data?.current_password;
    if (!current) throw authErrors.currentPasswordRequired();
    if (!(await verifyPassword(account.encryptedPassword, current))) throw authErrors.currentPasswordWrong();
  }
  let encryptedPassword: string | undefined;
  if (password !== undefined) {
    if (account.encryptedPassword && (await verifyPassword(account.encryptedPassword, password)))
      throw authErrors.samePassword();
    encryptedPassword = await hashPassword(password);
  }
  if (email !== undefined && (await emailTaken(db, email))) throw authErrors.emailExists();

  const now = settings.now();
  let confirmation: MailMessage | undefined;
  await db.transaction(async (tx) => {
    if (fullName !== undefined) {
      await tx.update(profiles).set({ fullName, updatedAt: now }).where(eq(profiles.id, auth.userId));
    }
    if (email !== undefined) confirmation = await storePendingEmailChange(tx, settings, auth.userId, email, now);
    if (encryptedPassword !== undefined) {
      // A pending reset link stops working once the password has been changed.
      await tx
        .update(users)
        .set({ encryptedPassword, recoveryTokenHash: null, recoverySentAt: null })
        .where(eq(users.id, auth.userId));
      await tx
        .delete(authSessions)
        .where(and(eq(authSessions.userId, auth.userId), ne(authSessions.id, auth.session.id)));
      await tx.update(authSessions).set({ method: 'password' }).where(eq(authSessions.id, auth.session.id));
    }
    if (fullName !== undefined || email !== undefined || encryptedPassword !== undefined) {
      await tx.update(users).set({ updatedAt: now }).where(eq(users.id, auth.userId));
    }
  });
  return { user: await getUser(db, auth), email: confirmation };
}
