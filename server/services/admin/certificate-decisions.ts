import { and, eq, inArray } from 'drizzle-orm';
import type { TreatmentId } from '../../../contracts/treatments.ts';
import type { Database } from '../../db/client.ts';
import { certificates, profiles } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { recordCertificateEvents } from '../certificate-history.ts';
import { reinstateCertificates, standingCertificates, suspendCertificates } from '../certificates.ts';
import type { Transaction } from '../clinic-area/reviewed-values.ts';
import { recordAudit } from './audit.ts';
import { factsUnverified, unverifiedFacts } from './fact-review.ts';

// The admin's decisions on a certificate that stands (issue 22): what it covers, and its suspension
// while a fact behind it is in doubt. The clinic's application status is left as it is: its phase reads
// 'suspended' from the certificate (services/clinic-area/application-phase.ts).

/** Runs `decide` in one transaction on a clinic that exists; 404 for any other id. */
async function onClinic(db: Database, clinicId: string, decide: (tx: Transaction) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const [clinic] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
    if (!clinic) throw notFound();
    await decide(tx);
  });
}

const sameScope = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((treatment, index) => treatment === b[index]);

/**
 * The admin changes what the clinic's standing certificates cover (this year's and a renewed next
 * year's, active or suspended): refused (409, the list) unless every fact those treatments need is
 * verified, and (409) without a standing certificate. Each changed certificate's history says so.
 */
export async function changeScope(
  db: Database,
  adminId: string,
  clinicId: string,
  treatments: TreatmentId[],
  now: Date,
): Promise<void> {
  await onClinic(db, clinicId, async (tx) => {
    const today = dateInSweden(now);
    const missing = await unverifiedFacts(tx, clinicId, treatments, today, true);
    if (missing.length > 0) throw factsUnverified(missing);
    const standing = await tx
      .select({ id: certificates.id, number: certificates.number, treatments: certificates.treatments })
      .from(certificates)
      .where(standingCertificates(clinicId, today))
      .orderBy(certificates.validFrom)
      .for('update');
    if (standing.length === 0) throw new ApiFailure(409, 'no_standing_certificate', 'noStandingCertificate');
    const changed = standing.filter((certificate) => !sameScope(certificate.treatments, treatments));
    if (changed.length === 0) return;
    await tx
      .update(certificates)
      .set({ treatments })
      .where(
        inArray(
          certificates.id,
          changed.map(({ id }) => id),
        ),
      );
    await recordCertificateEvents(
      tx,
      changed.map(({ id }) => ({
        certificateId: id,
        clinicId,
        kind: 'scope_changed',
        treatments,
        actorId: adminId,
        occurredAt: now,
      })),
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'certificate.scope_changed',
      targetId: clinicId,
      before: { treatments: changed[0]?.treatments ?? [] },
      after: { treatments },
      details: { certificates: changed.map(({ number }) => number) },
    });
  });
}

/**
 * Suspends the clinic's active certificates with the public reason: out of the register at once, the
 * badge and the verification page say so. 409 when none is active.
 */
export async function suspendClinic(
  db: Database,
  adminId: string,
  clinicId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await onClinic(db, clinicId, async (tx) => {
    const numbers = await suspendCertificates(tx, clinicId, reason, now, adminId);
    if (numbers.length === 0) throw new ApiFailure(409, 'nothing_to_suspend', 'nothingToSuspend');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'certificate.suspended',
      targetId: clinicId,
      details: { reason, certificates: numbers },
    });
  });
}

/**
 * Makes the clinic's suspended certificates active again: back in the register. 409 when none is
 * suspended, and (the list) while a fact their scope needs is not verified, as after an insurance lapsed.
 */
export async function reinstateClinic(db: Database, adminId: string, clinicId: string, now: Date): Promise<void> {
  await onClinic(db, clinicId, async (tx) => {
    const suspended = await tx
      .select({ treatments: certificates.treatments })
      .from(certificates)
      .where(and(eq(certificates.clinicId, clinicId), eq(certificates.status, 'suspended')))
      .for('update');
    const scope = [...new Set(suspended.flatMap(({ treatments }) => treatments))];
    const missing = await unverifiedFacts(tx, clinicId, scope, dateInSweden(now), true);
    if (suspended.length > 0 && missing.length > 0) throw factsUnverified(missing);
    const numbers = await reinstateCertificates(tx, clinicId, now, adminId);
    if (numbers.length === 0) throw new ApiFailure(409, 'nothing_to_reinstate', 'nothingToReinstate');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'certificate.reinstated',
      targetId: clinicId,
      details: { certificates: numbers },
    });
  });
}
