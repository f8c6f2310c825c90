import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_CLOSED_REASON } from '../../../contracts/account-deletion.ts';
import type { Role } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { authSessions, fileDeletions, followedClinics, profiles, refreshTokens, users } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { recordAudit } from '../admin/audit.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { withdrawActiveCertificate } from '../certificates.ts';
import { COVERS_BUCKET } from '../clinic-area/clinic-cover.ts';
import { DOCUMENTS_BUCKET } from '../clinic-area/clinic-documents.ts';
import { decideSubmission, discardChangeRequest, type Transaction } from '../clinic-area/reviewed-values.ts';
import { compose, type DecisionMail } from '../decision-emails.ts';
import { sendOrRefuse } from '../messages/commands.ts';
import { deletedAddress } from './deleted-accounts.ts';

// Issue 26 point 2 and point 5's erasure (docs/decisions/035): one transaction marks the account
// deleted, gives its rows an address that receives no mail (so the real one can sign up again), ends
// its sessions, and takes away what was the person's own, while what others keep stays: a customer's
// messages and reports, a clinic's name behind its public certificate history. The confirmation is
// emailed last inside the transaction, as the decisions' emails are: no deletion without it.

/** Who deletes: the person, who gave its password; or an admin, on the person's request, with why. */
type Deleter = { kind: 'self' } | { kind: 'admin'; adminId: string; reason: string };

/** What a person's own profile keeps of nothing once deleted, whatever the role. */
const CONTACT_DETAILS = {
  phoneNumber: null,
  address: null,
  website: null,
  description: null,
  contactPerson: null,
  contactEmail: null,
  discountCode: null,
  bookingUrl: null,
  coverImageUrl: null,
  coverImagePath: null,
} as const;

/**
 * The account's sign-in identity is gone: no address to sign in or reset with, no password, no
 * pending reset or change of address, and every session ended at once (each request looks its
 * session up, server/services/auth/sessions.ts).
 */
async function closeSignIn(tx: Transaction, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      email: deletedAddress(userId),
      encryptedPassword: null,
      recoveryTokenHash: null,
      recoverySentAt: null,
      emailChange: null,
      emailChangeTokenHash: null,
      emailChangeSentAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
}

/**
 * A clinic leaves the register for good: its certificates are withdrawn with "Kontot avslutat" (the
 * public history says so, and its followers are told), anything waiting for the admin is settled, and
 * its cover, a public image, goes to the file deletions. Its name stays behind its public history; its
 * documents wait for the retention job (server/services/privacy/retention.ts).
 */
async function closeClinic(
  tx: Transaction,
  clinicId: string,
  actorId: string,
  adminId: string | null,
  coverPath: string | null,
  now: Date,
): Promise<void> {
  await withdrawActiveCertificate(tx, clinicId, ACCOUNT_CLOSED_REASON, now, adminId);
  await decideSubmission(tx, clinicId, 'denied', actorId, now);
  const settled = await discardChangeRequest(tx, clinicId, actorId, now, {
    action: 'change_request.refused',
    reason: ACCOUNT_CLOSED_REASON,
  });
  const files = [
    ...(coverPath ? [{ bucket: COVERS_BUCKET, path: coverPath }] : []),
    // Documents added by the change request were never reviewed: their rows went with it.
    ...(settled ? settled.removedPaths.map((path) => ({ bucket: DOCUMENTS_BUCKET, path })) : []),
  ];
  if (files.length > 0) await tx.insert(fileDeletions).values(files).onConflictDoNothing();
  await tx
    .update(profiles)
    .set({
      ...CONTACT_DETAILS,
      applicationStatus: 'Nekad',
      isCertified: false,
      denialReason: ACCOUNT_CLOSED_REASON,
      applicationSubmittedAt: null,
      renewalSubmittedAt: null,
      applicationDecidedAt: now,
    })
    .where(eq(profiles.id, clinicId));
}

/**
 * Refuses (409) to delete an admin when no other live admin would be left. The live admins' rows are
 * locked first, so two admins deleting each other at once cannot both succeed.
 */
async function assertAnotherAdmin(tx: Transaction, adminId: string): Promise<void> {
  const admins = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.role, 'admin'), isNull(profiles.deletedAt)))
    .for('update');
  if (!admins.some(({ id }) => id !== adminId)) throw new ApiFailure(409, 'last_admin', 'lastAdmin');
}

const SIGN_UP_PATH = '/register';

/** The confirmation to the address the account had: what happened, in Swedish, then in English. */
function accountDeletedEmail(
  { to, name, role, byAdmin }: { to: string; name: string; role: Role; byAdmin: boolean },
  siteUrl: string,
): MailMessage {
  const what = {
    customer: {
      sv: ' Dina följda kliniker är borttagna. Dina meddelanden finns kvar hos mottagarna under namnet ”Borttagen användare”, och dina rapporter finns kvar utan namn och e-postadress.',
      en: ' Your followed clinics are removed. Your messages stay with their recipients under the name “Deleted user”, and your reports stay without your name or email address.',
    },
    clinic: {
      sv: ` Klinikens certifikat är återkallat med skälet ”${ACCOUNT_CLOSED_REASON}”. Den offentliga historiken finns kvar, och klinikens dokument raderas när lagringstiden har gått ut.`,
      en: ` The clinic’s certificate is withdrawn with the reason “${ACCOUNT_CLOSED_REASON}” (account closed). Its public history stays, and its documents are deleted when the retention period has passed.`,
    },
    admin: { sv: '', en: '' },
  }[role];
  return compose(
    to,
    name,
    {
      subject: ['Ditt konto är raderat', 'Your account has been deleted'],
      sv: `${byAdmin ? 'Vi har raderat ditt konto på din begäran' : 'Ditt konto är raderat'}, och du är utloggad på alla enheter.${what.sv}`,
      svNext: 'Vill du använda tjänsten igen kan du skapa ett nytt konto med samma adress:',
      en: [
        `${byAdmin ? 'We have deleted your account at your request' : 'Your account has been deleted'}, and you are signed out on every device.${what.en}`,
        'To use the service again, you can create a new account with the same address (the link above).',
      ],
    },
    new URL(SIGN_UP_PATH, siteUrl).href,
  );
}

async function eraseAccount(
  db: Database,
  mail: DecisionMail,
  userId: string,
  deleter: Deleter,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        email: users.email,
        deletedAt: users.deletedAt,
        role: profiles.role,
        fullName: profiles.fullName,
        coverPath: profiles.coverImagePath,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId))
      // One deletion at a time per account: a second one waits, then finds it deleted.
      .for('update', { of: users });
    if (!account) throw notFound();
    if (account.deletedAt) throw new ApiFailure(409, 'account_already_deleted', 'accountAlreadyDeleted');
    if (account.role === 'admin') await assertAnotherAdmin(tx, userId);

    const actorId = deleter.kind === 'admin' ? deleter.adminId : userId;
    await closeSignIn(tx, userId, now);
    if (account.role === 'clinic') {
      await closeClinic(tx, userId, actorId, deleter.kind === 'admin' ? deleter.adminId : null, account.coverPath, now);
    } else {
      await tx.delete(followedClinics).where(eq(followedClinics.userId, userId));
      // The name goes; a review keeps its text under "Tidigare kund" (contracts/reviews.ts reviewerName).
      await tx
        .update(profiles)
        .set({ ...CONTACT_DETAILS, fullName: '', city: null, companyName: null, orgNumber: null })
        .where(eq(profiles.id, userId));
    }
    await tx
      .update(profiles)
      .set({ email: deletedAddress(userId), deletedAt: now, updatedAt: now })
      .where(eq(profiles.id, userId));
    await recordAudit(tx, {
      actorId,
      action: deleter.kind === 'admin' ? 'account.erased' : 'account.deleted',
      targetId: userId,
      details: { role: account.role, ...(deleter.kind === 'admin' ? { reason: deleter.reason } : {}) },
    });
    await sendOrRefuse(
      mail.mailer,
      accountDeletedEmail(
        {
          to: account.email,
          name: account.fullName.trim() || account.email,
          role: account.role,
          byAdmin: deleter.kind === 'admin',
        },
        mail.siteUrl,
      ),
      'accountDeletionMailFailed',
    );
  });
}

/**
 * DELETE /api/me/account: the signed-in person deletes its own account with its password, checked as
 * a sign-in checks it (argon2, in constant time). A wrong password (400) changes nothing.
 */
export async function deleteOwnAccount(
  db: Database,
  mail: DecisionMail,
  userId: string,
  password: string,
  now: Date,
): Promise<void> {
  const [identity] = await db
    .select({ encryptedPassword: users.encryptedPassword })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!(await verifyPassword(identity?.encryptedPassword, password)))
    throw new ApiFailure(400, 'wrong_password', 'accountPasswordWrong');
  await eraseAccount(db, mail, userId, { kind: 'self' }, now);
}

/**
 * POST /api/admin/users/:id/erase: an admin erases a person's account on request (someone who lost
 * access), with the reason in the audit log. 404 for no such account, 409 for one already deleted.
 */
export async function eraseAccountByAdmin(
  db: Database,
  mail: DecisionMail,
  adminId: string,
  userId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await eraseAccount(db, mail, userId, { kind: 'admin', adminId, reason }, now);
}
