import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ClinicFactList } from '../../../contracts/clinic-area.ts';
import {
  type ClinicFact,
  type FactKind,
  type FactStatement,
  legalFormOf,
  missingFacts,
} from '../../../contracts/facts.ts';
import { requirementsOf } from '../../../contracts/treatments.ts';
import type { Database } from '../../db/client.ts';
import { clinicDocuments, clinicFacts, profiles } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import type { MessageKey } from '../../lib/messages.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { recordAudit } from '../admin/audit.ts';
import type { Transaction } from './reviewed-values.ts';

// The facts a clinic states behind its certificate (issue 22, contracts/facts.ts): its liability
// insurance, IVO registration, municipal notification and licensed practitioners. Each is checked on
// its own by an admin; a changed statement is unchecked again. The org-number fact is the trigger's
// (migration 0017): it follows the application's organisation number, so the clinic cannot touch it here.

/** A clinic states a handful of facts; more than this is a mistake or abuse. */
export const FACTS_PER_CLINIC_MAX = 50;

type FactRow = typeof clinicFacts.$inferSelect;

/** A stored fact as the contract has it: `details` holds the statement's fields beside its own columns. */
export function toClinicFact(row: FactRow): ClinicFact {
  const review = {
    id: row.id,
    status: row.status,
    reason: row.reason,
    checkedBy: row.checkedBy,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.kind === 'org_number') {
    const orgNumber = row.details.orgNumber ?? '';
    return { kind: row.kind, orgNumber, legalForm: legalFormOf(orgNumber), ...review };
  }
  return {
    kind: row.kind,
    ...row.details,
    ...(row.kind === 'liability_insurance' ? { validUntil: row.validUntil } : {}),
    ...(row.kind === 'licensed_practitioner' ? {} : { documentId: row.documentId }),
    ...review,
  } as ClinicFact;
}

/** The columns of a statement: `validUntil` and `documentId` have their own, the rest goes in `details`. */
function columnsOf(statement: FactStatement) {
  const { kind, ...fields } = statement;
  const {
    documentId = null,
    validUntil = null,
    ...details
  } = fields as typeof fields & {
    documentId?: string | null;
    validUntil?: string;
  };
  return { kind, details, documentId, validUntil };
}

/**
 * What the clinic cannot state on `today` (its Swedish date): an insurance that has already run out,
 * a notification made in the future, a document that is not its own. The document is locked until the
 * statement is written, so that it cannot be deleted in between.
 */
async function assertStatable(tx: Transaction, clinicId: string, statement: FactStatement, today: string) {
  const refused: { field: string; key: MessageKey }[] = [];
  if (statement.kind === 'liability_insurance' && statement.validUntil < today)
    refused.push({ field: 'validUntil', key: 'validUntilPast' });
  if (statement.kind === 'municipal_notification' && statement.notifiedOn > today)
    refused.push({ field: 'notifiedOn', key: 'notifiedOnFuture' });
  if ('documentId' in statement && statement.documentId !== null) {
    const [document] = await tx
      .select({ id: clinicDocuments.id })
      .from(clinicDocuments)
      .where(and(eq(clinicDocuments.id, statement.documentId), eq(clinicDocuments.clinicId, clinicId)))
      .for('share');
    if (!document) refused.push({ field: 'documentId', key: 'documentInvalid' });
  }
  const [first] = refused;
  if (first)
    throw new ApiFailure(
      400,
      'invalid_request',
      first.key,
      refused.map(({ field, key }) => ({ path: [field], message: `validation:${key}` })),
    );
}

/** GET /api/clinic/facts: the clinic's facts, oldest first, and which ones its chosen treatments need. */
export async function listClinicFacts(db: Database, clinicId: string, now: Date): Promise<ClinicFactList> {
  const [profile] = await db
    .select({ treatments: profiles.treatments })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
  if (!profile) throw notFound();
  const rows = await db
    .select()
    .from(clinicFacts)
    .where(eq(clinicFacts.clinicId, clinicId))
    .orderBy(asc(clinicFacts.createdAt), asc(clinicFacts.id));
  const items = rows.map(toClinicFact);
  const needed: FactKind[] = ['org_number', ...requirementsOf(profile.treatments)];
  return { items, needed, missing: missingFacts(profile.treatments, items, dateInSweden(now)) };
}

/** POST /api/clinic/facts: a new statement, unchecked. */
export async function addClinicFact(
  db: Database,
  clinicId: string,
  statement: FactStatement,
  now: Date,
): Promise<ClinicFact> {
  return db.transaction(async (tx) => {
    // The clinic's row, locked, so that two additions at once count each other.
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, clinicId)).for('update');
    const [existing] = await tx.select({ total: count() }).from(clinicFacts).where(eq(clinicFacts.clinicId, clinicId));
    if ((existing?.total ?? 0) >= FACTS_PER_CLINIC_MAX) throw new ApiFailure(409, 'fact_limit', 'factLimit');
    await assertStatable(tx, clinicId, statement, dateInSweden(now));
    const [row] = await tx
      .insert(clinicFacts)
      .values({ clinicId, ...columnsOf(statement) })
      .returning();
    if (!row) throw new Error('The new fact was not written');
    const fact = toClinicFact(row);
    await recordAudit(tx, {
      actorId: clinicId,
      action: 'fact.stated',
      targetId: clinicId,
      after: fact,
    });
    return fact;
  });
}

/** The clinic's own fact of that id, locked; the org-number fact is refused (it follows the application). */
async function ownStatedFact(tx: Transaction, clinicId: string, factId: string): Promise<FactRow> {
  const [row] = await tx
    .select()
    .from(clinicFacts)
    .where(and(eq(clinicFacts.id, factId), eq(clinicFacts.clinicId, clinicId)))
    .for('update');
  if (!row) throw notFound();
  if (row.kind === 'org_number') throw new ApiFailure(409, 'org_number_fact', 'orgNumberFactFixed');
  return row;
}

/** PUT /api/clinic/facts/:id: the statement anew, of the same kind; whatever the admin found, it is unchecked again. */
export async function changeClinicFact(
  db: Database,
  clinicId: string,
  factId: string,
  statement: FactStatement,
  now: Date,
): Promise<ClinicFact> {
  return db.transaction(async (tx) => {
    const before = await ownStatedFact(tx, clinicId, factId);
    if (statement.kind !== before.kind)
      throw new ApiFailure(400, 'invalid_request', 'factKindFixed', [
        { path: ['kind'], message: 'validation:factKindFixed' },
      ]);
    await assertStatable(tx, clinicId, statement, dateInSweden(now));
    const [row] = await tx
      .update(clinicFacts)
      .set({
        ...columnsOf(statement),
        status: 'unchecked',
        reason: null,
        checkedBy: null,
        checkedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(clinicFacts.id, factId))
      .returning();
    if (!row) throw new Error('The fact vanished inside its own transaction');
    const fact = toClinicFact(row);
    await recordAudit(tx, {
      actorId: clinicId,
      action: 'fact.changed',
      targetId: clinicId,
      before: toClinicFact(before),
      after: fact,
    });
    return fact;
  });
}

/** DELETE /api/clinic/facts/:id */
export async function deleteClinicFact(db: Database, clinicId: string, factId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownStatedFact(tx, clinicId, factId);
    await tx.delete(clinicFacts).where(eq(clinicFacts.id, factId));
    await recordAudit(tx, {
      actorId: clinicId,
      action: 'fact.deleted',
      targetId: clinicId,
      before: toClinicFact(before),
    });
  });
}
