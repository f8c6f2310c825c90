import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  type AdminPayment,
  type AdminPaymentsPage,
  type AdminPaymentsQuery,
  type Payment,
  paymentReference,
} from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, cursorTime, type Keyset, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { payments, profiles } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-failure.ts';

export type PaymentRow = typeof payments.$inferSelect;

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    number: row.number,
    reference: paymentReference(row.number),
    clinicId: row.clinicId,
    buyer: { name: row.buyerName, organisationNumber: row.buyerOrganisationNumber, email: row.buyerEmail },
    planName: row.planName,
    membershipYear: row.membershipYear,
    provider: row.provider,
    status: row.status,
    netOre: row.netOre,
    vatOre: row.vatOre,
    totalOre: row.totalOre,
    vatPercent: row.vatPercent,
    createdAt: row.createdAt.toISOString(),
    dueDate: row.dueDate,
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
  };
}

/** How many of its payments a clinic's page lists: one a year, and the Checkouts it left unpaid. */
const CLINIC_PAYMENTS_SHOWN = 50;

/** The clinic's own payments, newest first: the latest its page shows, or `all` of them (its data export). */
export async function clinicPayments(db: Database, clinicId: string, { all = false } = {}): Promise<Payment[]> {
  const query = db
    .select()
    .from(payments)
    .where(eq(payments.clinicId, clinicId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const rows = await (all ? query : query.limit(CLINIC_PAYMENTS_SHOWN));
  return rows.map(toPayment);
}

/**
 * One payment, as its invoice or receipt shows it. With `clinicId`, only that clinic's own: another
 * clinic's answers 404, as one that does not exist.
 */
export async function findPayment(db: Database, paymentId: string, clinicId?: string): Promise<Payment> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), clinicId === undefined ? undefined : eq(payments.clinicId, clinicId)));
  if (!row) throw notFound();
  return toPayment(row);
}

const NEWEST_FIRST: Keyset = { sortKey: payments.createdAt, kind: 'time', id: payments.id, direction: 'desc' };

/** GET /api/admin/payments: every payment and invoice, newest first, optionally of one status. */
export async function adminPayments(
  db: Database,
  { status, cursor, limit }: AdminPaymentsQuery,
): Promise<AdminPaymentsPage> {
  const rows = await db
    .select({ payment: payments, clinicName: profiles.fullName, cursorTime: cursorTime(payments.createdAt) })
    .from(payments)
    .leftJoin(profiles, eq(profiles.id, payments.clinicId))
    .where(and(status ? eq(payments.status, status) : undefined, afterCursor(NEWEST_FIRST, cursor)))
    .orderBy(keysetOrder(NEWEST_FIRST))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.payment.id]);
  return {
    items: page.rows.map((row): AdminPayment => ({ ...toPayment(row.payment), clinicName: row.clinicName })),
    nextCursor: page.nextCursor,
  };
}

/** The payment `condition` picks, locked for a change in `tx`. */
export async function lockPayment(tx: Pick<Database, 'select'>, condition: SQL): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(condition).for('update');
  return row;
}
