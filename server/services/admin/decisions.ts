import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { missingForSubmission } from '../../../contracts/clinic-area.ts';
import type { ApplicationStatus } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { clinicCertificates, issueCertificate, withdrawActiveCertificate } from '../certificates.ts';
import { deleteStoredDocuments } from '../clinic-area/clinic-documents.ts';
import { type ClinicDecision, clinicDecisionEmail, type DecisionMail, sendDecisionEmail } from '../decision-emails.ts';
import {
  applicationIncomplete,
  applyChangeRequest,
  assertListedNameFree,
  criteriaOf,
  decideSubmission,
  discardChangeRequest,
  openSubmission,
  reviewedDocumentCount,
  type SettledChange,
  type Transaction,
} from '../clinic-area/reviewed-values.ts';
import { recordAudit } from './audit.ts';
import { verifiedScope } from './fact-review.ts';

// The certification decisions (SPEC section 4). Each is one conditional UPDATE: of two admins deciding
// the same application at once, the second finds the status already changed and gets a conflict, and
// the audit log has one entry. Each emails the clinic last in its transaction (issue 28): no decision
// without its email, and no email of a decision undone.

/**
 * An approval certifies what was sent in: the snapshot waiting for a decision, or (the clinics table's
 * Godkänn of a clinic that never sent in) its reviewed values today. Either must be complete.
 */
async function assertComplete(tx: Transaction, clinicId: string): Promise<void> {
  const snapshot = await openSubmission(tx, clinicId);
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, clinicId));
  if (!row) throw notFound();
  const values = snapshot
    ? { ...snapshot, documentCount: snapshot.documents.length }
    : { ...row, criteria: criteriaOf(row), documentCount: await reviewedDocumentCount(tx, clinicId) };
  const missing = missingForSubmission(values);
  if (missing.length > 0) throw applicationIncomplete('approvalIncomplete', missing);
}

type ProfileChanges = Partial<typeof profiles.$inferInsert>;

const renewalWaiting = and(eq(profiles.applicationStatus, 'Godkänd'), isNotNull(profiles.renewalSubmittedAt));

async function isRenewal(db: Database, clinicId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), renewalWaiting));
  return row !== undefined;
}

async function decide<More extends Record<string, unknown>>(
  db: Database,
  mail: DecisionMail,
  {
    adminId,
    clinicId,
    from,
    also,
    changes,
    action,
    details,
    alsoInTransaction,
    announce,
  }: {
    adminId: string;
    clinicId: string;
    from: ApplicationStatus[];
    /** A further condition the profile must meet (a renewal waiting). */
    also?: SQL;
    changes: ProfileChanges;
    action: string;
    details?: Record<string, unknown>;
    /** What the decision changes beside the profile (the certificate), in the same transaction. */
    alsoInTransaction: (tx: Transaction) => Promise<More>;
    /** What the clinic's email says, from what `alsoInTransaction` did. */
    announce: (more: More) => ClinicDecision;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [clinic] = await tx
      .select({
        status: profiles.applicationStatus,
        isCertified: profiles.isCertified,
        email: profiles.email,
        fullName: profiles.fullName,
      })
      .from(profiles)
      // A deleted clinic (issue 26) is no one's to certify again: its account and address are gone.
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic'), isNull(profiles.deletedAt)));
    if (!clinic) throw notFound();
    const { email, fullName, ...before } = clinic;
    const updated = await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(
        and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic'), inArray(profiles.applicationStatus, from), also),
      )
      .returning({ status: profiles.applicationStatus, isCertified: profiles.isCertified });
    const after = updated[0];
    if (!after) throw new ApiFailure(409, 'status_conflict', 'statusConflict');
    const more = await alsoInTransaction(tx);
    await recordAudit(tx, {
      actorId: adminId,
      action,
      targetId: clinicId,
      before,
      after: { ...after, ...more },
      details,
    });
    await assertListedNameFree(tx, clinicId);
    await sendDecisionEmail(
      mail,
      clinicDecisionEmail({ to: email, clinicName: fullName, decision: announce(more), siteUrl: mail.siteUrl }),
    );
  });
}

/**
 * An approval: complete on what was sent in and every fact the chosen treatments need verified (issue
 * 22); then the snapshot is decided and the certificate issued, covering those treatments. Its number
 * and scope go into the audit entry.
 */
const approve =
  (clinicId: string, adminId: string, now: Date, kind: 'issued' | 'renewed', validFrom?: string) =>
  async (tx: Transaction) => {
    await assertComplete(tx, clinicId);
    const treatments = await verifiedScope(tx, clinicId, now);
    await decideSubmission(tx, clinicId, 'approved', adminId, now);
    const certificateNumber = await issueCertificate(tx, clinicId, now, validFrom, {
      treatments,
      kind,
      actorId: adminId,
    });
    return { certificateNumber, treatments };
  };

/**
 * A denial or withdrawal ends the review: the snapshot is decided, and the changes the clinic asked for
 * meanwhile become its draft to correct (nothing of it is public any more).
 */
const endReview = (clinicId: string, adminId: string, now: Date, removedPaths: string[]) => async (tx: Transaction) => {
  await decideSubmission(tx, clinicId, 'denied', adminId, now);
  const settled = await applyChangeRequest(tx, clinicId, adminId, now, 'change_request.applied_to_draft');
  if (settled) removedPaths.push(...settled.removedPaths);
  return {};
};

/** A certificate's last day: 31 December of the year it starts in (SPEC section 9). */
const lastDayOfYear = (day: string) => `${day.slice(0, 4)}-12-31`;

/** The email of a certificate issued today by an approval. */
const approvedToday =
  (now: Date) =>
  ({ certificateNumber }: { certificateNumber: string }): ClinicDecision => ({
    kind: 'approved',
    number: certificateNumber,
    validTo: lastDayOfYear(dateInSweden(now)),
  });

const approval = (now: Date): ProfileChanges => ({
  applicationStatus: 'Godkänd',
  isCertified: true,
  certifiedAt: now,
  applicationDecidedAt: now,
  denialReason: null,
});

/**
 * The applications screen: a waiting application becomes Godkänd and certified, issued today. A
 * renewal gets next year's certificate, valid from 1 January, while this year's runs out; a renewal
 * decided after this year's certificate lapsed gets one from today.
 */
export async function approveApplication(
  db: Database,
  mail: DecisionMail,
  adminId: string,
  clinicId: string,
  now = new Date(),
): Promise<void> {
  if (await isRenewal(db, clinicId)) {
    const { current, suspension } = await clinicCertificates(db, clinicId, now);
    // A renewal would issue a certificate in force beside the suspended one: back in the register without
    // a reinstatement. The admin reinstates (or withdraws) first.
    if (suspension) throw new ApiFailure(409, 'certificate_suspended', 'renewalWhileSuspended');
    const validFrom = current ? `${Number(current.validTo.slice(0, 4)) + 1}-01-01` : dateInSweden(now);
    await decide(db, mail, {
      adminId,
      clinicId,
      from: ['Godkänd'],
      also: renewalWaiting,
      changes: { isCertified: true, renewalSubmittedAt: null, applicationDecidedAt: now, denialReason: null },
      action: 'renewal.approved',
      alsoInTransaction: approve(clinicId, adminId, now, 'renewed', validFrom),
      announce: ({ certificateNumber }) => ({
        kind: 'renewal_approved',
        number: certificateNumber,
        validFrom,
        validTo: lastDayOfYear(validFrom),
      }),
    });
    return;
  }
  await decide(db, mail, {
    adminId,
    clinicId,
    from: ['Väntar'],
    changes: approval(now),
    action: 'application.approved',
    alsoInTransaction: approve(clinicId, adminId, now, 'issued'),
    announce: approvedToday(now),
  });
}

/** The clinics table's 'Godkänn': certifies a clinic that is not certified, whether it waits or was denied. */
export async function approveClinic(
  db: Database,
  mail: DecisionMail,
  adminId: string,
  clinicId: string,
  now = new Date(),
): Promise<void> {
  await decide(db, mail, {
    adminId,
    clinicId,
    from: ['Väntar', 'Nekad'],
    changes: approval(now),
    action: 'clinic.approved',
    alsoInTransaction: approve(clinicId, adminId, now, 'issued'),
    announce: approvedToday(now),
  });
}

/**
 * A waiting application becomes Nekad with the reason the clinic reads before correcting and sending in
 * again. A denied renewal leaves the clinic certified until its certificate runs out, with the reason.
 */
export async function denyApplication(
  db: Database,
  store: FileStore,
  mail: DecisionMail,
  adminId: string,
  clinicId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  if (await isRenewal(db, clinicId)) {
    await decide(db, mail, {
      adminId,
      clinicId,
      from: ['Godkänd'],
      also: renewalWaiting,
      changes: { renewalSubmittedAt: null, applicationDecidedAt: now, denialReason: reason },
      action: 'renewal.denied',
      details: { reason },
      alsoInTransaction: async (tx) => {
        await decideSubmission(tx, clinicId, 'denied', adminId, now);
        return {};
      },
      announce: () => ({ kind: 'renewal_denied', reason }),
    });
    return;
  }
  const removedPaths: string[] = [];
  await decide(db, mail, {
    adminId,
    clinicId,
    from: ['Väntar'],
    changes: { applicationStatus: 'Nekad', isCertified: false, applicationDecidedAt: now, denialReason: reason },
    action: 'application.denied',
    details: { reason },
    alsoInTransaction: endReview(clinicId, adminId, now, removedPaths),
    announce: () => ({ kind: 'denied', reason }),
  });
  await deleteStoredDocuments(store, removedPaths);
}

/**
 * A certified clinic that lapsed or misbehaves loses its certification, suspended or not: Nekad with the
 * reason, out of the register at once, its certificates withdrawn by the admin; it may correct and apply again.
 */
export async function withdrawCertification(
  db: Database,
  store: FileStore,
  mail: DecisionMail,
  adminId: string,
  clinicId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  const removedPaths: string[] = [];
  await decide(db, mail, {
    adminId,
    clinicId,
    from: ['Godkänd'],
    changes: {
      applicationStatus: 'Nekad',
      isCertified: false,
      applicationDecidedAt: now,
      denialReason: reason,
      applicationSubmittedAt: null,
      renewalSubmittedAt: null,
    },
    action: 'certification.withdrawn',
    details: { reason },
    alsoInTransaction: async (tx) => {
      await withdrawActiveCertificate(tx, clinicId, reason, now, adminId);
      return endReview(clinicId, adminId, now, removedPaths)(tx);
    },
    announce: () => ({ kind: 'withdrawn', reason, day: dateInSweden(now) }),
  });
  await deleteStoredDocuments(store, removedPaths);
}

/**
 * Settles the clinic's open change request in one transaction (`settle`: apply or discard it), then
 * deletes the files it left behind. 404 for no such clinic, 409 when no change request is open.
 */
async function settleChangeRequest(
  db: Database,
  store: FileStore,
  clinicId: string,
  settle: (tx: Transaction) => Promise<SettledChange | false>,
): Promise<void> {
  const settled = await db.transaction(async (tx) => {
    const [clinic] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
    if (!clinic) throw notFound();
    const result = await settle(tx);
    if (!result) throw new ApiFailure(409, 'no_change_request', 'noChangeRequest');
    return result;
  });
  await deleteStoredDocuments(store, settled.removedPaths);
}

/** The admin approves the clinic's open change request: its values become the reviewed ones (issue 27). */
export async function approveChangeRequest(
  db: Database,
  store: FileStore,
  adminId: string,
  clinicId: string,
  now = new Date(),
): Promise<void> {
  await settleChangeRequest(db, store, clinicId, (tx) =>
    applyChangeRequest(tx, clinicId, adminId, now, 'change_request.approved'),
  );
}

/** The admin refuses the clinic's open change request with the reason the clinic reads; the reviewed values stay. */
export async function refuseChangeRequest(
  db: Database,
  store: FileStore,
  adminId: string,
  clinicId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await settleChangeRequest(db, store, clinicId, (tx) =>
    discardChangeRequest(tx, clinicId, adminId, now, { action: 'change_request.refused', reason }),
  );
}
