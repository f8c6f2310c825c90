import { and, desc, eq, gt, gte, inArray, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { OwnCertificate, Renewal, Suspension } from '../../contracts/clinic-area.ts';
import {
  type Badge,
  type BadgeRefusal,
  CERTIFICATE_NUMBER_PATTERN,
  normalizeCertificateNumber,
  CERTIFICATE_SEARCH_PAGE_SIZE,
  type CertificateSearchResult,
  type CertificateStatus,
  type CertificateVerification,
} from '../../contracts/certificates.ts';
import type { TreatmentId } from '../../contracts/treatments.ts';
import type { Database } from '../db/client.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { recordCertificateEvents } from './certificate-history.ts';
import { criteriaOf } from './clinic-area/reviewed-values.ts';
import { escapeLike } from './clinic-register.ts';
import { isListed } from './listed.ts';
import { verifiedFactsOf } from './public-facts.ts';

/** A transaction or the database. */
type Writer = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>;

// Certificates follow the calendar of the certification body: a day is a Swedish day.
export { dateInSweden };

/**
 * Issues the certificate of an approval: a new number from the sequence (unique however many admins
 * approve at once), valid from the approval day to 31 December of that year (SPEC section 9). A
 * renewal's certificate is next year's: valid from 1 January (`validFrom`).
 */
export async function issueCertificate(
  writer: Writer,
  clinicId: string,
  now: Date,
  validFrom = dateInSweden(now),
  {
    treatments = [],
    kind = 'issued',
    actorId = null,
  }: {
    /** The scope: the treatments whose facts were verified. */
    treatments?: TreatmentId[];
    /** `renewed` for next year's certificate of a renewal; the history says so. */
    kind?: 'issued' | 'renewed';
    actorId?: string | null;
  } = {},
): Promise<string> {
  const year = validFrom.slice(0, 4);
  const result = (await writer.execute(sql`SELECT nextval('certificate_number_seq') AS value`)) as {
    rows: { value: string | number }[];
  };
  const number = `CK-${year}-${String(result.rows[0]?.value).padStart(6, '0')}`;
  const [issued] = await writer
    .insert(certificates)
    .values({ number, clinicId, validFrom, validTo: `${year}-12-31`, issuedAt: now, treatments })
    .returning({ id: certificates.id });
  if (!issued) throw new Error('The certificate was not stored');
  await recordCertificateEvents(writer, [
    { certificateId: issued.id, clinicId, kind, treatments, actorId, occurredAt: now },
  ]);
  return number;
}

/** Active and valid on `today`: the certificate that counts now (a renewed clinic also has next year's). */
export const inForce = (today: string) =>
  and(eq(certificates.status, 'active'), lte(certificates.validFrom, today), gte(certificates.validTo, today));

/** Suspended, and in force on `today` but for the suspension. */
const suspendedOn = (today: string) =>
  and(eq(certificates.status, 'suspended'), lte(certificates.validFrom, today), gte(certificates.validTo, today));

/** The suspension of the clinic's certificate of today, if it is suspended. */
async function suspensionToday(
  db: Pick<Database, 'select'>,
  clinicId: string,
  today: string,
): Promise<Suspension | null> {
  const [row] = await db
    .select({ number: certificates.number, since: certificates.suspendedAt, reason: certificates.suspensionReason })
    .from(certificates)
    .where(and(eq(certificates.clinicId, clinicId), suspendedOn(today)));
  return row ? { number: row.number, since: (row.since ?? new Date(0)).toISOString(), reason: row.reason ?? '' } : null;
}

/**
 * The clinic's certificate in force today and the one for next year after a renewal, each or both
 * absent, and the suspension of today's when it is suspended.
 */
export async function clinicCertificates(db: Pick<Database, 'select'>, clinicId: string, now = new Date()) {
  const today = dateInSweden(now);
  const suspension = await suspensionToday(db, clinicId, today);
  const rows = await db
    .select({
      number: certificates.number,
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
      issuedAt: certificates.issuedAt,
      treatments: certificates.treatments,
    })
    .from(certificates)
    .where(
      and(eq(certificates.clinicId, clinicId), eq(certificates.status, 'active'), gte(certificates.validTo, today)),
    )
    .orderBy(certificates.validFrom);
  const own = (row: (typeof rows)[number] | undefined): OwnCertificate | null =>
    row ? { ...row, issuedAt: row.issuedAt.toISOString() } : null;
  return {
    current: own(rows.find((row) => row.validFrom <= today)),
    next: own(rows.find((row) => row.validFrom > today)),
    suspension,
  };
}

/** Renewal of a certificate opens on 1 November of the year it is valid for (issue 9). */
const renewalOpensOn = (validTo: string) => `${validTo.slice(0, 4)}-11-01`;

/** From 1 November of the certificate's year until next year's is issued. */
export const isRenewalOpen = (validTo: string, hasNextCertificate: boolean, now: Date) =>
  dateInSweden(now) >= renewalOpensOn(validTo) && !hasNextCertificate;

/** The renewal of a certificate in force: open from 1 November of its year until next year's is issued. */
export function renewalOf(
  current: OwnCertificate | null,
  next: OwnCertificate | null,
  submittedAt: Date | null,
  now = new Date(),
): Renewal | null {
  if (!current) return null;
  return {
    opensOn: renewalOpensOn(current.validTo),
    isOpen: isRenewalOpen(current.validTo, next !== null, now),
    submittedAt: submittedAt?.toISOString() ?? null,
  };
}

/**
 * For a list of clinics, what each row's phase needs of its certificates today (as `clinicCertificates`
 * finds them for one clinic): the last day of the one in force, and whether next year's is issued.
 */
export function certificatesToday(today: string) {
  // Named with its table by hand: in a query without joins drizzle writes a bare "id", which inside
  // these subqueries would be the certificate's.
  const clinic = sql`${profiles}.${sql.identifier(profiles.id.name)}`;
  const ofClinic = eq(certificates.clinicId, clinic);
  return {
    certificateValidTo: sql<
      string | null
    >`(SELECT max(${certificates.validTo})::text FROM ${certificates} WHERE ${and(ofClinic, inForce(today))})`,
    hasNextCertificate: sql<boolean>`EXISTS (SELECT 1 FROM ${certificates} WHERE ${and(ofClinic, eq(certificates.status, 'active'), gt(certificates.validFrom, today))})`,
    isSuspended: sql<boolean>`EXISTS (SELECT 1 FROM ${certificates} WHERE ${and(ofClinic, suspendedOn(today))})`,
  };
}

/**
 * The clinic's certificates that count or may count again: active or suspended (this year's and a
 * renewed next year's), and with `today` only those not past their last day.
 */
export const standingCertificates = (clinicId: string | SQLWrapper, today?: string) =>
  and(
    eq(certificates.clinicId, clinicId),
    inArray(certificates.status, ['active', 'suspended']),
    today === undefined ? undefined : gte(certificates.validTo, today),
  );

/**
 * Withdraws the clinic's active and suspended certificates (this year's and a renewed next year's): the
 * badge and the verification page say so at once, and the history with the reason.
 */
export async function withdrawActiveCertificate(
  writer: Writer,
  clinicId: string,
  reason: string,
  now: Date,
  actorId: string | null = null,
): Promise<void> {
  const withdrawn = await writer
    .update(certificates)
    .set({ status: 'withdrawn', withdrawnAt: now, withdrawnReason: reason })
    .where(standingCertificates(clinicId))
    .returning({ id: certificates.id });
  await recordCertificateEvents(
    writer,
    withdrawn.map(({ id }) => ({ certificateId: id, clinicId, kind: 'withdrawn', reason, actorId, occurredAt: now })),
  );
}

/**
 * Suspends the clinic's active certificates with a public reason (issue 22): out of the register at once
 * (listed means an active certificate), the badge and the verification page say so. Returns the numbers
 * suspended; none when nothing was active.
 */
export async function suspendCertificates(
  writer: Writer,
  clinicId: string,
  reason: string,
  now: Date,
  actorId: string | null,
): Promise<string[]> {
  const suspended = await writer
    .update(certificates)
    .set({ status: 'suspended', suspendedAt: now, suspensionReason: reason })
    .where(and(eq(certificates.clinicId, clinicId), eq(certificates.status, 'active')))
    .returning({ id: certificates.id, number: certificates.number });
  await recordCertificateEvents(
    writer,
    suspended.map(({ id }) => ({ certificateId: id, clinicId, kind: 'suspended', reason, actorId, occurredAt: now })),
  );
  return suspended.map(({ number }) => number);
}

/** Makes the clinic's suspended certificates active again; returns the numbers reinstated. */
export async function reinstateCertificates(
  writer: Writer,
  clinicId: string,
  now: Date,
  actorId: string | null,
): Promise<string[]> {
  const reinstated = await writer
    .update(certificates)
    .set({ status: 'active', suspendedAt: null, suspensionReason: null })
    .where(and(eq(certificates.clinicId, clinicId), eq(certificates.status, 'suspended')))
    .returning({ id: certificates.id, number: certificates.number });
  await recordCertificateEvents(
    writer,
    reinstated.map(({ id }) => ({ certificateId: id, clinicId, kind: 'reinstated', actorId, occurredAt: now })),
  );
  return reinstated.map(({ number }) => number);
}

/**
 * A certificate's status on `today`, computed on reading as well, so a certificate past its last day
 * shows as expired even before the yearly job has marked it (ARCHITECTURE "Known pitfalls"): an active
 * one, and a suspended one too (its suspension ends with its year).
 */
export const statusOn = (status: CertificateStatus, validTo: string, today: string): CertificateStatus =>
  (status === 'active' || status === 'suspended') && validTo < today ? 'expired' : status;

/**
 * A certificate as anyone may verify it, with its scope and the clinic's verified facts (issue 22);
 * undefined for an unknown or malformed number.
 */
export async function verifyCertificate(
  db: Database,
  typed: string,
  now = new Date(),
): Promise<CertificateVerification | undefined> {
  // As people type it: `ck2026000123` is CK-2026-000123 (issue 28 point 7).
  const number = normalizeCertificateNumber(typed);
  if (!CERTIFICATE_NUMBER_PATTERN.test(number)) return undefined;
  const today = dateInSweden(now);
  const [row] = await db
    .select({ certificate: certificates, clinic: profiles, listed: isListed(profiles.id, today).mapWith(Boolean) })
    .from(certificates)
    .innerJoin(profiles, eq(profiles.id, certificates.clinicId))
    .where(eq(certificates.number, number));
  if (!row) return undefined;
  const { certificate, clinic, listed } = row;
  const status = statusOn(certificate.status, certificate.validTo, today);
  return {
    number: certificate.number,
    status,
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    issuedAt: certificate.issuedAt.toISOString(),
    withdrawnAt: certificate.withdrawnAt?.toISOString() ?? null,
    withdrawnReason: status === 'withdrawn' ? certificate.withdrawnReason : null,
    suspendedAt: status === 'suspended' ? (certificate.suspendedAt?.toISOString() ?? null) : null,
    suspensionReason: status === 'suspended' ? certificate.suspensionReason : null,
    clinic: { id: clinic.id, fullName: clinic.fullName, city: clinic.city, orgNumber: clinic.orgNumber },
    listed,
    treatments: certificate.treatments,
    facts: await verifiedFactsOf(db, clinic.id),
    criteria: criteriaOf(clinic),
  };
}

/**
 * The verification page's search: a certificate number (or its start, `CK-2026`) or a clinic's name,
 * any status, newest first; the status is computed on reading as for a single certificate. A clinic
 * that hides itself (`is_public` false) is not listed; only its whole number finds its certificate,
 * as the verification page by number (`verifyCertificate`) does.
 */
export async function searchCertificates(
  db: Database,
  search: string,
  page: number,
  now = new Date(),
): Promise<CertificateSearchResult> {
  const today = dateInSweden(now);
  const byNumber = /^ck[\s-]?\d/i.test(search);
  const exactNumber = normalizeCertificateNumber(search);
  const matches = byNumber
    ? sql`${certificates.number} LIKE ${`${escapeLike(exactNumber)}%`}`
    : sql`${profiles.nameSearchKey} LIKE ck_search_key(${`%${escapeLike(search)}%`})`;
  const where =
    byNumber && CERTIFICATE_NUMBER_PATTERN.test(exactNumber)
      ? and(matches, or(eq(profiles.isPublic, true), eq(certificates.number, exactNumber)))
      : and(matches, eq(profiles.isPublic, true));
  const rows = await db
    .select({
      number: certificates.number,
      status: certificates.status,
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
      withdrawnAt: certificates.withdrawnAt,
      clinic: { id: profiles.id, fullName: profiles.fullName, city: profiles.city, orgNumber: profiles.orgNumber },
      total: sql<number>`count(*) over ()::int`,
    })
    .from(certificates)
    .innerJoin(profiles, eq(profiles.id, certificates.clinicId))
    .where(where)
    .orderBy(desc(certificates.validFrom), desc(certificates.number))
    .limit(CERTIFICATE_SEARCH_PAGE_SIZE)
    .offset((page - 1) * CERTIFICATE_SEARCH_PAGE_SIZE);
  return {
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      status: statusOn(row.status, row.validTo, today),
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize: CERTIFICATE_SEARCH_PAGE_SIZE,
  };
}

// Ids are PostgreSQL's gen_random_uuid(); PostgreSQL would refuse anything else with an error, not a 404.
const ClinicIdSchema = z.uuid();

/**
 * The embeddable badge of a clinic: shown while the clinic is listed (public, with a certificate in
 * force on the Swedish date of `now`: services/listed.ts), and, while its certificate of today is
 * suspended, as suspended (issue 22) so that an embedding site never shows the green badge then. A
 * clinic that chose not to be in the register is told apart from one without a certificate (issue 28:
 * its own preview said "not actively certified"). Any other id, malformed ones included, is simply a
 * clinic not found.
 */
export async function getBadge(db: Database, clinicId: string, now = new Date()): Promise<Badge | BadgeRefusal> {
  if (!ClinicIdSchema.safeParse(clinicId).success) return 'clinic_not_found';
  const today = dateInSweden(now);
  const [clinic] = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      isPublic: profiles.isPublic,
      listed: isListed(profiles.id, today).mapWith(Boolean),
    })
    .from(profiles)
    .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')));
  if (!clinic) return 'clinic_not_found';
  const [certificate] = await db
    .select({
      number: certificates.number,
      validTo: certificates.validTo,
      status: certificates.status,
      suspendedAt: certificates.suspendedAt,
      treatments: certificates.treatments,
    })
    .from(certificates)
    .where(and(eq(certificates.clinicId, clinicId), or(inForce(today), suspendedOn(today))))
    // The one in force before a suspended one, should a clinic ever have both.
    .orderBy(certificates.status);
  if (!certificate) return 'not_certified';
  // Listed means public with one in force; a suspended one counts only for a public clinic too.
  if (!clinic.isPublic) return 'not_public';
  if (certificate.status === 'active' && !clinic.listed) return 'not_certified';
  const suspended = certificate.status === 'suspended';
  return {
    clinicId: clinic.id,
    fullName: clinic.fullName,
    year: Number(certificate.validTo.slice(0, 4)),
    certificateNumber: certificate.number,
    status: suspended ? 'suspended' : 'active',
    suspendedAt: suspended ? (certificate.suspendedAt ?? now).toISOString() : null,
    treatments: certificate.treatments,
  };
}
