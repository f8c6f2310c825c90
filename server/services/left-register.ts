import { and, eq, sql } from 'drizzle-orm';
import type { CertificateStatus } from '../../contracts/certificates.ts';
import type { ClinicLeftRegister, ClinicPageAnswer, LeftRegister } from '../../contracts/left-register.ts';
import { type Database, queryRows } from '../db/client.ts';
import { cursorTime } from '../db/keyset.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { statusOn } from './certificates.ts';
import { clinicProfileBySlug } from './public-profiles.ts';

// A clinic that left the register (issue 28 point 4, docs/decisions/033): a public clinic, not listed
// (services/listed.ts), whose latest certificate was withdrawn, has expired or is suspended. Its page
// and its followers' list say so, with the day, instead of a 404 or silence. A clinic that was never
// certified, or that chose to be hidden, stays unknown to the public: that is its own business.

/** A clinic that has not chosen to be hidden: in the register, or out of it with a latest certificate. */
export const publicClinic = and(eq(profiles.role, 'clinic'), eq(profiles.isPublic, true));

/**
 * `JOIN latestCertificate(today) ON true` beside `profiles` in raw SQL: the clinic's latest certificate
 * begun by `today` (by its first day, then its issue), whose fate is why the clinic is out of the
 * register; a clinic that never held one has no row. One probe of `certificates_clinic_idx (clinic_id,
 * valid_from)` per clinic. Its columns are selected with `latestCertificateColumns`.
 */
export const latestCertificate = (today: string) =>
  sql`LATERAL (
    SELECT ${certificates.number} AS number, ${certificates.status} AS status, ${certificates.validTo}::text AS valid_to,
      ${cursorTime(certificates.withdrawnAt)} AS withdrawn_at, ${cursorTime(certificates.suspendedAt)} AS suspended_at
    FROM ${certificates}
    WHERE ${certificates.clinicId} = ${profiles.id} AND ${certificates.validFrom} <= ${today}::date
    ORDER BY ${certificates.validFrom} DESC, ${certificates.issuedAt} DESC
    LIMIT 1
  ) AS latest`;

export const latestCertificateColumns = sql`latest.number AS certificate_number, latest.status AS certificate_status,
  latest.valid_to AS certificate_valid_to, latest.withdrawn_at AS certificate_withdrawn_at,
  latest.suspended_at AS certificate_suspended_at`;

/** The columns `latestCertificateColumns` selects (times as UTC text, days as `2026-12-31`). */
export interface LatestCertificateRow extends Record<string, unknown> {
  certificate_number: string;
  certificate_status: CertificateStatus;
  certificate_valid_to: string;
  certificate_withdrawn_at: string | null;
  certificate_suspended_at: string | null;
}

/**
 * Why a clinic whose latest certificate is the row's is out of the register, and since which Swedish
 * day; null while that certificate is in force. The status is the one read on `today` (statusOn), so a
 * certificate past its last day reads expired before the lifecycle job has marked it.
 */
export function leftRegisterOf(row: LatestCertificateRow, today: string): LeftRegister | null {
  const status = statusOn(row.certificate_status, row.certificate_valid_to, today);
  if (status === 'active') return null;
  const at =
    status === 'withdrawn'
      ? row.certificate_withdrawn_at
      : status === 'suspended'
        ? row.certificate_suspended_at
        : null;
  return {
    status,
    // Withdrawal and suspension set their time with the status (services/certificates.ts); an
    // expired certificate is dated by its last valid day.
    day: at ? dateInSweden(new Date(at)) : row.certificate_valid_to,
    certificateNumber: row.certificate_number,
  };
}

interface LeftClinicRow extends LatestCertificateRow {
  id: string;
  slug: string;
  full_name: string;
  city: string | null;
}

/** The page of a public clinic that left the register: its name, and why since when; undefined for any other slug. */
export async function clinicLeftRegisterBySlug(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<ClinicLeftRegister | undefined> {
  const today = dateInSweden(now);
  const [row] = await queryRows<LeftClinicRow>(
    db,
    sql`SELECT ${profiles.id} AS id, ${profiles.slug} AS slug, ${profiles.fullName} AS full_name,
          ${profiles.city} AS city, ${latestCertificateColumns}
        FROM ${profiles} JOIN ${latestCertificate(today)} ON true
        WHERE ${and(eq(profiles.slug, slug), publicClinic)}`,
  );
  const leftRegister = row ? leftRegisterOf(row, today) : null;
  if (!row?.slug || !leftRegister) return undefined;
  return { id: row.id, slug: row.slug, fullName: row.full_name, city: row.city, leftRegister };
}

/** `/kliniker/{slug}` (the API and the server's page): the register clinic's page, else what became of the clinic. */
export async function clinicPageBySlug(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<ClinicPageAnswer | undefined> {
  return (await clinicProfileBySlug(db, slug, now)) ?? (await clinicLeftRegisterBySlug(db, slug, now));
}
