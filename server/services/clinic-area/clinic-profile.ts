import { and, eq, isNull } from 'drizzle-orm';
import {
  type ApplicationInfo,
  type ClinicOwnProfile,
  type ClinicSettings,
  type Criteria,
  missingForSubmission,
  REVIEWED_FIELDS,
} from '../../../contracts/clinic-area.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, profiles } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { recordAudit } from '../admin/audit.ts';
import { clinicCertificates, renewalOf } from '../certificates.ts';
import { positionOf, positionOnCitySave } from '../clinic-position.ts';
import { isListed } from '../listed.ts';
import { membershipYearDue, requireMembership } from '../payments/membership.ts';
import { applicationPhase } from './application-phase.ts';
import { deleteStoredDocuments } from './clinic-documents.ts';
import {
  applicationIncomplete,
  assertListedNameFree,
  criteriaColumns,
  criteriaOf,
  discardChangeRequest,
  hasChanges,
  isReviewLocked,
  lastRefusal,
  openChangeRequest,
  recordSubmission,
  requestReviewedChanges,
  reviewedChangesOf,
  reviewedDocumentCount,
  reviewedColumns,
  type Transaction,
} from './reviewed-values.ts';

/** A nullable timestamp as the API sends it. */
export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The signed-in clinic's own profile (GET /api/clinic/profile); undefined when it is not a clinic. */
export async function getClinicOwnProfile(
  db: Database,
  clinicId: string,
  now = new Date(),
): Promise<ClinicOwnProfile | undefined> {
  const [found] = await db
    .select({ row: profiles, listed: isListed(profiles.id, dateInSweden(now)).mapWith(Boolean) })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
  if (!found) return undefined;
  const { row, listed } = found;
  const [documentCount, certificate, changeRequest, refusedChange] = await Promise.all([
    reviewedDocumentCount(db, clinicId),
    clinicCertificates(db, clinicId, now),
    openChangeRequest(db, clinicId),
    lastRefusal(db, clinicId),
  ]);
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    description: row.description,
    city: row.city,
    coverImageUrl: row.coverImageUrl,
    companyName: row.companyName,
    orgNumber: row.orgNumber,
    website: row.website,
    address: row.address,
    postalCode: row.postalCode,
    position: positionOf(row),
    contactPerson: row.contactPerson,
    contactEmail: row.contactEmail,
    phoneNumber: row.phoneNumber,
    bookingUrl: row.bookingUrl,
    slug: row.slug,
    discountCode: row.discountCode,
    criteria: criteriaOf(row),
    treatments: row.treatments,
    isPublic: row.isPublic,
    listed,
    isCertified: row.isCertified,
    applicationStatus: row.applicationStatus,
    phase: applicationPhase(
      {
        ...row,
        certificateValidTo: certificate.current?.validTo ?? null,
        hasNextCertificate: certificate.next !== null,
        isSuspended: certificate.suspension !== null,
      },
      now,
    ),
    submittedAt: iso(row.applicationSubmittedAt),
    decidedAt: iso(row.applicationDecidedAt),
    denialReason: row.denialReason,
    certifiedAt: iso(row.certifiedAt),
    documentCount,
    certificate: certificate.current,
    nextCertificate: certificate.next,
    suspension: certificate.suspension,
    renewal: renewalOf(certificate.current, certificate.next, row.renewalSubmittedAt, now),
    changeRequest,
    refusedChange: changeRequest ? null : refusedChange,
  };
}

async function requireProfile(db: Database, clinicId: string, now = new Date()): Promise<ClinicOwnProfile> {
  const profile = await getClinicOwnProfile(db, clinicId, now);
  if (!profile) throw notFound();
  return profile;
}

type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'id' | 'role' | 'email'>>;

/** Runs `change` on the clinic's row, locked, in one transaction; then answers the profile as it now is. */
async function changeOwnProfile(
  db: Database,
  clinicId: string,
  change: (tx: Transaction, row: typeof profiles.$inferSelect, now: Date) => Promise<void>,
): Promise<ClinicOwnProfile> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')))
      .for('update');
    if (!row) throw notFound();
    await change(tx, row, now);
    await assertListedNameFree(tx, clinicId);
  });
  return requireProfile(db, clinicId);
}

/**
 * Saves the clinic's own values. The reviewed ones (name, company, organisation number, criteria) go
 * into its change request once it has sent in (issue 27); before that they are its draft, changed at
 * once. Either way each change of them is in the audit log. The treatments are the clinic's request
 * (the admin sets the certificate's scope), and the visibility its choice: changed at once, and audited too.
 */
async function saveOwnValues(
  db: Database,
  clinicId: string,
  { criteria = {}, ...fields }: ProfileChanges & { criteria?: Partial<Criteria> },
): Promise<ClinicOwnProfile> {
  return changeOwnProfile(db, clinicId, async (tx, row, now) => {
    const reviewed = reviewedChangesOf(row, fields, criteria);
    const free = Object.fromEntries(
      Object.entries(fields).filter(([key]) => !(REVIEWED_FIELDS as readonly string[]).includes(key)),
    );
    const locked = isReviewLocked(row);
    if (locked && hasChanges(reviewed)) await requestReviewedChanges(tx, row, reviewed, now);
    const direct = locked ? free : { ...free, ...reviewedColumns(reviewed) };
    // A new town places the clinic there (issue 24), the application's city and the settings' alike.
    const position = positionOnCitySave(row, fields.city);
    await tx
      .update(profiles)
      .set({ ...direct, ...position, updatedAt: now })
      .where(eq(profiles.id, clinicId));
    if (!locked && hasChanges(reviewed)) {
      await recordAudit(tx, {
        actorId: clinicId,
        action: 'clinic.reviewed_values_changed',
        targetId: clinicId,
        after: { ...reviewed },
      });
    }
    if (fields.isPublic !== undefined && fields.isPublic !== row.isPublic) {
      await recordAudit(tx, {
        actorId: clinicId,
        action: fields.isPublic ? 'clinic.published' : 'clinic.unpublished',
        targetId: clinicId,
      });
    }
    if (fields.treatments && fields.treatments.join() !== row.treatments.join()) {
      await recordAudit(tx, {
        actorId: clinicId,
        action: 'clinic.treatments_changed',
        targetId: clinicId,
        before: { treatments: row.treatments },
        after: { treatments: fields.treatments },
      });
    }
  });
}

/** PATCH /api/clinic/settings: the public profile and contact details (already validated by the contract). */
export async function updateClinicSettings(
  db: Database,
  clinicId: string,
  settings: ClinicSettings,
): Promise<ClinicOwnProfile> {
  return saveOwnValues(db, clinicId, settings);
}

/** PATCH /api/clinic/application: saves the draft as given; completeness is checked only when sending in. */
export async function updateApplicationInfo(
  db: Database,
  clinicId: string,
  info: ApplicationInfo,
): Promise<ClinicOwnProfile> {
  return saveOwnValues(db, clinicId, info);
}

/**
 * POST /api/clinic/application/submit: records when the application was sent in. Needs every field,
 * the six criteria and a document; a denied application goes back to Väntar (SPEC section 1: correct
 * and resubmit). The status otherwise stays as SPEC section 4 has it.
 */
export async function submitApplication(db: Database, clinicId: string, now = new Date()): Promise<ClinicOwnProfile> {
  const profile = await requireProfile(db, clinicId);
  if (profile.applicationStatus === 'Godkänd') throw new ApiFailure(409, 'already_certified', 'alreadyCertified');
  if (profile.phase === 'sent_in') throw new ApiFailure(409, 'already_submitted', 'alreadySubmitted');
  const missing = missingForSubmission(profile);
  if (missing.length > 0) throw applicationIncomplete('applicationIncomplete', missing);
  await requireMembership(db, clinicId, membershipYearDue(profile, now));
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ applicationStatus: 'Väntar', isCertified: false, applicationSubmittedAt: now, updatedAt: now })
      .where(eq(profiles.id, clinicId));
    await recordSubmission(tx, clinicId, 'application', now);
    await tx.insert(auditLog).values({
      actorId: clinicId,
      action: 'application.submitted',
      targetId: clinicId,
      details: { previousStatus: profile.applicationStatus },
      createdAt: now,
    });
  });
  return requireProfile(db, clinicId);
}

/**
 * POST /api/clinic/renewal: a certified clinic applies for next year, from 1 November, with its saved
 * information and documents and the six criteria confirmed anew. It stays certified and in the
 * register meanwhile; the admin's approval issues next year's certificate, valid from 1 January.
 */
export async function submitRenewal(db: Database, clinicId: string, now = new Date()): Promise<ClinicOwnProfile> {
  const profile = await requireProfile(db, clinicId, now);
  if (!profile.renewal?.isOpen) throw new ApiFailure(409, 'renewal_not_open', 'renewalNotOpen');
  if (profile.renewal.submittedAt) throw new ApiFailure(409, 'renewal_already_submitted', 'renewalAlreadySubmitted');
  const confirmed = criteriaColumns({ c1: true, c2: true, c3: true, c4: true, c5: true, c6: true });
  const missing = missingForSubmission({
    ...profile,
    criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true },
  });
  if (missing.length > 0) throw applicationIncomplete('applicationIncomplete', missing);
  await requireMembership(db, clinicId, membershipYearDue(profile, now));
  await db.transaction(async (tx) => {
    // Conditional, so that two renewals sent at once leave one audit entry.
    const sent = await tx
      .update(profiles)
      .set({ ...confirmed, renewalSubmittedAt: now, denialReason: null, updatedAt: now })
      .where(and(eq(profiles.id, clinicId), isNull(profiles.renewalSubmittedAt)))
      .returning({ id: profiles.id });
    if (sent.length === 0) throw new ApiFailure(409, 'renewal_already_submitted', 'renewalAlreadySubmitted');
    await recordSubmission(tx, clinicId, 'renewal', now);
    await tx.insert(auditLog).values({
      actorId: clinicId,
      action: 'renewal.submitted',
      targetId: clinicId,
      details: { certificateNumber: profile.certificate?.number },
      createdAt: now,
    });
  });
  return requireProfile(db, clinicId, now);
}

/**
 * PUT /api/clinic/visibility: the clinic shows or hides its own page; the register lists it only while
 * certified too. The same choice as the application's (PATCH /api/clinic/application with isPublic).
 */
export async function setClinicVisibility(
  db: Database,
  clinicId: string,
  isPublic: boolean,
): Promise<ClinicOwnProfile> {
  return saveOwnValues(db, clinicId, { isPublic });
}

/** DELETE /api/clinic/change-request: the clinic withdraws its open change request; the reviewed values stay. */
export async function withdrawChangeRequest(
  db: Database,
  store: FileStore,
  clinicId: string,
): Promise<ClinicOwnProfile> {
  const settled = await db.transaction(async (tx) =>
    discardChangeRequest(tx, clinicId, clinicId, new Date(), { action: 'change_request.withdrawn', reason: null }),
  );
  if (!settled) throw new ApiFailure(409, 'no_change_request', 'noChangeRequest');
  await deleteStoredDocuments(store, settled.removedPaths);
  return requireProfile(db, clinicId);
}
