import { and, asc, eq } from 'drizzle-orm';
import type { AdminFacts } from '../../../contracts/admin.ts';
import { type FactKind, type FactReview, missingFacts } from '../../../contracts/facts.ts';
import { inCatalogueOrder, requirementsOf, type TreatmentId } from '../../../contracts/treatments.ts';
import type { Database } from '../../db/client.ts';
import { certificates, clinicFacts, profiles } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import type { MessageKey } from '../../lib/messages.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { toClinicFact } from '../clinic-area/clinic-facts.ts';
import type { Transaction } from '../clinic-area/reviewed-values.ts';
import { standingCertificates } from '../certificates.ts';
import { recordAudit } from './audit.ts';

// The admin's check of the facts behind a certificate (issue 22): each verified, or rejected with a
// reason, on its own; a certificate covers treatments only while every fact they need is verified.

type Reader = Pick<Database, 'select'>;
type FactRow = typeof clinicFacts.$inferSelect;

/** The translated name of each kind, for the list of a refusal. */
const FACT_KIND_NAMES: Record<FactKind, MessageKey> = {
  org_number: 'factKindOrgNumber',
  liability_insurance: 'factKindLiabilityInsurance',
  ivo_registration: 'factKindIvoRegistration',
  licensed_practitioner: 'factKindLicensedPractitioner',
  municipal_notification: 'factKindMunicipalNotification',
};

/** 409 with one issue per kind of fact still to verify: `['facts', kind]`, the kind's name in words. */
export const factsUnverified = (missing: FactKind[]) =>
  new ApiFailure(
    409,
    'facts_unverified',
    'factsUnverified',
    missing.map((kind) => ({ path: ['facts', kind], message: `validation:${FACT_KIND_NAMES[kind]}` })),
  );

/** The statement in a few words for the audit log: its values as stated, whatever the kind. */
const summaryOf = (row: FactRow) => [...Object.values(row.details), row.validUntil].filter(Boolean).join(', ');

/**
 * The kinds of fact `treatments` need that have no verified fact in force on `today`. Inside a
 * decision's transaction the facts are read with a share lock: a rejection at the same moment waits
 * for the decision, or the decision sees it.
 */
export async function unverifiedFacts(
  reader: Reader | Transaction,
  clinicId: string,
  treatments: readonly TreatmentId[],
  today: string,
  lock = false,
): Promise<FactKind[]> {
  const query = reader
    .select({ kind: clinicFacts.kind, status: clinicFacts.status, validUntil: clinicFacts.validUntil })
    .from(clinicFacts)
    .where(eq(clinicFacts.clinicId, clinicId));
  return missingFacts(treatments, await (lock ? query.for('share') : query), today);
}

/** The treatments the clinic chose, in catalogue order; undefined when it is no clinic. */
async function chosenTreatments(reader: Reader, clinicId: string): Promise<TreatmentId[] | undefined> {
  const [row] = await reader
    .select({ treatments: profiles.treatments })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
  return row ? inCatalogueOrder(row.treatments) : undefined;
}

/**
 * What an approval certifies (issue 22): the clinic's chosen treatments, once every fact they need is
 * verified; a 409 with the list of those that are not.
 */
export async function verifiedScope(tx: Transaction, clinicId: string, now: Date): Promise<TreatmentId[]> {
  const treatments = (await chosenTreatments(tx, clinicId)) ?? [];
  const missing = await unverifiedFacts(tx, clinicId, treatments, dateInSweden(now), true);
  if (missing.length > 0) throw factsUnverified(missing);
  return treatments;
}

/** GET /api/admin/clinics/:id/facts; undefined when there is no such clinic. */
export async function getAdminFacts(db: Database, clinicId: string, now: Date): Promise<AdminFacts | undefined> {
  const treatments = await chosenTreatments(db, clinicId);
  if (!treatments) return undefined;
  const today = dateInSweden(now);
  const [rows, [standing]] = await Promise.all([
    db
      .select({ fact: clinicFacts, checkedBy: profiles.fullName })
      .from(clinicFacts)
      .leftJoin(profiles, eq(profiles.id, clinicFacts.checkedBy))
      // The kinds' enum order is the order of contracts/facts.ts FACT_KINDS.
      .where(eq(clinicFacts.clinicId, clinicId))
      .orderBy(asc(clinicFacts.kind), asc(clinicFacts.createdAt), asc(clinicFacts.id)),
    db
      .select({ treatments: certificates.treatments })
      .from(certificates)
      .where(standingCertificates(clinicId, today))
      .orderBy(asc(certificates.validFrom))
      .limit(1),
  ]);
  // The admin reads who checked each fact by name.
  const facts = rows.map(({ fact, checkedBy }) => ({ ...toClinicFact(fact), checkedBy }));
  return {
    facts,
    treatments,
    needed: ['org_number', ...requirementsOf(treatments)],
    missing: missingFacts(treatments, facts, today),
    scope: standing ? inCatalogueOrder(standing.treatments) : null,
  };
}

/**
 * The admin verifies a fact of the clinic, or rejects it with the reason the clinic reads: who and when
 * are stored with it, and the audit log has the kind and what was stated. 404 for a fact of another clinic.
 */
export async function reviewFact(
  db: Database,
  adminId: string,
  clinicId: string,
  factId: string,
  review: FactReview,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(clinicFacts)
      .where(and(eq(clinicFacts.id, factId), eq(clinicFacts.clinicId, clinicId)))
      .for('update');
    if (!before) throw notFound();
    const reason = review.status === 'rejected' ? review.reason : null;
    await tx
      .update(clinicFacts)
      .set({ status: review.status, reason, checkedBy: adminId, checkedAt: now, updatedAt: now })
      .where(eq(clinicFacts.id, factId));
    await recordAudit(tx, {
      actorId: adminId,
      action: `fact.${review.status}`,
      targetId: clinicId,
      before: { status: before.status, reason: before.reason },
      after: { status: review.status, reason },
      details: { factId, kind: before.kind, summary: summaryOf(before) },
    });
  });
}
