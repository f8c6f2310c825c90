import { and, asc, count, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import {
  type ApplicationRequirement,
  type ApplicationSnapshot,
  type ChangeRequest,
  type Criteria,
  REVIEWED_FIELDS,
  type ReviewedChanges,
  type Submission,
} from '../../../contracts/clinic-area.ts';
import { CRITERIA_IDS } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { clinicChangeRequests, clinicDocuments, clinicSubmissions, profiles } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import type { MessageKey } from '../../lib/messages.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { recordAudit } from '../admin/audit.ts';
import { isListed } from '../listed.ts';

// What a certificate vouches for (issue 27, docs/decisions/021). Once a clinic has sent its application
// in, and while it is certified, its name, company, organisation number, criteria and documents are the
// values an admin reviewed: a change to them becomes the clinic's one open change request, which an
// admin approves or refuses, and the register, the badge and the verification page go on showing the
// reviewed values until then. What was sent in is kept as a snapshot the admin decides on.

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type ProfileRow = typeof profiles.$inferSelect;

/** The columns of the six criteria, by the form's ids (SPEC section 3). */
const CRITERIA_COLUMNS = {
  c1: 'c1LiabilityInsurance',
  c2: 'c2RegisteredCompany',
  c3: 'c3StaffEducation',
  c4: 'c4HygienicPremises',
  c5: 'c5ApprovedProducts',
  c6: 'c6ClientRoutines',
} as const satisfies Record<keyof Criteria, keyof ProfileRow>;

/** Whether the clinic's reviewed values wait for an admin to change: sent in and waiting, or certified. */
export function isReviewLocked(row: Pick<ProfileRow, 'applicationStatus' | 'applicationSubmittedAt'>): boolean {
  return (
    row.applicationStatus === 'Godkänd' || (row.applicationStatus === 'Väntar' && row.applicationSubmittedAt !== null)
  );
}

/** The six criteria of a profile row, by the form's ids. */
export function criteriaOf(row: ProfileRow): Criteria {
  return Object.fromEntries(CRITERIA_IDS.map((id) => [id, row[CRITERIA_COLUMNS[id]]])) as Criteria;
}

/** The profile columns of criteria given by the form's ids. */
export function criteriaColumns(criteria: Partial<Criteria>): Partial<ProfileRow> {
  return Object.fromEntries(
    Object.entries(criteria).map(([id, confirmed]) => [CRITERIA_COLUMNS[id as keyof Criteria], confirmed]),
  );
}

/** Of `changes`, those that differ from the row's reviewed values (the rest changes nothing). */
export function reviewedChangesOf(
  row: ProfileRow,
  changes: { fullName?: string; companyName?: string | null; orgNumber?: string | null },
  criteria: Partial<Criteria>,
): ReviewedChanges {
  const result: ReviewedChanges = {};
  for (const field of REVIEWED_FIELDS) {
    const value = changes[field];
    if (value !== undefined && value !== row[field]) Object.assign(result, { [field]: value });
  }
  const current = criteriaOf(row);
  const changedCriteria = Object.fromEntries(
    Object.entries(criteria).filter(([id, confirmed]) => current[id as keyof Criteria] !== confirmed),
  );
  if (Object.keys(changedCriteria).length > 0) result.criteria = changedCriteria;
  return result;
}

export const hasChanges = (changes: ReviewedChanges) => Object.keys(changes).length > 0;

/** The profile columns that carry `changes`. */
export function reviewedColumns({ criteria = {}, ...fields }: ReviewedChanges): Partial<ProfileRow> {
  return { ...fields, ...criteriaColumns(criteria) } as Partial<ProfileRow>;
}

/** The clinic's reviewed documents, which completeness counts: one added since sending in waits for the admin. */
export async function reviewedDocumentCount(db: Pick<Database, 'select'>, clinicId: string): Promise<number> {
  const [documents] = await db
    .select({ total: count() })
    .from(clinicDocuments)
    .where(and(eq(clinicDocuments.clinicId, clinicId), isNull(clinicDocuments.pendingSince)));
  return documents?.total ?? 0;
}

/** A refusal naming each requirement the application still misses (an issue whose path is the requirement). */
export const applicationIncomplete = (key: MessageKey, missing: ApplicationRequirement[]) =>
  new ApiFailure(
    409,
    'application_incomplete',
    key,
    missing.map((requirement) => ({ path: [requirement], message: requirement })),
  );

/**
 * Refuses (409 name_taken), inside the transaction that made the change, a clinic in the register whose
 * name another listed clinic has in the same city (compared as the register searches: case and accents
 * aside; issue 27: no lookalikes in the register).
 * The advisory lock on the name makes two such changes at once take turns, so the second sees the first.
 */
export async function assertListedNameFree(tx: Transaction, clinicId: string, now = new Date()): Promise<void> {
  const today = dateInSweden(now);
  const [row] = await tx
    .select({ nameKey: profiles.nameSearchKey, cityKey: profiles.citySearchKey })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), isListed(profiles.id, today)));
  if (!row) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`listed-name:${row.nameKey}|${row.cityKey}`}))`);
  const [other] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        ne(profiles.id, clinicId),
        eq(profiles.nameSearchKey, row.nameKey),
        eq(profiles.citySearchKey, row.cityKey),
        isListed(profiles.id, today),
      ),
    )
    .limit(1);
  if (other) throw new ApiFailure(409, 'name_taken', 'listedNameTaken');
}

/** The clinic's application as it stands: its values and its reviewed documents. */
async function currentSnapshot(tx: Pick<Database, 'select'>, row: ProfileRow): Promise<ApplicationSnapshot> {
  const documents = await tx
    .select({
      id: clinicDocuments.id,
      fileName: clinicDocuments.fileName,
      contentType: clinicDocuments.contentType,
      sizeBytes: clinicDocuments.sizeBytes,
    })
    .from(clinicDocuments)
    .where(and(eq(clinicDocuments.clinicId, row.id), isNull(clinicDocuments.pendingSince)))
    .orderBy(asc(clinicDocuments.createdAt), asc(clinicDocuments.id));
  return {
    fullName: row.fullName,
    city: row.city,
    companyName: row.companyName,
    orgNumber: row.orgNumber,
    website: row.website,
    address: row.address,
    contactPerson: row.contactPerson,
    contactEmail: row.contactEmail,
    discountCode: row.discountCode,
    criteria: criteriaOf(row),
    treatments: row.treatments,
    documents,
  };
}

/** A stored snapshot as the contract has it: one sent in before issue 22 has no treatments (none chosen). */
const withTreatments = (
  snapshot: Omit<ApplicationSnapshot, 'treatments'> & Partial<Pick<ApplicationSnapshot, 'treatments'>>,
): ApplicationSnapshot => ({
  ...snapshot,
  treatments: snapshot.treatments ?? [],
});

/** Freezes what the clinic sends in (application or renewal) as the snapshot the admin decides on. */
export async function recordSubmission(
  tx: Transaction,
  clinicId: string,
  kind: 'application' | 'renewal',
  now: Date,
): Promise<void> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, clinicId));
  if (!row) throw new Error('The clinic sending in has no profile');
  await tx
    .insert(clinicSubmissions)
    .values({ clinicId, kind, snapshot: await currentSnapshot(tx, row), submittedAt: now });
}

/** The snapshot waiting for a decision, if any. */
export async function openSubmission(
  tx: Pick<Database, 'select'>,
  clinicId: string,
): Promise<ApplicationSnapshot | undefined> {
  const [row] = await tx
    .select({ snapshot: clinicSubmissions.snapshot })
    .from(clinicSubmissions)
    .where(and(eq(clinicSubmissions.clinicId, clinicId), isNull(clinicSubmissions.decision)));
  return row && withTreatments(row.snapshot);
}

/** Marks the waiting snapshot decided, in the decision's transaction. */
export async function decideSubmission(
  tx: Transaction,
  clinicId: string,
  decision: 'approved' | 'denied',
  adminId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(clinicSubmissions)
    .set({ decision, decidedAt: now, decidedBy: adminId })
    .where(and(eq(clinicSubmissions.clinicId, clinicId), isNull(clinicSubmissions.decision)));
}

/** The last application or renewal sent in, with what differs from it today (for the admin's review). */
export async function lastSubmission(db: Database, clinicId: string): Promise<Submission | null> {
  const [submission] = await db
    .select()
    .from(clinicSubmissions)
    .where(eq(clinicSubmissions.clinicId, clinicId))
    .orderBy(desc(clinicSubmissions.submittedAt), desc(clinicSubmissions.id))
    .limit(1);
  const [row] = await db.select().from(profiles).where(eq(profiles.id, clinicId));
  if (!submission || !row) return null;
  const now = await currentSnapshot(db, row);
  const request = await openChangeRequest(db, clinicId);
  // Today's values are the reviewed ones with the clinic's pending changes on top.
  const pending: ApplicationSnapshot = {
    ...now,
    ...(request?.changes ?? {}),
    criteria: { ...now.criteria, ...request?.changes.criteria },
  } as ApplicationSnapshot;
  const snapshot = withTreatments(submission.snapshot);
  const changedSince: string[] = (Object.keys(snapshot) as (keyof ApplicationSnapshot)[]).filter(
    (field) =>
      field !== 'documents' && field !== 'criteria' && field !== 'treatments' && snapshot[field] !== pending[field],
  );
  if (snapshot.treatments.join() !== pending.treatments.join()) changedSince.push('treatments');
  if (CRITERIA_IDS.some((id) => snapshot.criteria[id] !== pending.criteria[id])) changedSince.push('criteria');
  const sentIds = snapshot.documents.map((document) => document.id).join();
  const documentsChanged =
    sentIds !== now.documents.map((document) => document.id).join() ||
    (request !== null && request.addedDocumentIds.length + request.removedDocumentIds.length > 0);
  if (documentsChanged) changedSince.push('documents');
  return {
    id: submission.id,
    kind: submission.kind,
    submittedAt: submission.submittedAt.toISOString(),
    decision: submission.decision,
    decidedAt: submission.decidedAt?.toISOString() ?? null,
    snapshot,
    changedSince,
  };
}

/** The clinic's open change request, with the documents it adds and removes; null when none is open. */
export async function openChangeRequest(db: Pick<Database, 'select'>, clinicId: string): Promise<ChangeRequest | null> {
  const [request] = await db
    .select()
    .from(clinicChangeRequests)
    .where(and(eq(clinicChangeRequests.clinicId, clinicId), isNull(clinicChangeRequests.decision)));
  if (!request) return null;
  const documents = await db
    .select({ id: clinicDocuments.id, pendingSince: clinicDocuments.pendingSince })
    .from(clinicDocuments)
    .where(
      and(
        eq(clinicDocuments.clinicId, clinicId),
        or(isNotNull(clinicDocuments.pendingSince), isNotNull(clinicDocuments.removalRequestedAt)),
      ),
    )
    .orderBy(asc(clinicDocuments.createdAt), asc(clinicDocuments.id));
  return {
    id: request.id,
    changes: request.changes,
    addedDocumentIds: documents.filter((document) => document.pendingSince).map((document) => document.id),
    removedDocumentIds: documents.filter((document) => !document.pendingSince).map((document) => document.id),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

/** The admin's refusal of the clinic's last change request, while it has not asked for another. */
export async function lastRefusal(
  db: Pick<Database, 'select'>,
  clinicId: string,
): Promise<{ reason: string; decidedAt: string } | null> {
  const [last] = await db
    .select({
      decision: clinicChangeRequests.decision,
      reason: clinicChangeRequests.reason,
      decidedAt: clinicChangeRequests.decidedAt,
    })
    .from(clinicChangeRequests)
    .where(eq(clinicChangeRequests.clinicId, clinicId))
    .orderBy(desc(clinicChangeRequests.createdAt), desc(clinicChangeRequests.id))
    .limit(1);
  return last?.decision === 'denied' && last.reason && last.decidedAt
    ? { reason: last.reason, decidedAt: last.decidedAt.toISOString() }
    : null;
}

/** Opens the clinic's change request, or notes that the open one changed. */
export async function touchChangeRequest(tx: Transaction, clinicId: string, now: Date): Promise<void> {
  await tx
    .insert(clinicChangeRequests)
    .values({ clinicId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: clinicChangeRequests.clinicId,
      targetWhere: sql`${clinicChangeRequests.decision} IS NULL`,
      set: { updatedAt: now },
    });
}

/**
 * A locked clinic's save of its reviewed values: merged into its open change request (a value set back
 * to the reviewed one leaves the request), with an audit entry. The reviewed values stay as they are.
 */
export async function requestReviewedChanges(
  tx: Transaction,
  row: ProfileRow,
  requested: ReviewedChanges,
  now: Date,
): Promise<void> {
  await touchChangeRequest(tx, row.id, now);
  const [request] = await tx
    .select({ id: clinicChangeRequests.id, changes: clinicChangeRequests.changes })
    .from(clinicChangeRequests)
    .where(and(eq(clinicChangeRequests.clinicId, row.id), isNull(clinicChangeRequests.decision)));
  if (!request) throw new Error('The change request vanished inside its own transaction');
  const merged: ReviewedChanges = {
    ...request.changes,
    ...requested,
    criteria: { ...request.changes.criteria, ...requested.criteria },
  };
  // What equals the reviewed value again is no longer a change.
  const stillChanged = reviewedChangesOf(row, merged, merged.criteria ?? {});
  await tx
    .update(clinicChangeRequests)
    .set({ changes: stillChanged, updatedAt: now })
    .where(eq(clinicChangeRequests.id, request.id));
  await recordAudit(tx, {
    actorId: row.id,
    action: 'change_request.updated',
    targetId: row.id,
    after: { ...requested },
  });
}

export interface SettledChange {
  /** Files of documents gone with the decision, to delete from the store once it is committed. */
  removedPaths: string[];
}

/**
 * Applies the clinic's open change request to its reviewed values (an admin's approval, or the clinic
 * leaving review when denied or withdrawn): the new values, the added documents kept, the removed ones
 * deleted. False when none is open.
 */
export async function applyChangeRequest(
  tx: Transaction,
  clinicId: string,
  actorId: string,
  now: Date,
  action: string,
): Promise<SettledChange | false> {
  const [request] = await tx
    .select()
    .from(clinicChangeRequests)
    .where(and(eq(clinicChangeRequests.clinicId, clinicId), isNull(clinicChangeRequests.decision)))
    .for('update');
  if (!request) return false;
  const [before] = await tx.select().from(profiles).where(eq(profiles.id, clinicId));
  if (!before) throw new Error('A change request without its clinic');
  if (hasChanges(request.changes))
    await tx
      .update(profiles)
      .set({ ...reviewedColumns(request.changes), updatedAt: now })
      .where(eq(profiles.id, clinicId));
  const removed = await tx
    .delete(clinicDocuments)
    .where(
      and(
        eq(clinicDocuments.clinicId, clinicId),
        isNotNull(clinicDocuments.removalRequestedAt),
        isNull(clinicDocuments.pendingSince),
      ),
    )
    .returning({
      id: clinicDocuments.id,
      fileName: clinicDocuments.fileName,
      storagePath: clinicDocuments.storagePath,
    });
  const added = await tx
    .update(clinicDocuments)
    .set({ pendingSince: null, removalRequestedAt: null })
    .where(and(eq(clinicDocuments.clinicId, clinicId), isNotNull(clinicDocuments.pendingSince)))
    .returning({ id: clinicDocuments.id, fileName: clinicDocuments.fileName });
  await tx
    .update(clinicChangeRequests)
    .set({ decision: 'approved', decidedAt: now, decidedBy: actorId })
    .where(eq(clinicChangeRequests.id, request.id));
  const changedKeys = Object.keys(reviewedColumns(request.changes)) as (keyof ProfileRow)[];
  await recordAudit(tx, {
    actorId,
    action,
    targetId: clinicId,
    before: Object.fromEntries(changedKeys.map((key) => [key, before[key]])),
    after: { ...reviewedColumns(request.changes) },
    details: {
      addedDocuments: added.map((document) => document.fileName),
      removedDocuments: removed.map((document) => document.fileName),
    },
  });
  await assertListedNameFree(tx, clinicId);
  return { removedPaths: removed.map((document) => document.storagePath) };
}

/**
 * An admin refuses the clinic's open change request with a reason the clinic reads (or the clinic
 * withdraws it, without one): the reviewed values stay, the documents it added are deleted and the
 * ones it wanted removed are kept. False when none is open.
 */
export async function discardChangeRequest(
  tx: Transaction,
  clinicId: string,
  actorId: string,
  now: Date,
  { action, reason }: { action: string; reason: string | null },
): Promise<SettledChange | false> {
  const [request] = await tx
    .update(clinicChangeRequests)
    .set({ decision: 'denied', decidedAt: now, decidedBy: actorId, reason })
    .where(and(eq(clinicChangeRequests.clinicId, clinicId), isNull(clinicChangeRequests.decision)))
    .returning({ id: clinicChangeRequests.id, changes: clinicChangeRequests.changes });
  if (!request) return false;
  const dropped = await tx
    .delete(clinicDocuments)
    .where(and(eq(clinicDocuments.clinicId, clinicId), isNotNull(clinicDocuments.pendingSince)))
    .returning({ fileName: clinicDocuments.fileName, storagePath: clinicDocuments.storagePath });
  await tx
    .update(clinicDocuments)
    .set({ removalRequestedAt: null })
    .where(and(eq(clinicDocuments.clinicId, clinicId), isNotNull(clinicDocuments.removalRequestedAt)));
  await recordAudit(tx, {
    actorId,
    action,
    targetId: clinicId,
    details: {
      ...(reason ? { reason } : {}),
      changes: request.changes,
      droppedDocuments: dropped.map((document) => document.fileName),
    },
  });
  return { removedPaths: dropped.map((document) => document.storagePath) };
}
