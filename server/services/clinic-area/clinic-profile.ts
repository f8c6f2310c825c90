import { and, count, eq, isNull } from 'drizzle-orm';
import {
  type ApplicationRequirement,
  type ClinicOwnProfile,
  type Criteria,
  isAwaitingReview,
  missingForSubmission,
} from '../../../contracts/clinic-area.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, clinicDocuments, profiles } from '../../db/schema/index.ts';
import { clinicCertificates, renewalOf } from '../certificates.ts';

/** The columns of the six criteria, by the form's ids (SPEC section 3). */
const CRITERIA_COLUMNS = {
  c1: 'c1LiabilityInsurance',
  c2: 'c2RegisteredCompany',
  c3: 'c3StaffEducation',
  c4: 'c4HygienicPremises',
  c5: 'c5ApprovedProducts',
  c6: 'c6ClientRoutines',
} as const satisfies Record<keyof Criteria, keyof typeof profiles.$inferSelect>;

/** A nullable timestamp as the API sends it. */
export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The six criteria of a profile row, by the form's ids. */
export function criteriaOf(row: typeof profiles.$inferSelect): Criteria {
  return Object.fromEntries(Object.entries(CRITERIA_COLUMNS).map(([id, column]) => [id, row[column]])) as Criteria;
}

/** A refusal the routes answer with a status, a stable code and a translated message. */
export class ClinicAreaError extends Error {
  readonly status: 404 | 409;
  readonly code: 'not_found' | 'application_incomplete' | 'already_submitted' | 'already_certified' | 'renewal_not_open' | 'renewal_already_submitted';
  readonly missing: ApplicationRequirement[];

  constructor(status: ClinicAreaError['status'], code: ClinicAreaError['code'], missing: ApplicationRequirement[] = []) {
    super(code);
    this.status = status;
    this.code = code;
    this.missing = missing;
  }
}

/** The signed-in clinic's own profile (GET /api/clinic/profile); undefined when it is not a clinic. */
export async function getClinicOwnProfile(db: Database, clinicId: string, now = new Date()): Promise<ClinicOwnProfile | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
  if (!row) return undefined;
  const [documents] = await db.select({ total: count() }).from(clinicDocuments).where(eq(clinicDocuments.clinicId, clinicId));
  const certificate = await clinicCertificates(db, clinicId, now);
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
    contactPerson: row.contactPerson,
    contactEmail: row.contactEmail,
    phoneNumber: row.phoneNumber,
    discountCode: row.discountCode,
    criteria: criteriaOf(row),
    isPublic: row.isPublic,
    isCertified: row.isCertified,
    applicationStatus: row.applicationStatus,
    submittedAt: iso(row.applicationSubmittedAt),
    decidedAt: iso(row.applicationDecidedAt),
    denialReason: row.denialReason,
    certifiedAt: iso(row.certifiedAt),
    documentCount: documents?.total ?? 0,
    certificate: certificate.current,
    nextCertificate: certificate.next,
    renewal: renewalOf(certificate.current, certificate.next, row.renewalSubmittedAt, now),
  };
}

async function requireProfile(db: Database, clinicId: string, now = new Date()): Promise<ClinicOwnProfile> {
  const profile = await getClinicOwnProfile(db, clinicId, now);
  if (!profile) throw new ClinicAreaError(404, 'not_found');
  return profile;
}

type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'id' | 'role' | 'email'>>;

async function updateOwnProfile(db: Database, clinicId: string, changes: ProfileChanges): Promise<ClinicOwnProfile> {
  const updated = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')))
    .returning({ id: profiles.id });
  if (updated.length === 0) throw new ClinicAreaError(404, 'not_found');
  return requireProfile(db, clinicId);
}

export interface ClinicSettings {
  fullName?: string;
  description?: string | null;
  city?: string | null;
  companyName?: string | null;
  website?: string | null;
  contactPerson?: string | null;
  contactEmail?: string | null;
  phoneNumber?: string | null;
}

/** PATCH /api/clinic/settings: the public profile and contact details (already validated by the contract). */
export async function updateClinicSettings(db: Database, clinicId: string, settings: ClinicSettings): Promise<ClinicOwnProfile> {
  return updateOwnProfile(db, clinicId, settings);
}

export interface ApplicationInfo {
  companyName?: string | null;
  orgNumber?: string | null;
  website?: string | null;
  address?: string | null;
  contactPerson?: string | null;
  contactEmail?: string | null;
  discountCode?: string | null;
  criteria?: Partial<Criteria>;
}

/** PATCH /api/clinic/application: saves the draft as given; completeness is checked only when sending in. */
export async function updateApplicationInfo(db: Database, clinicId: string, { criteria = {}, ...fields }: ApplicationInfo): Promise<ClinicOwnProfile> {
  const criteriaColumns = Object.fromEntries(
    Object.entries(criteria).map(([id, confirmed]) => [CRITERIA_COLUMNS[id as keyof Criteria], confirmed]),
  );
  return updateOwnProfile(db, clinicId, { ...fields, ...criteriaColumns });
}

/**
 * POST /api/clinic/application/submit: records when the application was sent in. Needs every field,
 * the six criteria and a document; a denied application goes back to Väntar (SPEC section 1: correct
 * and resubmit). The status otherwise stays as SPEC section 4 has it.
 */
export async function submitApplication(db: Database, clinicId: string, now = new Date()): Promise<ClinicOwnProfile> {
  const profile = await requireProfile(db, clinicId);
  if (profile.applicationStatus === 'Godkänd') throw new ClinicAreaError(409, 'already_certified');
  if (isAwaitingReview(profile)) throw new ClinicAreaError(409, 'already_submitted');
  const missing = missingForSubmission(profile);
  if (missing.length > 0) throw new ClinicAreaError(409, 'application_incomplete', missing);
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ applicationStatus: 'Väntar', isCertified: false, applicationSubmittedAt: now, updatedAt: now })
      .where(eq(profiles.id, clinicId));
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
  if (!profile.renewal?.isOpen) throw new ClinicAreaError(409, 'renewal_not_open');
  if (profile.renewal.submittedAt) throw new ClinicAreaError(409, 'renewal_already_submitted');
  const confirmed = Object.fromEntries(Object.values(CRITERIA_COLUMNS).map((column) => [column, true]));
  const missing = missingForSubmission({ ...profile, criteria: { c1: true, c2: true, c3: true, c4: true, c5: true, c6: true } });
  if (missing.length > 0) throw new ClinicAreaError(409, 'application_incomplete', missing);
  await db.transaction(async (tx) => {
    // Conditional, so that two renewals sent at once leave one audit entry.
    const sent = await tx
      .update(profiles)
      .set({ ...confirmed, renewalSubmittedAt: now, denialReason: null, updatedAt: now })
      .where(and(eq(profiles.id, clinicId), isNull(profiles.renewalSubmittedAt)))
      .returning({ id: profiles.id });
    if (sent.length === 0) throw new ClinicAreaError(409, 'renewal_already_submitted');
    await tx.insert(auditLog).values({ actorId: clinicId, action: 'renewal.submitted', targetId: clinicId, details: { certificateNumber: profile.certificate?.number }, createdAt: now });
  });
  return requireProfile(db, clinicId, now);
}

/** PUT /api/clinic/visibility: the clinic shows or hides its own page; the register lists it only while certified too. */
export async function setClinicVisibility(db: Database, clinicId: string, isPublic: boolean): Promise<ClinicOwnProfile> {
  const profile = await updateOwnProfile(db, clinicId, { isPublic });
  await db.insert(auditLog).values({ actorId: clinicId, action: isPublic ? 'clinic.published' : 'clinic.unpublished', targetId: clinicId });
  return profile;
}
