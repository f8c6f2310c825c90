import { eq } from 'drizzle-orm';
import type { StatedFactKind } from '../../contracts/facts.ts';
import { requirementsOf } from '../../contracts/treatments.ts';
import type { Database } from '../db/client.ts';
import { clinicFacts, profiles } from '../db/schema/index.ts';

/** A statement of each kind as a clinic would make it; "Exempel" in every number, as in the demo data. */
export const EXAMPLE_STATEMENTS: Record<StatedFactKind, { details: Record<string, string>; validUntil?: string }> = {
  liability_insurance: {
    details: { insurer: 'Exempel Försäkring AB', policyNumber: 'Exempel-P-1001' },
    validUntil: '2099-12-31',
  },
  ivo_registration: { details: { registrationNumber: 'Exempel-IVO-2001' } },
  licensed_practitioner: {
    details: { name: 'Exempel Sjuksköterska', profession: 'nurse', licenceNumber: 'Exempel-L-3001' },
  },
  municipal_notification: { details: { municipality: 'Stockholm', notifiedOn: '2026-01-15' } },
};

/** Stores the clinic's statements of `kinds`, unchecked, as the clinic's own form would; their ids by kind. */
export async function stateFacts(
  db: Database,
  clinicId: string,
  kinds: readonly StatedFactKind[],
): Promise<Record<string, string>> {
  if (kinds.length === 0) return {};
  const rows = await db
    .insert(clinicFacts)
    .values(kinds.map((kind) => ({ clinicId, kind, ...EXAMPLE_STATEMENTS[kind] })))
    .returning({ id: clinicFacts.id, kind: clinicFacts.kind });
  return Object.fromEntries(rows.map(({ kind, id }) => [kind, id]));
}

/** The id of the clinic's fact of `kind` (the first, for a kind stated more than once). */
export async function factIdOf(db: Database, clinicId: string, kind: string): Promise<string> {
  const rows = await db
    .select({ id: clinicFacts.id, kind: clinicFacts.kind })
    .from(clinicFacts)
    .where(eq(clinicFacts.clinicId, clinicId));
  const fact = rows.find((row) => row.kind === kind);
  if (!fact) throw new Error(`Clinic ${clinicId} has no ${kind} fact`);
  return fact.id;
}

/**
 * What an approval checks besides a complete application (issue 22): every fact the clinic's chosen
 * treatments need, stated where it is not yet and verified by `adminId`. The org-number fact comes with
 * the clinic's organisation number (a trigger writes it), so the clinic needs one.
 */
export async function verifyAllFacts(db: Database, clinicId: string, adminId: string | null = null): Promise<void> {
  const [profile] = await db
    .select({ treatments: profiles.treatments })
    .from(profiles)
    .where(eq(profiles.id, clinicId));
  if (!profile) throw new Error(`No clinic ${clinicId}`);
  const stated = new Set(
    (await db.select({ kind: clinicFacts.kind }).from(clinicFacts).where(eq(clinicFacts.clinicId, clinicId))).map(
      ({ kind }) => kind,
    ),
  );
  await stateFacts(
    db,
    clinicId,
    requirementsOf(profile.treatments).filter((kind) => !stated.has(kind)),
  );
  await db
    .update(clinicFacts)
    .set({ status: 'verified', reason: null, checkedBy: adminId, checkedAt: new Date() })
    .where(eq(clinicFacts.clinicId, clinicId));
}
