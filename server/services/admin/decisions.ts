import { and, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { clinicCertificates, issueCertificate, withdrawActiveCertificate } from '../certificates.ts';
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
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An approval issues a certificate; its number goes into the audit entry. */
const issue = (clinicId: string, now: Date, validFrom?: string) => async (tx: Transaction) => ({
  certificateNumber: await issueCertificate(tx, clinicId, now, validFrom),
});

const renewalWaiting = and(eq(profiles.applicationStatus, 'Godkänd'), isNotNull(profiles.renewalSubmittedAt));

async function isRenewal(db: Database, clinicId: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, clinicId), renewalWaiting));
  return row !== undefined;
}

async function decide(
  db: Database,
  {
    adminId,
    clinicId,
    from,
    also,
    changes,
    action,
    details,
    alsoInTransaction,
  }: {
    adminId: string;
    clinicId: string;
    from: ApplicationStatus[];
    /** A further condition the profile must meet (a renewal waiting). */
    also?: SQL;
    changes: ProfileChanges;
    action: string;
    details?: Record<string, unknown>;
    /** What the decision changes beside the profile (the certificate), in the same transaction. */
    alsoInTransaction?: (tx: Transaction) => Promise<Record<string, unknown>>;
  },
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
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic'), inArray(profiles.applicationStatus, from), also))
      .returning({ status: profiles.applicationStatus, isCertified: profiles.isCertified });
    const after = updated[0];
    if (!after) throw new DecisionError(409, 'status_conflict');
    const more = (await alsoInTransaction?.(tx)) ?? {};
    await recordAudit(tx, { actorId: adminId, action, targetId: clinicId, before: { ...before }, after: { ...after, ...more }, details });
  });
}

const approval = (now: Date): ProfileChanges => ({
  applicationStatus: 'Godkänd',
  isCertified: true,
  certifiedAt: now,
  applicationDecidedAt: now,
  denialReason: null,
});

/**
 * The applications screen: a waiting application becomes Godkänd and certified, issued today. A
 * renewal gets next year's certificate, valid from 1 January, while this year's runs out; a renewal
 * decided after this year's certificate lapsed gets one from today.
 */
export async function approveApplication(db: Database, adminId: string, clinicId: string, now = new Date()): Promise<void> {
  if (await isRenewal(db, clinicId)) {
    const { current } = await clinicCertificates(db, clinicId, now);
    const validFrom = current ? `${Number(current.validTo.slice(0, 4)) + 1}-01-01` : undefined;
    await decide(db, {
      adminId,
      clinicId,
      from: ['Godkänd'],
      also: renewalWaiting,
      changes: { isCertified: true, renewalSubmittedAt: null, applicationDecidedAt: now, denialReason: null },
      action: 'renewal.approved',
      alsoInTransaction: issue(clinicId, now, validFrom),
    });
    return;
  }
  await decide(db, { adminId, clinicId, from: ['Väntar'], changes: approval(now), action: 'application.approved', alsoInTransaction: issue(clinicId, now) });
}

/** The clinics table's 'Godkänn': certifies a clinic that is not certified, whether it waits or was denied. */
export async function approveClinic(db: Database, adminId: string, clinicId: string, now = new Date()): Promise<void> {
  await decide(db, { adminId, clinicId, from: ['Väntar', 'Nekad'], changes: approval(now), action: 'clinic.approved', alsoInTransaction: issue(clinicId, now) });
}

/**
 * A waiting application becomes Nekad with the reason the clinic reads before correcting and sending in
 * again. A denied renewal leaves the clinic certified until its certificate runs out, with the reason.
 */
export async function denyApplication(db: Database, adminId: string, clinicId: string, reason: string, now = new Date()): Promise<void> {
  if (await isRenewal(db, clinicId)) {
    await decide(db, {
      adminId,
      clinicId,
      from: ['Godkänd'],
      also: renewalWaiting,
      changes: { renewalSubmittedAt: null, applicationDecidedAt: now, denialReason: reason },
      action: 'renewal.denied',
      details: { reason },
    });
    return;
  }
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
    changes: { applicationStatus: 'Nekad', isCertified: false, applicationDecidedAt: now, denialReason: reason, applicationSubmittedAt: null, renewalSubmittedAt: null },
    action: 'certification.withdrawn',
    details: { reason },
    alsoInTransaction: async (tx) => {
      await withdrawActiveCertificate(tx, clinicId, reason, now);
      return {};
    },
  });
}
