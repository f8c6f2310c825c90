import { and, asc, eq } from 'drizzle-orm';
import { FACT_KINDS, legalFormOf, type PublicFact } from '../../contracts/facts.ts';
import type { Database } from '../db/client.ts';
import { clinicFacts } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';

// The facts behind a certificate as anyone may read them (issue 22, contracts/facts.ts PublicFactSchema):
// only those an admin verified, each with the Swedish day it was checked, and never a policy or licence
// number (the admin has checked them; they are the clinic's business).

type FactRow = Pick<typeof clinicFacts.$inferSelect, 'kind' | 'details' | 'validUntil' | 'checkedAt'>;

/** The public part of a verified fact's row; null for a row that lacks what its kind needs (never expected). */
function publicFact({ kind, details, validUntil, checkedAt }: FactRow): PublicFact | null {
  if (!checkedAt) return null;
  const checkedOn = dateInSweden(checkedAt);
  const text = (key: string) => details[key] ?? '';
  switch (kind) {
    case 'org_number':
      return { kind, orgNumber: text('orgNumber'), legalForm: legalFormOf(text('orgNumber')), checkedOn };
    case 'liability_insurance':
      return validUntil ? { kind, insurer: text('insurer'), validUntil, checkedOn } : null;
    case 'ivo_registration':
      return { kind, registrationNumber: text('registrationNumber'), checkedOn };
    case 'municipal_notification':
      return { kind, municipality: text('municipality'), notifiedOn: text('notifiedOn'), checkedOn };
    case 'licensed_practitioner': {
      const profession = text('profession');
      return profession === 'physician' || profession === 'dentist' || profession === 'nurse'
        ? { kind, name: text('name'), profession, checkedOn }
        : null;
    }
  }
}

/** The clinic's verified facts: in the order of FACT_KINDS, then as the clinic stated them. */
export async function verifiedFactsOf(db: Pick<Database, 'select'>, clinicId: string): Promise<PublicFact[]> {
  const rows = await db
    .select({
      kind: clinicFacts.kind,
      details: clinicFacts.details,
      validUntil: clinicFacts.validUntil,
      checkedAt: clinicFacts.checkedAt,
    })
    .from(clinicFacts)
    .where(and(eq(clinicFacts.clinicId, clinicId), eq(clinicFacts.status, 'verified')))
    .orderBy(asc(clinicFacts.createdAt), asc(clinicFacts.id));
  const byKind = (row: FactRow) => FACT_KINDS.indexOf(row.kind);
  // A stable sort: within a kind, the order of the query.
  return rows
    .toSorted((a, b) => byKind(a) - byKind(b))
    .map(publicFact)
    .filter((fact) => fact !== null);
}
