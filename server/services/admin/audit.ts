import { desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '../../../contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, profiles } from '../../db/schema/index.ts';

/** A transaction or the database: an audit row is written in the same transaction as its change. */
type Writer = Pick<Database, 'insert'>;

export interface AuditRecord {
  actorId: string;
  action: string;
  /** The record decided on; null for site-wide records such as the site content. */
  targetId: string | null;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  details?: Record<string, unknown>;
}

/** Appends one decision to the audit log (ARCHITECTURE "Data": who, what, which record, before and after, when). */
export async function recordAudit(writer: Writer, { actorId, action, targetId, before, after, details }: AuditRecord): Promise<void> {
  await writer.insert(auditLog).values({ actorId, action, targetId, details: { ...details, ...(before ? { before } : {}), ...(after ? { after } : {}) } });
}

/** The history of one record, newest first, with who did it. */
export async function auditHistory(db: Database, targetId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select({ id: auditLog.id, action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt, actorId: profiles.id, actorName: profiles.fullName })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(eq(auditLog.targetId, targetId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor: row.actorId ? { id: row.actorId, fullName: row.actorName ?? '' } : null,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  }));
}
