import { CERTIFICATION_BODY } from '../../contracts/constants.ts';
import { and, eq, gte, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { auditLog, certificateReminders, certificates, profiles } from '../db/schema/index.ts';
import type { Mailer } from '../lib/mailer.ts';
import { type FollowerDelivery, tellFollowers, type ToldChange } from './certificate-followers.ts';
import { recordCertificateEvents } from './certificate-history.ts';
import { dateInSweden } from './certificates.ts';
import {
  type InsuranceReminder,
  type InsuranceSuspension,
  sendInsuranceReminders,
  suspendForLapsedInsurance,
} from './insurance-lifecycle.ts';

// The yearly lifecycle of certificates (issue 9, decision 013): on 1 January last year's certificates
// expire (suspended ones too) and their clinics leave the register unless renewed; 60, 30 and 7 days
// before, the clinic is reminded to renew. Every step is a conditional statement, so running it twice,
// or in two processes at once, changes and sends nothing twice.

/** Days before the end of a certificate when its clinic is reminded, largest first. */
export const REMINDER_DAYS = [60, 30, 7] as const;

export interface LifecycleRun {
  /** Certificates that ran out in this run. */
  expired: string[];
  /** Clinics that left the register with them. */
  lapsedClinics: string[];
  /** Reminders sent: certificate number and how many days before. */
  reminded: { number: string; daysBefore: number }[];
  /** Reminders of liability insurances running out (insurance-lifecycle.ts). */
  insuranceReminded: InsuranceReminder[];
  /** Certificates suspended for a lapsed insurance. */
  suspendedForInsurance: InsuranceSuspension[];
  /** Changes whose followers were told in this run: those the notifier had not yet told. */
  toldFollowers: ToldChange[];
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Expires what ended before today, active or suspended, each with its event in the public history. A
 * clinic without another certificate in force (or one only suspended, which an admin may reinstate)
 * leaves the register (not certified, back to Väntar); a renewal it had sent in becomes its waiting
 * application.
 */
export async function expireCertificates(
  db: Database,
  now = new Date(),
): Promise<Pick<LifecycleRun, 'expired' | 'lapsedClinics'>> {
  const today = dateInSweden(now);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(certificates)
      .set({ status: 'expired' })
      .where(and(inArray(certificates.status, ['active', 'suspended']), sql`${certificates.validTo} < ${today}`))
      .returning({ id: certificates.id, number: certificates.number, clinicId: certificates.clinicId });
    if (expired.length === 0) return { expired: [], lapsedClinics: [] };
    await recordCertificateEvents(
      tx,
      expired.map((row) => ({ certificateId: row.id, clinicId: row.clinicId, kind: 'expired', occurredAt: now })),
    );
    const inForce = alias(certificates, 'in_force');
    const lapsed = await tx
      .update(profiles)
      .set({
        isCertified: false,
        applicationStatus: 'Väntar',
        applicationSubmittedAt: sql`${profiles.renewalSubmittedAt}`,
        renewalSubmittedAt: null,
        updatedAt: now,
      })
      .where(
        and(
          inArray(profiles.id, [...new Set(expired.map((row) => row.clinicId))]),
          eq(profiles.isCertified, true),
          notExists(
            tx
              .select({ id: inForce.id })
              .from(inForce)
              .where(
                and(
                  eq(inForce.clinicId, profiles.id),
                  inArray(inForce.status, ['active', 'suspended']),
                  lte(inForce.validFrom, today),
                  gte(inForce.validTo, today),
                ),
              ),
          ),
        ),
      )
      .returning({ id: profiles.id });
    if (lapsed.length > 0) {
      const numbers = new Map(expired.map((row) => [row.clinicId, row.number]));
      await tx.insert(auditLog).values(
        lapsed.map(({ id }) => ({
          actorId: null,
          action: 'certificate.expired',
          targetId: id,
          details: { certificateNumber: numbers.get(id) },
          createdAt: now,
        })),
      );
    }
    return { expired: expired.map((row) => row.number), lapsedClinics: lapsed.map((row) => row.id) };
  });
}

/** The reminder a certificate is due on a day: the smallest of 60, 30 and 7 at or above the days left. */
export function reminderDue(daysLeft: number): number | undefined {
  return [...REMINDER_DAYS].reverse().find((days) => daysLeft <= days);
}

export function renewalReminder({
  fullName,
  number,
  validTo,
  daysLeft,
  siteUrl,
}: {
  fullName: string;
  number: string;
  validTo: string;
  daysLeft: number;
  siteUrl: string;
}) {
  const overview = new URL('/clinic-dashboard', siteUrl).href;
  return {
    subject: `Förnya ert certifikat – ${daysLeft} dagar kvar / Renew your certificate – Certifierad Klinik`,
    text: [
      `Hej ${fullName},`,
      '',
      `Certifikat ${number} gäller till och med ${validTo}, om ${daysLeft} dagar. Förnya för nästa år under Översikt: ${overview}`,
      'Er sparade information och era dokument finns kvar; bekräfta kriterierna och skicka in. Utan förnyelse lämnar kliniken registret den 1 januari.',
      '',
      `Certificate ${number} is valid until ${validTo}, in ${daysLeft} days. Renew for next year from your overview: ${overview}`,
      'Your saved information and documents are kept; confirm the criteria and send it in. Without renewal the clinic leaves the register on 1 January.',
      '',
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}

/**
 * Sends the renewal reminders due today, each once: the row in certificate_reminders is written in the
 * transaction that sends the email, so a failed send is tried again on the next run, and a second
 * process waits on the row and then finds it taken. Clinics that renewed, or sent in a renewal, are
 * not reminded.
 */
export async function sendRenewalReminders(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  now = new Date(),
): Promise<LifecycleRun['reminded']> {
  const today = dateInSweden(now);
  const next = alias(certificates, 'next_certificate');
  const candidates = await db
    .select({
      id: certificates.id,
      number: certificates.number,
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(certificates)
    .innerJoin(profiles, eq(profiles.id, certificates.clinicId))
    .where(
      and(
        eq(certificates.status, 'active'),
        lte(certificates.validFrom, today),
        gte(certificates.validTo, today),
        sql`${certificates.validTo} - ${today}::date <= ${REMINDER_DAYS[0]}`,
        isNull(profiles.renewalSubmittedAt),
        notExists(
          db
            .select({ id: next.id })
            .from(next)
            .where(
              and(
                eq(next.clinicId, certificates.clinicId),
                eq(next.status, 'active'),
                sql`${next.validFrom} > ${certificates.validTo}`,
              ),
            ),
        ),
      ),
    );
  const reminded: LifecycleRun['reminded'] = [];
  for (const candidate of candidates) {
    const daysLeft = daysBetween(today, candidate.validTo);
    const daysBefore = reminderDue(daysLeft);
    // A certificate issued inside a window (approved in December, say) waits for the next one.
    if (daysBefore === undefined || daysBetween(candidate.validFrom, candidate.validTo) < daysBefore) continue;
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(certificateReminders)
        .values({ certificateId: candidate.id, daysBefore, sentAt: now })
        .onConflictDoNothing()
        .returning({ certificateId: certificateReminders.certificateId });
      if (!claimed) return false;
      await mailer.send({ to: candidate.email, ...renewalReminder({ ...candidate, daysLeft, siteUrl }) });
      return true;
    });
    if (sent) reminded.push({ number: candidate.number, daysBefore });
  }
  return reminded;
}

/**
 * One run of the whole lifecycle: what the scheduler calls every hour. Last, the followers of changes
 * still untold are told: the notifier wakes on each change, and this catches up on what it missed.
 */
export async function runCertificateLifecycle(
  db: Database,
  delivery: FollowerDelivery,
  now = new Date(),
): Promise<LifecycleRun> {
  const expiry = await expireCertificates(db, now);
  const suspendedForInsurance = await suspendForLapsedInsurance(db, now);
  const reminded = await sendRenewalReminders(db, delivery.mailer, delivery.siteUrl, now);
  const insuranceReminded = await sendInsuranceReminders(db, delivery.mailer, delivery.siteUrl, now);
  const toldFollowers = await tellFollowers(db, delivery, now);
  return { ...expiry, reminded, insuranceReminded, suspendedForInsurance, toldFollowers };
}
