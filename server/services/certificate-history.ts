import { and, eq } from 'drizzle-orm';
import {
  CERTIFICATE_NUMBER_PATTERN,
  normalizeCertificateNumber,
  type CertificateEventKind,
  type CertificateHistoryPage,
} from '../../contracts/certificates.ts';
import type { TimeCursor } from '../../contracts/cursors.ts';
import type { TreatmentId } from '../../contracts/treatments.ts';
import type { Database } from '../db/client.ts';
import { afterCursor, cursorTime, type Keyset, keysetOrder, keysetPage } from '../db/keyset.ts';
import { certificateEvents, certificates } from '../db/schema/index.ts';

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

const HISTORY_ORDER: Keyset = {
  sortKey: certificateEvents.occurredAt,
  kind: 'time',
  id: certificateEvents.id,
  direction: 'desc',
};

/** Only these kinds carry a public reason, and only these a scope (contracts/certificates.ts). */
const WITH_REASON: readonly CertificateEventKind[] = ['suspended', 'withdrawn'];
const WITH_SCOPE: readonly CertificateEventKind[] = ['issued', 'renewed', 'scope_changed'];

/**
 * The public history of the clinic that holds certificate `number` (all its certificates), newest first,
 * a page after `cursor` (issue 22); undefined when no certificate has the number. Never who decided a
 * change: that is for the audit log.
 */
export async function certificateHistory(
  db: Pick<Database, 'select'>,
  typed: string,
  { cursor, limit }: { cursor?: TimeCursor; limit: number },
): Promise<CertificateHistoryPage | undefined> {
  // As people type it: `ck2026000123` is CK-2026-000123 (issue 28 point 7).
  const number = normalizeCertificateNumber(typed);
  if (!CERTIFICATE_NUMBER_PATTERN.test(number)) return undefined;
  const [holder] = await db
    .select({ clinicId: certificates.clinicId })
    .from(certificates)
    .where(eq(certificates.number, number));
  if (!holder) return undefined;
  const rows = await db
    .select({
      id: certificateEvents.id,
      kind: certificateEvents.kind,
      certificateNumber: certificates.number,
      occurredAt: certificateEvents.occurredAt,
      cursorTime: cursorTime(certificateEvents.occurredAt),
      reason: certificateEvents.reason,
      treatments: certificateEvents.treatments,
    })
    .from(certificateEvents)
    .innerJoin(certificates, eq(certificates.id, certificateEvents.certificateId))
    .where(and(eq(certificateEvents.clinicId, holder.clinicId), afterCursor(HISTORY_ORDER, cursor)))
    .orderBy(keysetOrder(HISTORY_ORDER))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.id]);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      certificateNumber: row.certificateNumber,
      occurredAt: row.occurredAt.toISOString(),
      reason: WITH_REASON.includes(row.kind) ? row.reason : null,
      treatments: WITH_SCOPE.includes(row.kind) ? (row.treatments ?? []) : null,
    })),
    nextCursor: page.nextCursor,
  };
}
