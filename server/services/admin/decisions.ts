import { and, eq, inArray } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { recordAudit } from './audit.ts';

// The certification decisions (SPEC section 4). Each is one conditional UPDATE: of two admins deciding
// the same application at once, the second finds the status already changed and gets a conflict, and
// the audit log has one entry.

export class DecisionError extends Error {
  readonly status: 404 | 409;
  readonly code: 'not_found' | 'status_conflict';

  constructor(status: DecisionError['status'], code: DecisionError['code']) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

type ProfileChanges = Partial<typeof profiles.$inferInsert>;

async function decide(
  db: Database,
  { adminId, clinicId, from, changes, action, details }: { adminId: string; clinicId: string; from: ApplicationStatus[]; changes: ProfileChanges; action: string; details?: Record<string, unknown> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: profiles.applicationStatus, isCertified: profiles.isCertified })
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
    if (!before) throw new DecisionError(404, 'not_found');
    const updated = await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic'), inArray(profiles.applicationStatus, from)))
      .returning({ status: profiles.applicationStatus, isCertified: profiles.isCertified });
    const after = updated[0];
    if (!after) throw new DecisionError(409, 'status_conflict');
    await recordAudit(tx, { actorId: adminId, action, targetId: clinicId, before: { ...before }, after: { ...after }, details });
  });
}

const approval = (now: Date): ProfileChanges => ({
  applicationStatus: 'Godkänd',
  isCertified: true,
  certifiedAt: now,
  applicationDecidedAt: now,
  denialReason: null,
});

/** The applications screen: a waiting application becomes Godkänd and certified, issued today. */
export async function approveApplication(db: Database, adminId: string, clinicId: string, now = new Date()): Promise<void> {
  await decide(db, { adminId, clinicId, from: ['Väntar'], changes: approval(now), action: 'application.approved' });
}

/** The clinics table's 'Godkänn': certifies a clinic that is not certified, whether it waits or was denied. */
export async function approveClinic(db: Database, adminId: string, clinicId: string, now = new Date()): Promise<void> {
  await decide(db, { adminId, clinicId, from: ['Väntar', 'Nekad'], changes: approval(now), action: 'clinic.approved' });
}

/** A waiting application becomes Nekad with the reason the clinic reads before correcting and sending in again. */
export async function denyApplication(db: Database, adminId: string, clinicId: string, reason: string, now = new Date()): Promise<void> {
  await decide(db, {
    adminId,
    clinicId,
    from: ['Väntar'],
    changes: { applicationStatus: 'Nekad', isCertified: false, applicationDecidedAt: now, denialReason: reason },
    action: 'application.denied',
    details: { reason },
  });
}

/**
 * A certified clinic that lapsed or misbehaves loses its certification: Nekad with the reason, out of
 * the register at once (the register lists only certified clinics); it may correct and apply again.
 */
export async function withdrawCertification(db: Database, adminId: string, clinicId: string, reason: string, now = new Date()): Promise<void> {
  await decide(db, {
    adminId,
    clinicId,
    from: ['Godkänd'],
    changes: { applicationStatus: 'Nekad', isCertified: false, applicationDecidedAt: now, denialReason: reason, applicationSubmittedAt: null },
    action: 'certification.withdrawn',
    details: { reason },
  });
}
