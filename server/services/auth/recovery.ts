import { and, eq, gt, sql } from 'drizzle-orm';
import { type GoTrueSession, RESET_PASSWORD_PATH, type RecoverBody, type VerifyBody } from '../../../contracts/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { findAccountById } from './accounts.ts';
import { authErrors } from '../../lib/auth-error.ts';
import { issueSession, startSession } from './sessions.ts';
import { type AuthSettings, RECOVERY_TOKEN_TTL_MS } from './settings.ts';
import { newOpaqueToken, sha256 } from './tokens.ts';
import { checkNewEmail, normalizeEmail } from './validation.ts';

/** `${SITE_URL}/reset-password?token_hash=<token>&type=recovery`: the web page hands the token to POST /verify. */
export function resetLink(siteUrl: string, token: string): string {
  const query = new URLSearchParams({ token_hash: token, type: 'recovery' });
  return `${siteUrl}${RESET_PASSWORD_PATH}?${query.toString()}`;
}

export function recoveryEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Återställ ditt lösenord / Reset your password – Certifierad Klinik',
    text: [
      'Hej!',
      '',
      'Någon (förhoppningsvis du) har bett om att få återställa lösenordet till ditt konto hos Certifierad Klinik.',
      'Öppna länken nedan för att välja ett nytt lösenord. Länken gäller i en timme och kan bara användas en gång.',
      '',
      link,
      '',
      'Om du inte bad om detta kan du bortse från meddelandet; ditt lösenord är oförändrat.',
      '',
      'In English: open the link above within one hour to choose a new password for Certifierad Klinik.',
      'If you did not ask for this, ignore this email; your password has not been changed.',
      '',
    ].join('\n'),
  };
}

/**
 * POST /recover. For a known address a fresh single-use token replaces any earlier one and the
 * email to send is returned; for an unknown address nothing happens. The route answers both alike.
 * GoTrue ignores a `redirect_to` it does not trust; this one ignores every `redirect_to`, so a
 * reset token never leaves SITE_URL's origin.
 */
export async function requestRecovery(
  db: Database,
  settings: AuthSettings,
  input: RecoverBody,
): Promise<MailMessage | undefined> {
  const email = normalizeEmail(input?.email ?? '');
  if (!email) throw authErrors.validation('Password recovery requires an email');
  checkNewEmail(email);
  const token = newOpaqueToken();
  const [user] = await db
    .update(users)
    .set({ recoveryTokenHash: sha256(token), recoverySentAt: settings.now() })
    .where(sql`lower(${users.email}) = ${email}`)
    .returning({ email: users.email });
  return user ? recoveryEmail(user.email, resetLink(settings.siteUrl, token)) : undefined;
}

/**
 * POST /verify with `{ type: 'recovery', token_hash }`: a valid, unexpired reset token is used up and
 * opens a session whose `amr` says recovery, in which PUT /user may set a new password.
 */
export async function verifyRecovery(db: Database, settings: AuthSettings, input: VerifyBody): Promise<GoTrueSession> {
  if (input?.type !== 'recovery') throw authErrors.validation('Verify requires type recovery or email_change');
  if (!input.token_hash) throw authErrors.validation('Verify requires a token_hash');
  const now = settings.now();
  const validSince = new Date(now.getTime() - RECOVERY_TOKEN_TTL_MS);
  return db.transaction(async (tx) => {
    // Clearing the hash in the same statement that finds it makes the token single-use, even under concurrency.
    const [user] = await tx
      .update(users)
      .set({
        recoveryTokenHash: null,
        recoverySentAt: null,
        // Following the emailed link proves the address.
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(users.recoveryTokenHash, sha256(input.token_hash ?? '')), gt(users.recoverySentAt, validSince)))
      .returning({ id: users.id });
    if (!user) throw authErrors.otpExpired();
    const { session, refreshToken } = await startSession(tx, user.id, 'recovery', now);
    const account = await findAccountById(tx, user.id);
    if (!account) throw authErrors.otpExpired();
    return issueSession(settings, account, session, refreshToken);
  });
}
