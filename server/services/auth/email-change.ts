import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { CONFIRM_EMAIL_PATH, type GoTrueSession } from '../../../contracts/auth.ts';
import type { Database } from '../../db/client.ts';
import { authSessions, profiles, users } from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { emailTaken, findAccountById } from './accounts.ts';
import { authErrors } from '../../lib/auth-error.ts';
import { issueSession, startSession } from './sessions.ts';
import { type AuthSettings, EMAIL_CHANGE_TOKEN_TTL_MS } from './settings.ts';
import { newOpaqueToken, sha256 } from './tokens.ts';

// A change of address (issue 27), as GoTrue does it with a single confirmation: PUT /user stores the
// new address as pending and mails a link to it; the address changes when POST /verify receives the
// link's token. Until then the old address signs in and receives reset links.

/** `${SITE_URL}/confirm-email?token_hash=<token>&type=email_change`: the web page hands the token to POST /verify. */
export function confirmEmailLink(siteUrl: string, token: string): string {
  const query = new URLSearchParams({ token_hash: token, type: 'email_change' });
  return `${siteUrl}${CONFIRM_EMAIL_PATH}?${query.toString()}`;
}

export function emailChangeEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Bekräfta din nya e-postadress / Confirm your new email address – Certifierad Klinik',
    text: [
      'Hej!',
      '',
      'Någon (förhoppningsvis du) vill byta e-postadressen för ett konto hos Certifierad Klinik till den här adressen.',
      'Öppna länken nedan för att bekräfta bytet. Länken gäller i ett dygn och kan bara användas en gång;',
      'tills du öppnar den loggar kontot in med sin gamla adress.',
      '',
      link,
      '',
      'Om du inte bad om detta kan du bortse från meddelandet; inget ändras.',
      '',
      'In English: open the link above within a day to make this the sign-in address of your Certifierad Klinik account.',
      'If you did not ask for this, ignore this email; nothing changes.',
      '',
    ].join('\n'),
  };
}

/** To the old address once the change took effect: whoever lost the account this way learns of it. */
export function emailChangedNotice(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Din e-postadress har ändrats / Your email address was changed – Certifierad Klinik',
    text: [
      'Hej!',
      '',
      `Ditt konto hos Certifierad Klinik loggar nu in med ${newEmail} i stället för den här adressen.`,
      'Alla inloggningar på andra enheter har avslutats. Om det inte var du, kontakta oss genom att svara på det här mejlet.',
      '',
      `In English: your Certifierad Klinik account now signs in with ${newEmail} instead of this address.`,
      'Every other signed-in device was signed out. If this was not you, contact us by replying to this email.',
      '',
    ].join('\n'),
  };
}

/**
 * Inside PUT /user's transaction: `newEmail` becomes the pending change, with a fresh single-use
 * token that replaces any earlier one. Returns the email to send to the new address.
 */
export async function storePendingEmailChange(
  db: Database,
  settings: AuthSettings,
  userId: string,
  newEmail: string,
  now: Date,
): Promise<MailMessage> {
  const token = newOpaqueToken();
  await db
    .update(users)
    .set({ emailChange: newEmail, emailChangeTokenHash: sha256(token), emailChangeSentAt: now })
    .where(eq(users.id, userId));
  return emailChangeEmail(newEmail, confirmEmailLink(settings.siteUrl, token));
}

/**
 * POST /verify with `{ type: 'email_change', token_hash }`: a valid, unexpired token is used up, the
 * pending address becomes the account's (it must still be free: 422 email_exists, the unique index
 * deciding a race), reset links issued before stop working, every session of the account ends and a
 * new one is opened, as GoTrue answers. The role is the profile's and does not change with the address.
 * Returns the session and the notice to the old address.
 */
export async function verifyEmailChange(
  db: Database,
  settings: AuthSettings,
  tokenHash: string,
): Promise<{ session: GoTrueSession; notice: MailMessage }> {
  const now = settings.now();
  const validSince = new Date(now.getTime() - EMAIL_CHANGE_TOKEN_TTL_MS);
  const found = and(
    eq(users.emailChangeTokenHash, sha256(tokenHash)),
    gt(users.emailChangeSentAt, validSince),
    isNotNull(users.emailChange),
  );
  const [pending] = await db
    .select({ id: users.id, email: users.email, emailChange: users.emailChange })
    .from(users)
    .where(found);
  if (!pending?.emailChange) throw authErrors.otpExpired();
  const newEmail = pending.emailChange;
  // Cheap refusal; the unique index on lower(email) still decides a race.
  if (await emailTaken(db, newEmail)) throw authErrors.emailExists();
  try {
    const session = await db.transaction(async (tx) => {
      // Clearing the hash in the statement that finds it makes the token single-use, even under concurrency.
      const [user] = await tx
        .update(users)
        .set({
          email: newEmail,
          emailChange: null,
          emailChangeTokenHash: null,
          emailChangeSentAt: null,
          recoveryTokenHash: null,
          recoverySentAt: null,
          emailConfirmedAt: sql`${now.toISOString()}::timestamptz`,
          updatedAt: now,
        })
        .where(and(eq(users.id, pending.id), found))
        .returning({ id: users.id });
      if (!user) throw authErrors.otpExpired();
      await tx.update(profiles).set({ email: newEmail, updatedAt: now }).where(eq(profiles.id, user.id));
      await tx.delete(authSessions).where(eq(authSessions.userId, user.id));
      const started = await startSession(tx, user.id, 'password', now);
      const account = await findAccountById(tx, user.id);
      if (!account) throw authErrors.otpExpired();
      return issueSession(settings, account, started.session, started.refreshToken);
    });
    return { session, notice: emailChangedNotice(pending.email, newEmail) };
  } catch (error) {
    if (isUniqueViolation(error)) throw authErrors.emailExists();
    throw error;
  }
}
