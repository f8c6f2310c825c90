import { CERTIFICATION_BODY } from '../../contracts/constants.ts';
import { and, eq, exists, gt, gte, isNotNull, lte, max, notExists, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { auditLog, certificates, clinicFacts, factReminders, profiles } from '../db/schema/index.ts';
import type { Mailer } from '../lib/mailer.ts';
import { addDays, dateInSweden } from '../lib/swedish-date.ts';
import { standingCertificates, suspendCertificates } from './certificates.ts';

// A certified clinic's liability insurance (issue 22 point 4): its clinic is reminded 30 and 7 days
// before the insurance runs out, and 14 days after it ran out without a newer one verified the
// certificate is suspended. What counts is the latest valid-until of the clinic's verified insurances.
// Part of the hourly lifecycle (certificate-lifecycle.ts): each step is conditional, so two runs at
// once, or one after the other, send and suspend nothing twice.

/** Days before the end of the insurance when the clinic is reminded, largest first. */
export const INSURANCE_REMINDER_DAYS = [30, 7] as const;
/** Days after the insurance's last day a certificate stays in force without a newer one. */
export const INSURANCE_GRACE_DAYS = 14;
/** The public reason of the suspension: Swedish, as the admin's reasons are. */
export const INSURANCE_LAPSED_REASON = 'Ansvarsförsäkringen har löpt ut och ingen ny har verifierats.';

/** Verified insurances, of the table or an alias of it. */
const verifiedInsurance = (facts: Record<'kind' | 'status' | 'validUntil', AnyPgColumn>) =>
  and(eq(facts.kind, 'liability_insurance'), eq(facts.status, 'verified'), isNotNull(facts.validUntil));

/** The clinic has a certificate that counts or may count again: active or suspended, not past its end. */
const hasStandingCertificate = (db: Pick<Database, 'select'>, clinicId: typeof clinicFacts.clinicId, today: string) =>
  exists(db.select({ id: certificates.id }).from(certificates).where(standingCertificates(clinicId, today)));

export function insuranceReminder({
  fullName,
  insurer,
  validUntil,
  daysLeft,
  siteUrl,
}: {
  fullName: string;
  insurer: string;
  validUntil: string;
  daysLeft: number;
  siteUrl: string;
}) {
  const overview = new URL('/clinic-dashboard', siteUrl).href;
  return {
    subject: `Ansvarsförsäkringen går ut om ${daysLeft} dagar / Your liability insurance runs out – Certifierad Klinik`,
    text: [
      `Hej ${fullName},`,
      '',
      `Er ansvarsförsäkring hos ${insurer} gäller till och med ${validUntil}, om ${daysLeft} dagar. Lägg in den nya försäkringen under Översikt så att vi kan kontrollera den: ${overview}`,
      `Har ingen ny försäkring kontrollerats ${INSURANCE_GRACE_DAYS} dagar efter att den gamla gått ut stängs certifikatet av, och kliniken lämnar registret tills en ny är kontrollerad.`,
      '',
      `Your liability insurance with ${insurer} is valid until ${validUntil}, in ${daysLeft} days. Add the new policy from your overview so that we can check it: ${overview}`,
      `If no new insurance has been checked ${INSURANCE_GRACE_DAYS} days after the old one ran out, the certificate is suspended and the clinic leaves the register until a new one is checked.`,
      '',
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}

export interface InsuranceReminder {
  clinicId: string;
  validUntil: string;
  daysBefore: number;
}

/**
 * Sends the insurance reminders due today, each once per insurance: the fact_reminders row is written
 * in the transaction that sends the email (as certificate_reminders are), so a failed send is tried
 * again on the next run and a second process finds the row taken. Only the clinic's latest verified
 * insurance is reminded of, and only while the clinic holds a certificate.
 */
export async function sendInsuranceReminders(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  now = new Date(),
): Promise<InsuranceReminder[]> {
  const today = dateInSweden(now);
  const later = alias(clinicFacts, 'later_insurance');
  const daysLeft = sql<number>`(${clinicFacts.validUntil} - ${today}::date)::int`;
  const candidates = await db
    .select({
      factId: clinicFacts.id,
      clinicId: clinicFacts.clinicId,
      validUntil: sql<string>`${clinicFacts.validUntil}::text`,
      insurer: sql<string>`coalesce(${clinicFacts.details}->>'insurer', '')`,
      daysLeft,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(clinicFacts)
    .innerJoin(profiles, eq(profiles.id, clinicFacts.clinicId))
    .where(
      and(
        verifiedInsurance(clinicFacts),
        gte(clinicFacts.validUntil, today),
        lte(clinicFacts.validUntil, addDays(today, INSURANCE_REMINDER_DAYS[0])),
        notExists(
          db
            .select({ id: later.id })
            .from(later)
            .where(
              and(
                eq(later.clinicId, clinicFacts.clinicId),
                verifiedInsurance(later),
                or(
                  gt(later.validUntil, sql`${clinicFacts.validUntil}`),
                  and(eq(later.validUntil, sql`${clinicFacts.validUntil}`), gt(later.id, clinicFacts.id)),
                ),
              ),
            ),
        ),
        hasStandingCertificate(db, clinicFacts.clinicId, today),
      ),
    );
  const reminded: InsuranceReminder[] = [];
  for (const candidate of candidates) {
    // The smallest of 30 and 7 at or above the days left: a run that was missed sends the one due now.
    const daysBefore = [...INSURANCE_REMINDER_DAYS].reverse().find((days) => candidate.daysLeft <= days);
    if (daysBefore === undefined) continue;
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(factReminders)
        .values({ factId: candidate.factId, daysBefore, sentAt: now })
        .onConflictDoNothing()
        .returning({ factId: factReminders.factId });
      if (!claimed) return false;
      await mailer.send({ to: candidate.email, ...insuranceReminder({ ...candidate, siteUrl }) });
      return true;
    });
    if (sent) reminded.push({ clinicId: candidate.clinicId, validUntil: candidate.validUntil, daysBefore });
  }
  return reminded;
}

/** The latest valid-until of the clinic's verified insurances; null when none is verified. */
const latestValidUntil = (db: Pick<Database, 'select'>) =>
  db
    .select({ clinicId: clinicFacts.clinicId, validUntil: max(clinicFacts.validUntil).as('valid_until') })
    .from(clinicFacts)
    .where(verifiedInsurance(clinicFacts))
    .groupBy(clinicFacts.clinicId);

export interface InsuranceSuspension {
  clinicId: string;
  certificateNumbers: string[];
  insuranceValidUntil: string;
}

/**
 * Suspends the active certificates of every clinic whose latest verified insurance ran out more than
 * 14 days ago, with the public reason and an audit entry by nobody (the job). A clinic that never had
 * an insurance verified is left to the admin: there is no lapse to count from. Suspending only what is
 * active makes a second run, or a second process, find nothing to do.
 */
export async function suspendForLapsedInsurance(db: Database, now = new Date()): Promise<InsuranceSuspension[]> {
  const today = dateInSweden(now);
  const lastCovered = addDays(today, -INSURANCE_GRACE_DAYS);
  const latest = latestValidUntil(db).as('latest_insurance');
  const lapsed = await db
    .select({ clinicId: latest.clinicId })
    .from(latest)
    .where(
      and(
        sql`${latest.validUntil} < ${lastCovered}`,
        exists(
          db
            .select({ id: certificates.id })
            .from(certificates)
            .where(and(eq(certificates.clinicId, latest.clinicId), eq(certificates.status, 'active'))),
        ),
      ),
    );
  const suspensions: InsuranceSuspension[] = [];
  for (const { clinicId } of lapsed) {
    const suspension = await db.transaction(async (tx) => {
      // Read again: an admin may have verified a new insurance since the list was read.
      const [current] = await tx
        .select({ validUntil: sql<string>`max(${clinicFacts.validUntil})::text` })
        .from(clinicFacts)
        .where(and(eq(clinicFacts.clinicId, clinicId), verifiedInsurance(clinicFacts)));
      const insuranceValidUntil = current?.validUntil;
      if (!insuranceValidUntil || insuranceValidUntil >= lastCovered) return undefined;
      const certificateNumbers = await suspendCertificates(tx, clinicId, INSURANCE_LAPSED_REASON, now, null);
      if (certificateNumbers.length === 0) return undefined;
      await tx.insert(auditLog).values({
        actorId: null,
        action: 'certificate.suspended_automatically',
        targetId: clinicId,
        details: { certificateNumbers, insuranceValidUntil },
        createdAt: now,
      });
      return { clinicId, certificateNumbers, insuranceValidUntil };
    });
    if (suspension) suspensions.push(suspension);
  }
  return suspensions;
}
