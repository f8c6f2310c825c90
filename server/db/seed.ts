import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { hashPassword } from '../services/auth/passwords.ts';
import type { Database } from './client.ts';
import { profiles, siteContent, siteSettings, users } from './schema/index.ts';

export const DEFAULT_SITE_TITLE = 'Certifierad Klinik';

export const HERO_CONTENT = {
  hero_title: {
    sv: 'Hitta en certifierad hudvårdsklinik du kan lita på',
    en: 'Find a certified skincare clinic you can trust',
  },
  hero_subtitle: {
    sv: 'Vi granskar hygien, personalens kompetens, ansvarsförsäkring och produkter – så att du kan välja behandling med trygghet.',
    en: 'We review hygiene, staff competence, liability insurance and products, so you can choose your treatment with confidence.',
  },
} as const;

/** Sign-in accounts of the demo installation, listed on /credentials (seeded by seedDemoAccounts). */
export const DEMO_ACCOUNTS = [
  { role: 'clinic', email: 'klinik@demo.certifieradklinik.se', password: 'Demo-Klinik-2026' },
  { role: 'customer', email: 'kund@demo.certifieradklinik.se', password: 'Demo-Kund-2026' },
] as const;

const DEMO_ACCOUNT_NAMES: Record<(typeof DEMO_ACCOUNTS)[number]['role'], string> = {
  clinic: 'Demokliniken Hudvård',
  customer: 'Demo Kund',
};

interface DemoClinic {
  name: string;
  city: string | null;
  website?: string;
  cover?: number;
  certified?: boolean;
  isPublic?: boolean;
  description?: string;
}

/** Certified and public unless stated: the register shows those; the last ones stay out of it. */
export const DEMO_CLINICS: readonly DemoClinic[] = [
  { name: 'Åkerblads Hudvård', city: 'Göteborg', website: 'https://akerblads.example', cover: 1 },
  { name: 'Ängens Skönhetsklinik', city: 'Västerås', cover: 2 },
  { name: 'Öresunds Estetiska Klinik', city: 'Malmö', website: 'https://oresundsestetik.example', cover: 3 },
  { name: 'Björkens Hudklinik', city: 'Umeå', website: 'https://bjorkens.example' },
  { name: 'Göta Hud & Laser', city: 'Göteborg', cover: 4 },
  { name: 'Mälardalens Hudvårdscenter', city: 'Eskilstuna', website: 'https://malardalenshud.example', cover: 2 },
  { name: 'Linnéa Skinclinic', city: 'Växjö', cover: 1 },
  { name: 'Norrskenets Hudterapi', city: 'Luleå' },
  { name: 'Sjöbergs Skönhet', city: 'Jönköping', website: 'https://sjobergs.example', cover: 3 },
  { name: 'Klara Hudmottagning', city: 'Stockholm', website: 'https://klarahud.example', cover: 4 },
  { name: 'Söders Estetik', city: 'Stockholm', cover: 1 },
  { name: 'Östermalms Hudinstitut', city: 'Stockholm', website: 'https://ostermalmshud.example' },
  { name: 'Lunds Hudvårdsateljé', city: 'Lund', cover: 2 },
  { name: 'Hälsingborgs Hudklinik', city: 'Helsingborg', website: 'https://halsingborgshud.example', cover: 3 },
  { name: 'Fyrisåns Skönhetsrum', city: 'Uppsala', cover: 4 },
  { name: 'Storsjöns Hudvård', city: 'Östersund' },
  { name: 'Vänerns Estetikklinik', city: 'Karlstad', website: 'https://vanerns.example', cover: 1 },
  { name: 'Gävle Hud & Hälsa', city: 'Gävle', cover: 2 },
  { name: 'Ljusdals Ansiktsklinik', city: null, website: 'https://ljusdalsansikte.example' },
  { name: 'Rosengårdens Hudstudio', city: 'Malmö', cover: 3 },
  { name: 'Stångåns Hudvård', city: 'Linköping', website: 'https://stangans.example', cover: 4 },
  { name: 'Zenit Hudterapi', city: 'Örebro', cover: 1 },
  { name: 'Ädelstenen Skönhetsklinik', city: 'Borås' },
  { name: 'Aurora Hudklinik', city: 'Kiruna', website: 'https://aurorahud.example', cover: 2 },
  { name: 'Citadellets Hudvård', city: 'Landskrona', cover: 3 },
  { name: 'Visby Hud & Spa', city: 'Visby', website: 'https://visbyhud.example' },
  { name: 'Dalarnas Estetiska Mottagning', city: 'Falun', cover: 4 },
  { name: 'Kustens Hudvård', city: null },
  { name: 'Nyöppnade Ytans Klinik', city: 'Sundsvall', certified: false, isPublic: true },
  { name: 'Granskas Hudvård', city: 'Norrköping', certified: false, isPublic: false },
  { name: 'Dolda Dammens Hudklinik', city: 'Kalmar', certified: true, isPublic: false },
  { name: 'Väntande Vågens Estetik', city: 'Skövde', certified: false, isPublic: false },
];

/** A UUID that is the same on every run for the same text, so seeding twice finds the same rows. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function demoClinicEmail(index: number): string {
  return `klinik${String(index + 1).padStart(2, '0')}@demo.certifieradklinik.se`;
}

/** Site title and hero texts; existing values (edited by an admin) are kept. */
export async function seedSiteContent(db: Database): Promise<void> {
  await db.insert(siteSettings).values({ key: 'site_title', value: DEFAULT_SITE_TITLE }).onConflictDoNothing();
  await db
    .insert(siteContent)
    .values(
      Object.entries(HERO_CONTENT).map(([contentKey, text]) => ({ contentKey, valueSv: text.sv, valueEn: text.en })),
    )
    .onConflictDoNothing();
}

/** The demo register. Idempotent: rows that exist are left as they are. */
export async function seedDemoClinics(db: Database): Promise<void> {
  const rows = DEMO_CLINICS.map((clinic, index) => {
    const email = demoClinicEmail(index);
    return { clinic, email, id: stableUuid(email) };
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(rows.map(({ id, email }) => ({ id, email })))
      .onConflictDoNothing();
    await tx
      .insert(profiles)
      .values(
        rows.map(({ id, email, clinic }) => {
          const certified = clinic.certified ?? true;
          return {
            id,
            email,
            role: 'clinic' as const,
            fullName: clinic.name,
            companyName: `${clinic.name} AB`,
            city: clinic.city,
            website: clinic.website ?? null,
            coverImageUrl: clinic.cover ? `/images/covers/cover-${clinic.cover}.svg` : null,
            isCertified: certified,
            isPublic: clinic.isPublic ?? true,
            applicationStatus: certified ? ('Godkänd' as const) : ('Väntar' as const),
            certifiedAt: certified ? new Date('2026-02-01T09:00:00Z') : null,
          };
        }),
      )
      .onConflictDoNothing();
  });
}

/**
 * The demo logins of /credentials: a clinic that has not applied yet (not certified, Väntar) and a
 * customer. Idempotent: an account that exists (its password perhaps changed) is left as it is, and
 * only missing ones are hashed, so a restart stays fast.
 */
export async function seedDemoAccounts(db: Database): Promise<void> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const existing = new Set((await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email));
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.email));
  if (missing.length === 0) return;
  const rows = await Promise.all(
    missing.map(async (account) => ({ ...account, id: stableUuid(account.email), encryptedPassword: await hashPassword(account.password) })),
  );
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(rows.map(({ id, email, encryptedPassword }) => ({ id, email, encryptedPassword, emailConfirmedAt: now })))
      .onConflictDoNothing();
    await tx
      .insert(profiles)
      .values(
        rows.map(({ id, email, role }) => ({
          id,
          email,
          role,
          fullName: DEMO_ACCOUNT_NAMES[role],
          isCertified: false,
          isPublic: false,
          applicationStatus: 'Väntar' as const,
        })),
      )
      .onConflictDoNothing();
  });
}
