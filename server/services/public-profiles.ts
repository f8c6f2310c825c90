import { and, asc, count, eq, gt, gte, lte } from 'drizzle-orm';
import type { ClinicProfile } from '../../contracts/clinics.ts';
import type { Database } from '../db/client.ts';
import { certificates, profiles } from '../db/schema/index.ts';
import { dateInSweden } from './certificates.ts';

// The public pages of register clinics (/kliniker/{slug}) and the sitemap that lists them.

const inRegister = () => [eq(profiles.role, 'clinic'), eq(profiles.isCertified, true), eq(profiles.isPublic, true)];

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
      certificate: { number: certificates.number, validFrom: certificates.validFrom, validTo: certificates.validTo },
    })
    .from(profiles)
    .innerJoin(
      certificates,
      and(
        eq(certificates.clinicId, profiles.id),
        eq(certificates.status, 'active'),
        lte(certificates.validFrom, today),
        gte(certificates.validTo, today),
      ),
    )
    .where(and(eq(profiles.slug, slug), ...inRegister()));
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
    isCertified: clinic.isCertified,
    description: clinic.description,
    address: clinic.address,
    contactEmail: clinic.contactEmail,
    phoneNumber: clinic.phoneNumber,
    certificate,
  };
}

/** The sitemap protocol's limit is 50,000 addresses a file; clinics are listed this many a file. */
export const SITEMAP_CLINICS_PER_FILE = 40_000;

export async function registerClinicCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(profiles)
    .where(and(...inRegister()));
  return row?.total ?? 0;
}

/** One sitemap file of clinic pages, in id order (keyset pages of the same size give stable files). */
export async function registerClinicSlugs(db: Database, file: number): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ slug: profiles.slug, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(and(...inRegister(), gt(profiles.slug, '')))
    .orderBy(asc(profiles.id))
    .limit(SITEMAP_CLINICS_PER_FILE)
    .offset(file * SITEMAP_CLINICS_PER_FILE);
  return rows.flatMap((row) => (row.slug ? [{ slug: row.slug, updatedAt: row.updatedAt }] : []));
}
