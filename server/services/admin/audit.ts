import { desc, eq, inArray } from 'drizzle-orm';
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

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The details with every lone UTF-16 surrogate replaced by U+FFFD. PostgreSQL refuses one in jsonb
 * (`\ud800`, as JSON.stringify writes it: "invalid input syntax for type json"), while a text column
 * stores it as U+FFFD; so an admin's text that was saved can be audited too (the route fuzzer,
 * server/fuzz, found a 500 on PUT /api/admin/site).
 */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, storable(item)]));
  return value;
}

/** Appends one decision to the audit log (ARCHITECTURE "Data": who, what, which record, before and after, when). */
export async function recordAudit(
  writer: Writer,
  { actorId, action, targetId, before, after, details }: AuditRecord,
): Promise<void> {
  const all = { ...details, ...(before ? { before } : {}), ...(after ? { after } : {}) };
  await writer
    .insert(auditLog)
    .values({ actorId, action, targetId, details: storable(all) as Record<string, unknown> });
}

/** The history of one record, newest first, with who did it. */
export async function auditHistory(db: Database, targetId: string): Promise<AuditEntry[]> {
  return (await auditHistories(db, [targetId])).get(targetId) ?? [];
}

/** The histories of several records in one query, each newest first; a record without any has none in the map. */
export async function auditHistories(db: Database, targetIds: readonly string[]): Promise<Map<string, AuditEntry[]>> {
  const histories = new Map<string, AuditEntry[]>();
  if (targetIds.length === 0) return histories;
  const rows = await db
    .select({
      id: auditLog.id,
      targetId: auditLog.targetId,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorId: profiles.id,
      actorName: profiles.fullName,
    })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(inArray(auditLog.targetId, [...targetIds]))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  for (const row of rows) {
    if (row.targetId === null) continue;
    const history = histories.get(row.targetId) ?? [];
    histories.set(row.targetId, history);
    history.push({
      id: row.id,
      action: row.action,
      actor: row.actorId ? { id: row.actorId, fullName: row.actorName ?? '' } : null,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return histories;
}
