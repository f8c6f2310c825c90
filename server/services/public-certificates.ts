import { and, eq, sql } from 'drizzle-orm';
import type {
  CertificateVerification,
  PublicCertificate,
  PublicCertificateSearch,
  PublicCertificateSearchResult,
  PublicCertificateSummary,
} from '../../contracts/certificates.ts';
import { TREATMENTS, type TreatmentId } from '../../contracts/treatments.ts';
import type { Database } from '../db/client.ts';
import { afterCursor, cursorTime, type Keyset, keysetOrder, keysetPage } from '../db/keyset.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { statusOn, verifyCertificate } from './certificates.ts';
import { escapeLike } from './clinic-register.ts';
import { verificationPagePath } from './page-heads.ts';

// The open verification API (issue 22 point 7): what the verification page shows, in the API's own
// stable shape (contracts/certificates.ts), for other sites and apps.

const named = (treatments: readonly TreatmentId[]) =>
  treatments.map((id) => ({ id, name: { sv: TREATMENTS[id].name.sv, en: TREATMENTS[id].name.en } }));

const pageUrl = (siteUrl: string, number: string) => new URL(verificationPagePath(number), siteUrl).href;

/** GET /api/public/certificates/{number}; undefined for an unknown or malformed number. */
export async function publicCertificate(
  db: Database,
  number: string,
  siteUrl: string,
  now = new Date(),
): Promise<PublicCertificate | undefined> {
  const certificate: CertificateVerification | undefined = await verifyCertificate(db, number, now);
  if (!certificate) return undefined;
  const { clinic } = certificate;
  return {
    number: certificate.number,
    status: certificate.status,
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    clinic: { name: clinic.fullName, city: clinic.city, orgNumber: clinic.orgNumber },
    treatments: named(certificate.treatments),
    url: pageUrl(siteUrl, certificate.number),
    issuedAt: certificate.issuedAt,
    suspendedAt: certificate.suspendedAt,
    suspensionReason: certificate.suspensionReason,
    withdrawnAt: certificate.withdrawnAt,
    withdrawnReason: certificate.withdrawnReason,
    facts: certificate.facts,
  };
}

/** Newest certificate first; the id breaks a tie of two issued at the same moment. */
const SEARCH_ORDER: Keyset = { sortKey: certificates.issuedAt, kind: 'time', id: certificates.id, direction: 'desc' };

/**
 * GET /api/public/certificates?orgNumber= or ?name=: every certificate, of any status, of the public
 * clinics with that organisation number or a name the register would match. A clinic that hides itself
 * is not searched, as on the verification page (its certificates are found by their numbers only).
 */
export async function searchPublicCertificates(
  db: Database,
  { orgNumber, name, cursor, limit }: PublicCertificateSearch,
  siteUrl: string,
  now = new Date(),
): Promise<PublicCertificateSearchResult> {
  const today = dateInSweden(now);
  const matches =
    orgNumber !== undefined
      ? eq(profiles.orgNumber, orgNumber)
      : sql`${profiles.nameSearchKey} LIKE ck_search_key(${`%${escapeLike(name ?? '')}%`})`;
  const rows = await db
    .select({
      id: certificates.id,
      cursorTime: cursorTime(certificates.issuedAt),
      number: certificates.number,
      status: certificates.status,
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
      treatments: certificates.treatments,
      clinic: { name: profiles.fullName, city: profiles.city, orgNumber: profiles.orgNumber },
    })
    .from(certificates)
    .innerJoin(profiles, eq(profiles.id, certificates.clinicId))
    // Role and visibility as the partial indexes of the name and organisation number state them.
    .where(and(matches, eq(profiles.role, 'clinic'), eq(profiles.isPublic, true), afterCursor(SEARCH_ORDER, cursor)))
    .orderBy(keysetOrder(SEARCH_ORDER))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.id]);
  return {
    items: page.rows.map((row): PublicCertificateSummary => ({
      number: row.number,
      status: statusOn(row.status, row.validTo, today),
      validFrom: row.validFrom,
      validTo: row.validTo,
      clinic: row.clinic,
      treatments: named(row.treatments),
      url: pageUrl(siteUrl, row.number),
    })),
    nextCursor: page.nextCursor,
  };
}
