import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminClinicChanges,
  AdminClinicPage,
  AdminClinicQuery,
  AdminUserPage,
  AdminUserQuery,
  ApplicationList,
  ApplicationListQuery,
  ClinicReview,
} from '../../../contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { clinicChangeRequests, clinicDocuments, profiles, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-failure.ts';
import { listClinicDocuments } from '../clinic-area/clinic-documents.ts';
import { applicationPhase, type PhaseFacts } from '../clinic-area/application-phase.ts';
import { getClinicOwnProfile, iso } from '../clinic-area/clinic-profile.ts';
import { certificatesToday, dateInSweden } from '../certificates.ts';
import { escapeLike } from '../clinic-register.ts';
import { auditHistory, recordAudit } from './audit.ts';
import { assertListedNameFree, lastSubmission } from '../clinic-area/reviewed-values.ts';

/** Name, city, email or organisation number containing the text, case and accents aside (the trigram-indexed admin key). */
function adminSearch(search: string): SQL | undefined {
  const text = search.trim();
  return text ? sql`${profiles.adminSearchKey} LIKE ck_search_key(${`%${escapeLike(text)}%`})` : undefined;
}

/** What a list row's phase is computed from (decision 024), selected beside the row's own columns. */
const phaseColumns = (now: Date) => ({
  applicationStatus: profiles.applicationStatus,
  applicationSubmittedAt: profiles.applicationSubmittedAt,
  renewalSubmittedAt: profiles.renewalSubmittedAt,
  certifiedAt: profiles.certifiedAt,
  ...certificatesToday(dateInSweden(now)),
});

/** The row with its phase in place of what it was computed from; the status stays. */
function withPhase<Row extends PhaseFacts>(row: Row, now: Date) {
  const {
    applicationSubmittedAt,
    renewalSubmittedAt,
    certifiedAt,
    certificateValidTo,
    hasNextCertificate,
    isSuspended,
    ...rest
  } = row;
  return { ...rest, phase: applicationPhase(row, now) };
}

/** A change to the reviewed values that waits for a decision as an application does (issue 27). */
const changeRequested = () =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${clinicChangeRequests} WHERE ${clinicChangeRequests.clinicId} = ${profiles.id} AND ${clinicChangeRequests.decision} IS NULL)`;

/**
 * A clinic waiting for the admin's decision: an application sent in, a renewal sent in (the clinic stays
 * Godkänd meanwhile) or a change request. The overview counts these as its pending applications.
 */
export const waitingForDecision = () =>
  or(
    and(eq(profiles.applicationStatus, 'Väntar'), isNotNull(profiles.applicationSubmittedAt)),
    and(eq(profiles.applicationStatus, 'Godkänd'), or(isNotNull(profiles.renewalSubmittedAt), changeRequested())),
  );

/**
 * The applications screen: clinics in Väntar and Nekad, and certified clinics whose renewal or change
 * waits, newest first, with their number of documents. Only those sent in, unless `drafts` (issue 28):
 * a draft is not the admin's to decide yet.
 */
export async function listApplications(
  db: Database,
  { drafts = false, page, pageSize }: Omit<ApplicationListQuery, 'drafts'> & { drafts?: boolean },
  now = new Date(),
): Promise<ApplicationList> {
  // A renewal counts as sent in when it was; a change request counts as sent in too.
  const sentIn = or(
    isNotNull(profiles.renewalSubmittedAt),
    isNotNull(profiles.applicationSubmittedAt),
    changeRequested(),
  );
  const where = and(
    eq(profiles.role, 'clinic'),
    or(inArray(profiles.applicationStatus, ['Väntar', 'Nekad']), waitingForDecision()),
    drafts ? undefined : sentIn,
  );
  const documentCount = db
    .select({ clinicId: clinicDocuments.clinicId, total: count().as('total') })
    .from(clinicDocuments)
    .groupBy(clinicDocuments.clinicId)
    .as('document_count');
  const rows = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      city: profiles.city,
      ...phaseColumns(now),
      hasChangeRequest: changeRequested(),
      createdAt: profiles.createdAt,
      documentCount: sql<number>`coalesce(${documentCount.total}, 0)::int`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(profiles)
    .leftJoin(documentCount, eq(documentCount.clinicId, profiles.id))
    .where(where)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ total: _total, ...row }) => ({
      ...withPhase(row, now),
      submittedAt: iso(row.renewalSubmittedAt ?? row.applicationSubmittedAt),
      createdAt: row.createdAt.toISOString(),
      isRenewal: row.renewalSubmittedAt !== null,
    })),
    total: rows[0]?.total ?? (page > 1 ? await countWhere(db, where) : 0),
    page,
    pageSize,
  };
}

async function countWhere(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(profiles).where(where);
  return row?.total ?? 0;
}

const CLINIC_ORDER = {
  name: () => [sql`${profiles.nameSortKey} COLLATE "C"`],
  created: () => [profiles.createdAt],
  status: () => [profiles.applicationStatus, sql`${profiles.nameSortKey} COLLATE "C"`],
} as const;

/** The clinics table: searched by name, city, organisation number or email; sorted; one page with the total. */
export async function listClinics(
  db: Database,
  { search, sort, order, page, pageSize }: AdminClinicQuery,
  now = new Date(),
): Promise<AdminClinicPage> {
  const where = and(eq(profiles.role, 'clinic'), adminSearch(search));
  const direction = order === 'desc' ? desc : asc;
  // The page and the count as two queries: the page then walks an index (migration 0006) and stops
  // after one page, where a count over the same query would make it read and sort every match.
  const [rows, total] = await Promise.all([
    db
      .select({
        id: profiles.id,
        fullName: profiles.fullName,
        email: profiles.email,
        city: profiles.city,
        orgNumber: profiles.orgNumber,
        ...phaseColumns(now),
        isCertified: profiles.isCertified,
        isPublic: profiles.isPublic,
        createdAt: profiles.createdAt,
        deletedAt: profiles.deletedAt,
      })
      .from(profiles)
      .where(where)
      .orderBy(...CLINIC_ORDER[sort]().map((column) => direction(column)), direction(profiles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countWhere(db, where),
  ]);
  return {
    items: rows.map((row) => ({
      ...withPhase(row, now),
      createdAt: row.createdAt.toISOString(),
      deletedAt: iso(row.deletedAt),
    })),
    total,
    page,
    pageSize,
  };
}

/** One clinic as an admin reviews it: its application, documents and history. */
export async function getClinicReview(
  db: Database,
  clinicId: string,
  now = new Date(),
): Promise<ClinicReview | undefined> {
  const clinic = await getClinicOwnProfile(db, clinicId, now);
  if (!clinic) return undefined;
  const [documents, history, submission] = await Promise.all([
    listClinicDocuments(db, clinicId),
    auditHistory(db, clinicId),
    lastSubmission(db, clinicId),
  ]);
  return { clinic, documents, history, submission };
}

/** Edits a clinic's data, logging the values before and after. */
export async function editClinic(
  db: Database,
  adminId: string,
  clinicId: string,
  changes: AdminClinicChanges,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
    if (!row) throw notFound();
    const keys = Object.keys(changes) as (keyof AdminClinicChanges)[];
    if (keys.length === 0) return;
    await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(profiles.id, clinicId));
    const before = Object.fromEntries(keys.map((key) => [key, row[key]]));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'clinic.edited',
      targetId: clinicId,
      before,
      after: { ...changes },
    });
    await assertListedNameFree(tx, clinicId);
  });
}

/** Publishes or hides a clinic on the admin's decision. */
export async function setClinicVisibilityByAdmin(
  db: Database,
  adminId: string,
  clinicId: string,
  isPublic: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isPublic: profiles.isPublic })
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
    if (!row) throw notFound();
    await tx.update(profiles).set({ isPublic, updatedAt: new Date() }).where(eq(profiles.id, clinicId));
    await recordAudit(tx, {
      actorId: adminId,
      action: isPublic ? 'clinic.published' : 'clinic.unpublished',
      targetId: clinicId,
      before: { isPublic: row.isPublic },
      after: { isPublic },
    });
    await assertListedNameFree(tx, clinicId);
  });
}

/**
 * The users screen: customers, searched by name or email, in name order. A deleted account is not a
 * customer any more: it has no name or address left to manage (issue 26).
 */
export async function listCustomers(db: Database, { search, page, pageSize }: AdminUserQuery): Promise<AdminUserPage> {
  const where = and(eq(profiles.role, 'customer'), isNull(profiles.deletedAt), adminSearch(search));
  const rows = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      lastSignInAt: users.lastSignInAt,
      createdAt: profiles.createdAt,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(where)
    .orderBy(asc(sql`${profiles.nameSortKey} COLLATE "C"`), asc(profiles.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      lastSignInAt: iso(row.lastSignInAt),
      createdAt: row.createdAt.toISOString(),
    })),
    total: rows[0]?.total ?? (page > 1 ? await countWhere(db, where) : 0),
    page,
    pageSize,
  };
}

/** Changes a customer's name (the email is the person's own), logging before and after. */
export async function renameCustomer(
  db: Database,
  adminId: string,
  customerId: string,
  fullName: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(and(eq(profiles.id, customerId), eq(profiles.role, 'customer'), isNull(profiles.deletedAt)));
    if (!row) throw notFound();
    await tx.update(profiles).set({ fullName, updatedAt: new Date() }).where(eq(profiles.id, customerId));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'user.edited',
      targetId: customerId,
      before: { fullName: row.fullName },
      after: { fullName },
    });
  });
}
