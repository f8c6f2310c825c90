import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  AdminReport,
  AdminReportPage,
  AdminReportQuery,
  Report,
  ReportForm,
  ReportPage,
  ReportQuery,
} from '../../../contracts/customer-area.ts';
import type { Language } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, cursorTime, type Keyset, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { auditLog, profiles, reports } from '../../db/schema/index.ts';
import { type DecisionMail, reportAnswerEmail, sendDecisionEmail } from '../decision-emails.ts';
import { shownName } from '../privacy/deleted-accounts.ts';

type ReportRow = typeof reports.$inferSelect;

/** Newest first, for the customer's and the admin's lists. */
const REPORT_ORDER: Keyset = { sortKey: reports.createdAt, kind: 'time', id: reports.id, direction: 'desc' };
const createdAtText = cursorTime(reports.createdAt);

const toReport = (row: ReportRow): Report => ({
  id: row.id,
  clinicName: row.clinicName,
  clinicId: row.clinicId,
  content: row.content,
  status: row.status,
  adminResponse: row.adminResponse,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const reportPage = <T extends { row: ReportRow; createdAtText: string }>(rows: T[], limit: number) =>
  keysetPage(rows, limit, ({ row, createdAtText }) => [createdAtText, row.id]);

/**
 * Files a report. The name is free text; when it is a registered clinic's name (case aside) the report
 * also points at that clinic, a certified one first, so the admin can open it.
 */
export async function fileReport(db: Database, reporterId: string, form: ReportForm): Promise<Report> {
  const [clinic] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.role, 'clinic'), sql`lower(${profiles.fullName}) = lower(${form.clinicName})`))
    .orderBy(desc(profiles.isCertified), profiles.createdAt)
    .limit(1);
  const [row] = await db
    .insert(reports)
    .values({ reporterId, clinicName: form.clinicName, clinicId: clinic?.id ?? null, content: form.content })
    .returning();
  if (!row) throw new Error('The report was not written');
  return toReport(row);
}

/** The customer's own reports, newest first. */
export async function listOwnReports(
  db: Database,
  reporterId: string,
  { limit, cursor }: ReportQuery,
): Promise<ReportPage> {
  const rows = await db
    .select({ row: reports, createdAtText })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), afterCursor(REPORT_ORDER, cursor)))
    .orderBy(keysetOrder(REPORT_ORDER))
    .limit(limit + 1);
  const page = reportPage(rows, limit);
  return { items: page.rows.map(({ row }) => toReport(row)), nextCursor: page.nextCursor };
}

/** One of the customer's own reports; another customer's is not found. */
export async function getOwnReport(db: Database, reporterId: string, reportId: string): Promise<Report | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.reporterId, reporterId)));
  return row && toReport(row);
}

/**
 * Every report for the admin, newest first, optionally of one status. A deleted reporter's report stays
 * for the certification record, without who wrote it: the name in `language`, no address.
 */
export async function listReports(
  db: Database,
  { limit, cursor, status }: AdminReportQuery,
  language: Language,
): Promise<AdminReportPage> {
  const rows = await db
    .select({
      row: reports,
      createdAtText,
      reporter: {
        id: profiles.id,
        fullName: shownName(profiles, language),
        email: sql<string | null>`CASE WHEN ${profiles.deletedAt} IS NULL THEN ${profiles.email} END`,
      },
    })
    .from(reports)
    .innerJoin(profiles, eq(profiles.id, reports.reporterId))
    .where(and(status ? eq(reports.status, status) : undefined, afterCursor(REPORT_ORDER, cursor)))
    .orderBy(keysetOrder(REPORT_ORDER))
    .limit(limit + 1);
  const page = reportPage(rows, limit);
  return {
    items: page.rows.map(({ row, reporter }): AdminReport => ({ ...toReport(row), reporter })),
    nextCursor: page.nextCursor,
  };
}

/**
 * The admin answers a report: saving always sets Hanterad (SPEC section 4). A new or changed answer is
 * emailed to the customer in the same transaction (issue 28): a failed send (503) leaves the report as it
 * was. Undefined when there is no such report.
 */
export async function answerReport(
  db: Database,
  mail: DecisionMail,
  adminId: string,
  reportId: string,
  adminResponse: string,
): Promise<Report | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        adminResponse: reports.adminResponse,
        email: profiles.email,
        fullName: profiles.fullName,
        reporterDeleted: sql<boolean>`${profiles.deletedAt} IS NOT NULL`,
      })
      .from(reports)
      .innerJoin(profiles, eq(profiles.id, reports.reporterId))
      .where(eq(reports.id, reportId))
      .for('update', { of: reports });
    if (!before) return undefined;
    const [row] = await tx
      .update(reports)
      .set({ adminResponse, status: 'Hanterad', updatedAt: new Date() })
      .where(eq(reports.id, reportId))
      .returning();
    if (!row) return undefined;
    await tx.insert(auditLog).values({ actorId: adminId, action: 'report.answered', targetId: reportId });
    // A deleted account's address receives no mail (services/privacy/deleted-accounts.ts).
    if (before.adminResponse !== adminResponse && !before.reporterDeleted) {
      await sendDecisionEmail(
        mail,
        reportAnswerEmail({
          to: before.email,
          fullName: before.fullName,
          clinicName: row.clinicName,
          answer: adminResponse,
          siteUrl: mail.siteUrl,
        }),
      );
    }
    return toReport(row);
  });
}
