import type { CertificateEventKind } from '../../contracts/certificates.ts';
import type { TreatmentId } from '../../contracts/treatments.ts';
import type { Database } from '../db/client.ts';
import { certificateEvents } from '../db/schema/index.ts';

/** A transaction or the database. */
type Writer = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>;

export interface CertificateEvent {
  certificateId: string;
  clinicId: string;
  kind: CertificateEventKind;
  /** The public reason of a suspension or withdrawal. */
  reason?: string | null;
  /** The scope after an issue, renewal or change of scope. */
  treatments?: TreatmentId[] | null;
  /** The admin who decided it; null for the scheduled job. */
  actorId?: string | null;
  occurredAt: Date;
}

/** The changes a clinic's followers are told of (issue 22); the others are marked told when written. */
export const FOLLOWER_EVENT_KINDS: readonly CertificateEventKind[] = [
  'renewed',
  'suspended',
  'reinstated',
  'withdrawn',
  'expired',
];

/**
 * Adds changes of certificates to the public history (issue 22), in the caller's transaction: every
 * change of a certificate's status or scope goes through here, so the history has no gaps. Followers
 * are told after the commit (services/certificate-followers.ts wakes on the trigger's notice).
 */
export async function recordCertificateEvents(writer: Writer, events: CertificateEvent[]): Promise<void> {
  if (events.length === 0) return;
  await writer.insert(certificateEvents).values(
    events.map((event) => ({
      certificateId: event.certificateId,
      clinicId: event.clinicId,
      kind: event.kind,
      reason: event.reason ?? null,
      treatments: event.treatments ?? null,
      actorId: event.actorId ?? null,
      occurredAt: event.occurredAt,
      followersToldAt: FOLLOWER_EVENT_KINDS.includes(event.kind) ? null : event.occurredAt,
    })),
  );
}
