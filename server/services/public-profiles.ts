import { and, eq, sql } from 'drizzle-orm';
import type { ClinicProfile } from '../../contracts/clinics.ts';
import { ratingSummary } from '../../contracts/reviews.ts';
import { type Database, queryRows } from '../db/client.ts';
import { cursorTime } from '../db/keyset.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { dateInSweden, inForce } from './certificates.ts';
import { mapPoint } from './clinic-position.ts';
import { isListed, listedProfiles } from './listed.ts';

// The public pages of listed clinics (/kliniker/{slug}) and the sitemap that lists them.

/** A register clinic's public page, with its certificate in force; undefined for any other slug. */
export async function clinicProfileBySlug(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<ClinicProfile | undefined> {
  const today = dateInSweden(now);
  const [row] = await db
    .select({
      clinic: profiles,
      certificate: {
        number: certificates.number,
        validFrom: certificates.validFrom,
        validTo: certificates.validTo,
        treatments: certificates.treatments,
      },
    })
    .from(profiles)
    .innerJoin(certificates, and(eq(certificates.clinicId, profiles.id), inForce(today)))
    .where(and(eq(profiles.slug, slug), isListed(profiles.id, today)));
  const found = row?.clinic.slug;
  if (!row || !found) return undefined;
  const { clinic, certificate } = row;
  return {
    id: clinic.id,
    slug: found,
    fullName: clinic.fullName,
    city: clinic.city,
    website: clinic.website,
    coverImageUrl: clinic.coverImageUrl,
    isCertified: true,
    description: clinic.description,
    address: clinic.address,
    contactEmail: clinic.contactEmail,
    phoneNumber: clinic.phoneNumber,
    bookingUrl: clinic.bookingUrl,
    rating: ratingSummary(clinic.reviewCount, clinic.reviewRatingSum),
    reviewCount: clinic.reviewCount,
    position: mapPoint(clinic),
    certificate,
  };
}

/** The sitemap protocol's limit is 50,000 addresses a file; clinics are listed this many a file. */
export const SITEMAP_CLINICS_PER_FILE = 40_000;

/** How many clinics are listed on the Swedish date of `now`. */
export async function registerClinicCount(db: Database, now = new Date()): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM ${listedProfiles(dateInSweden(now))}`,
  );
  return row?.total ?? 0;
}

/** One sitemap file of clinic pages, in id order (keyset pages of the same size give stable files). */
export async function registerClinicSlugs(
  db: Database,
  file: number,
  now = new Date(),
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await queryRows<{ slug: string; updated_at: string }>(
    db,
    sql`SELECT ${profiles.slug} AS slug, ${cursorTime(profiles.updatedAt)} AS updated_at
        FROM ${listedProfiles(dateInSweden(now))}
        WHERE ${profiles.slug} > ''
        ORDER BY ${profiles.id}
        LIMIT ${SITEMAP_CLINICS_PER_FILE} OFFSET ${file * SITEMAP_CLINICS_PER_FILE}`,
  );
  return rows.map((row) => ({ slug: row.slug, updatedAt: new Date(row.updated_at) }));
}
