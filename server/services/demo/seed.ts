import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { clinicCertificates, dateInSweden, issueCertificate, renewalOf } from '../certificates.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../../db/client.ts';
import { recordSubmission } from '../clinic-area/reviewed-values.ts';
import { recordCertificateEvents } from '../certificate-history.ts';
import { seedDemoReviews } from './reviews.ts';
import { demoTreatments, seedDemoScopes, SUSPENDED_CLINIC } from './scope.ts';
import {
  certificates,
  clinicChangeRequests,
  clinicDocuments,
  clinicSubmissions,
  conversations,
  followedClinics,
  messages,
  profiles,
  reports,
  siteContent,
  siteSettings,
  users,
} from '../../db/schema/index.ts';
import { townPosition } from '../clinic-position.ts';
import { seedMembershipPlans } from '../payments/plans.ts';
import { luhnCheckDigit } from '../../../contracts/luhn.ts';

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
  /** Every demo clinic gives its city, as its application asks (issue 28). */
  city: string;
  website?: string;
  /** Its booking page: the demo's "Boka en behandling" (issue 28); an example address like the websites. */
  bookingUrl?: string;
  cover?: number;
  certified?: boolean;
  /** Shown in the register once certified unless the clinic chose not to be (the default, issue 28). */
  isPublic?: boolean;
  description?: string;
  /** Where a clinic that is not certified stands: a draft, sent in and waiting, or denied with a reason. */
  application?: 'draft' | 'submitted' | 'denied';
}

/**
 * Certified and public unless stated: the register shows those; the last ones stay out of it (not
 * certified yet, or, Dolda Dammens, certified and hidden by its own choice).
 */
export const DEMO_CLINICS: readonly DemoClinic[] = [
  {
    name: 'Åkerblads Hudvård',
    city: 'Göteborg',
    website: 'https://akerblads.example',
    bookingUrl: 'https://akerblads.example/boka',
    cover: 1,
  },
  { name: 'Ängens Skönhetsklinik', city: 'Västerås', cover: 2 },
  { name: 'Öresunds Estetiska Klinik', city: 'Malmö', website: 'https://oresundsestetik.example', cover: 3 },
  { name: 'Björkens Hudklinik', city: 'Umeå', website: 'https://bjorkens.example' },
  { name: 'Göta Hud & Laser', city: 'Göteborg', cover: 4 },
  { name: 'Mälardalens Hudvårdscenter', city: 'Eskilstuna', website: 'https://malardalenshud.example', cover: 2 },
  { name: 'Linnéa Skinclinic', city: 'Växjö', cover: 1 },
  { name: 'Norrskenets Hudterapi', city: 'Luleå' },
  { name: 'Sjöbergs Skönhet', city: 'Jönköping', website: 'https://sjobergs.example', cover: 3 },
  {
    name: 'Klara Hudmottagning',
    city: 'Stockholm',
    website: 'https://klarahud.example',
    bookingUrl: 'https://klarahud.example/boka',
    cover: 4,
  },
  { name: 'Söders Estetik', city: 'Stockholm', cover: 1 },
  { name: 'Östermalms Hudinstitut', city: 'Stockholm', website: 'https://ostermalmshud.example' },
  { name: 'Lunds Hudvårdsateljé', city: 'Lund', cover: 2 },
  { name: 'Hälsingborgs Hudklinik', city: 'Helsingborg', website: 'https://halsingborgshud.example', cover: 3 },
  { name: 'Fyrisåns Skönhetsrum', city: 'Uppsala', cover: 4 },
  { name: 'Storsjöns Hudvård', city: 'Östersund', website: 'https://storsjonshud.example' },
  { name: 'Vänerns Estetikklinik', city: 'Karlstad', website: 'https://vanerns.example', cover: 1 },
  { name: 'Gävle Hud & Hälsa', city: 'Gävle', cover: 2 },
  { name: 'Ljusdals Ansiktsklinik', city: 'Ljusdal', website: 'https://ljusdalsansikte.example' },
  { name: 'Rosengårdens Hudstudio', city: 'Malmö', cover: 3 },
  { name: 'Stångåns Hudvård', city: 'Linköping', website: 'https://stangans.example', cover: 4 },
  { name: 'Zenit Hudterapi', city: 'Örebro', cover: 1 },
  { name: 'Ädelstenen Skönhetsklinik', city: 'Borås' },
  { name: 'Aurora Hudklinik', city: 'Kiruna', website: 'https://aurorahud.example', cover: 2 },
  { name: 'Citadellets Hudvård', city: 'Landskrona', cover: 3 },
  { name: 'Visby Hud & Spa', city: 'Visby', website: 'https://visbyhud.example' },
  { name: 'Dalarnas Estetiska Mottagning', city: 'Falun', cover: 4 },
  { name: 'Kustens Hudvård', city: 'Varberg' },
  { name: 'Nyöppnade Ytans Klinik', city: 'Sundsvall', certified: false, isPublic: true, application: 'draft' },
  {
    name: 'Granskas Hudvård',
    city: 'Norrköping',
    website: 'https://granskashud.example',
    certified: false,
    application: 'submitted',
  },
  { name: 'Dolda Dammens Hudklinik', city: 'Kalmar', certified: true, isPublic: false },
  {
    name: 'Väntande Vågens Estetik',
    city: 'Skövde',
    website: 'https://vantandevagen.example',
    certified: false,
    application: 'denied',
  },
];

/** A UUID that is the same on every run for the same text, so seeding twice finds the same rows. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function demoClinicEmail(index: number): string {
  return `klinik${String(index + 1).padStart(2, '0')}@demo.certifieradklinik.se`;
}

/** The id of the demo clinic of this name. */
export const clinicIdNamed = (name: string) =>
  stableUuid(demoClinicEmail(DEMO_CLINICS.findIndex((clinic) => clinic.name === name)));

const DEMO_DENIAL_REASON =
  'Försäkringsbrevet gäller inte för laserbehandlingar, och utbildningsintyg saknas för två av tre behandlare. Ladda upp ett giltigt försäkringsbrev och intygen och skicka sedan in ansökan igen.';

/** The application information of a demo clinic that has sent its application in: every field and criterion. */
function demoApplication(index: number, clinic: DemoClinic) {
  // Organisation numbers 556000-NNNC with a valid check digit C, different for each clinic.
  const base = `556000${String(index).padStart(3, '0')}`;
  const orgNumber = `${base}${luhnCheckDigit(base)}`;
  const domain = clinic.website ? new URL(clinic.website).hostname : 'demo.certifieradklinik.se';
  return {
    orgNumber: `${orgNumber.slice(0, 6)}-${orgNumber.slice(6)}`,
    address: `Storgatan ${index + 1}, ${clinic.city}`,
    contactPerson: 'Maria Lind',
    contactEmail: `kontakt@${domain}`,
    c1LiabilityInsurance: true,
    c2RegisteredCompany: true,
    c3StaffEducation: true,
    c4HygienicPremises: true,
    c5ApprovedProducts: true,
    c6ClientRoutines: true,
  };
}

/**
 * The footer's social profiles of a demo installation (issue 28): example addresses (the reserved
 * `.example` domain, as the demo clinics' websites), which the admin replaces or clears in the CMS.
 */
export const DEMO_SOCIAL_LINKS = {
  facebook_url: 'https://facebook.example/certifieradklinik',
  instagram_url: 'https://instagram.example/certifieradklinik',
} as const;

/**
 * Site title and hero texts, the membership plans, and on a demo installation the example social
 * profiles; existing values (edited by an admin) are kept.
 */
export async function seedSiteContent(db: Database, { demo = false }: { demo?: boolean } = {}): Promise<void> {
  const settings = { site_title: DEFAULT_SITE_TITLE, ...(demo ? DEMO_SOCIAL_LINKS : {}) };
  await db
    .insert(siteSettings)
    .values(Object.entries(settings).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(siteContent)
    .values(
      Object.entries(HERO_CONTENT).map(([contentKey, text]) => ({ contentKey, valueSv: text.sv, valueEn: text.en })),
    )
    .onConflictDoNothing();
  await seedMembershipPlans(db);
}

/**
 * The demo register's dates fall in the year it is first started: its clinics are certified on
 * 1 January, so their certificates are in force all year (and a demo started next year is not empty).
 */
function demoDates(now = new Date()) {
  const year = Number(dateInSweden(now).slice(0, 4));
  return { submittedAt: new Date(`${year - 1}-12-12T10:30:00Z`), certifiedAt: new Date(`${year}-01-01T09:00:00Z`) };
}

/** The demo register. Idempotent: rows that exist are left as they are. */
export async function seedDemoClinics(db: Database, now = new Date()): Promise<void> {
  const { submittedAt, certifiedAt } = demoDates(now);
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
        rows.map(({ id, email, clinic }, index) => {
          const certified = clinic.certified ?? true;
          const sentIn = certified || clinic.application !== 'draft';
          return {
            id,
            email,
            role: 'clinic' as const,
            fullName: clinic.name,
            companyName: `${clinic.name} AB`,
            city: clinic.city,
            // Every demo town is in the list of places: the register's distance search finds them (issue 24).
            ...townPosition(clinic.city),
            website: clinic.website ?? null,
            bookingUrl: clinic.bookingUrl ?? null,
            coverImageUrl: clinic.cover ? `/images/covers/cover-${clinic.cover}.svg` : null,
            isCertified: certified,
            isPublic: clinic.isPublic ?? true,
            applicationStatus: certified
              ? ('Godkänd' as const)
              : clinic.application === 'denied'
                ? ('Nekad' as const)
                : ('Väntar' as const),
            certifiedAt: certified ? certifiedAt : null,
            ...(sentIn ? { ...demoApplication(index, clinic), treatments: demoTreatments(index) } : {}),
            applicationSubmittedAt: sentIn ? submittedAt : null,
            applicationDecidedAt: certified || clinic.application === 'denied' ? certifiedAt : null,
            denialReason: clinic.application === 'denied' ? DEMO_DENIAL_REASON : null,
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
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email),
  );
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.email));
  if (missing.length === 0) return;
  const rows = await Promise.all(
    missing.map(async (account) => ({
      ...account,
      id: stableUuid(account.email),
      encryptedPassword: await hashPassword(account.password),
    })),
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
          applicationStatus: 'Väntar' as const,
        })),
      )
      .onConflictDoNothing();
  });
}

/** A one-page PDF with a title line, small but real: a browser previews it and the upload check accepts it. */
export function demoPdf(title: string): Buffer {
  // WinAnsi octal escapes keep å, ä and ö inside the ASCII of the PDF source.
  const text = title
    .replaceAll(/[()\\]/g, '')
    .replaceAll('å', '\\345')
    .replaceAll('ä', '\\344')
    .replaceAll('ö', '\\366')
    .replaceAll('Ö', '\\326')
    .replaceAll('Ä', '\\304')
    .replaceAll('Å', '\\305');
  const stream = `BT /F1 20 Tf 72 760 Td (${text}) Tj 0 -28 Td /F1 11 Tf (Demodokument - Certifierad Klinik) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const DEMO_DOCUMENTS = ['Ansvarsförsäkring 2026.pdf', 'Utbildningsintyg personal.pdf', 'Hygienrutiner.pdf'];

/**
 * Documents of the demo clinics that have sent their application in, so the admin's review has
 * something to open. Idempotent: a clinic that has documents keeps them as they are.
 */
export async function seedDemoDocuments(db: Database, store: FileStore): Promise<void> {
  const sentIn = DEMO_CLINICS.map((clinic, index) => ({ clinic, id: stableUuid(demoClinicEmail(index)) })).filter(
    ({ clinic }) => (clinic.certified ?? true) || clinic.application !== 'draft',
  );
  const withDocuments = new Set(
    (
      await db
        .selectDistinct({ clinicId: clinicDocuments.clinicId })
        .from(clinicDocuments)
        .where(
          inArray(
            clinicDocuments.clinicId,
            sentIn.map(({ id }) => id),
          ),
        )
    ).map((row) => row.clinicId),
  );
  for (const { id } of sentIn.filter(({ id }) => !withDocuments.has(id))) {
    for (const fileName of DEMO_DOCUMENTS) {
      const content = demoPdf(fileName.replace(/\.pdf$/, ''));
      const storagePath = `${id}/${stableUuid(`${id}/${fileName}`)}-${fileName}`;
      await store.put('clinic-documents', storagePath, Readable.from([content]), 'application/pdf');
      await db
        .insert(clinicDocuments)
        .values({ clinicId: id, fileName, storagePath, contentType: 'application/pdf', sizeBytes: content.length });
    }
  }
}

/**
 * What the demo customer has done, so every area has something to show: four followed clinics (one of
 * them suspended, so the inbox tells of it), a
 * report still new and one answered, and a short exchange of messages with the demo clinic; the demo
 * clinic's question to the admins and a contact form message wait in the admins' inbox. Runs
 * after seedDemoClinics and seedDemoAccounts; does nothing once the customer has any of it. The demo's
 * reviews (reviews.ts, among them the customer's own and an open invitation) are seeded each once.
 */
export async function seedDemoActivity(db: Database): Promise<void> {
  const customerId = stableUuid(DEMO_ACCOUNTS[1].email);
  const clinicId = stableUuid(DEMO_ACCOUNTS[0].email);
  await seedDemoReviews(db, {
    clinicId: clinicIdNamed,
    customer: { id: customerId, email: DEMO_ACCOUNTS[1].email },
    stableUuid,
  });
  const [existing] = await db
    .select({ userId: followedClinics.userId })
    .from(followedClinics)
    .where(eq(followedClinics.userId, customerId))
    .limit(1);
  const [reported] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.reporterId, customerId))
    .limit(1);
  const [messaged] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.userId, customerId))
    .limit(1);
  if (existing || reported || messaged) return;

  const followed = ['Klara Hudmottagning', 'Åkerblads Hudvård', 'Linnéa Skinclinic', SUSPENDED_CLINIC].map(
    clinicIdNamed,
  );
  await db.transaction(async (tx) => {
    await tx.insert(followedClinics).values(followed.map((id) => ({ userId: customerId, clinicId: id })));
    await tx.insert(reports).values([
      {
        reporterId: customerId,
        clinicName: 'Söders Estetik',
        clinicId: clinicIdNamed('Söders Estetik'),
        content: 'Behandlaren bytte inte handskar mellan två kunder, och jag fick ingen information om eftervård.',
      },
      {
        reporterId: customerId,
        clinicName: 'Salong Glans',
        content: 'Salongen påstår på sin webbplats att den är certifierad, men jag hittar den inte i registret.',
        status: 'Hanterad',
        adminResponse:
          'Tack! Salongen är inte certifierad hos oss. Vi har kontaktat den och bett den ta bort uppgiften.',
      },
    ]);
    const [conversation] = await tx
      .insert(conversations)
      .values({
        userId: customerId,
        counterpartId: clinicId,
        lastMessageAt: new Date('2026-11-02T10:02:00Z'),
        createdAt: new Date('2026-11-02T09:15:00Z'),
      })
      .returning({ id: conversations.id });
    if (!conversation) return;
    await tx.insert(messages).values([
      {
        conversationId: conversation.id,
        senderId: customerId,
        fromSideA: true,
        content: 'Hej! Erbjuder ni laserbehandling mot pigmentfläckar?',
        readAt: new Date('2026-11-02T09:40:00Z'),
        createdAt: new Date('2026-11-02T09:15:00Z'),
      },
      {
        conversationId: conversation.id,
        senderId: clinicId,
        fromSideA: false,
        content: 'Hej! Ja, vi börjar alltid med en kostnadsfri konsultation. Välkommen att höra av dig.',
        createdAt: new Date('2026-11-02T10:02:00Z'),
      },
    ]);
    // The admins' inbox: a question from the demo clinic and one through the contact form, both unread.
    const asked = new Date('2026-11-03T08:30:00Z');
    const [team] = await tx
      .insert(conversations)
      .values({ userId: clinicId, counterpartId: null, lastMessageAt: asked, createdAt: asked })
      .returning({ id: conversations.id });
    const wrote = new Date('2026-11-04T13:05:00Z');
    const [guest] = await tx
      .insert(conversations)
      .values({
        userId: null,
        counterpartId: null,
        guestEmail: 'maja.lind@example.com',
        guestName: 'Maja Lind',
        lastMessageAt: wrote,
        createdAt: wrote,
      })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (team) {
      await tx.insert(messages).values({
        conversationId: team.id,
        senderId: clinicId,
        fromSideA: true,
        content: 'Hej! Räcker det med ett intyg från försäkringsbolaget, eller behöver ni hela försäkringsbrevet?',
        createdAt: asked,
      });
    }
    if (guest) {
      await tx.insert(messages).values({
        conversationId: guest.id,
        senderId: null,
        fromSideA: true,
        content:
          'Certifiering av min salong\n\nHej! Jag driver en liten hudvårdssalong i Umeå. Vad kostar certifieringen och hur lång tid tar den?',
        createdAt: wrote,
      });
    }
  });
}

/** A certificate for every certified demo clinic that has none, issued on its certification day. */
export async function seedDemoCertificates(db: Database): Promise<void> {
  const certified = DEMO_CLINICS.map((clinic, index) => ({ clinic, id: stableUuid(demoClinicEmail(index)) })).filter(
    ({ clinic }) => clinic.certified ?? true,
  );
  const ids = certified.map(({ id }) => id);
  const existing = new Set(
    (
      await db.select({ clinicId: certificates.clinicId }).from(certificates).where(inArray(certificates.clinicId, ids))
    ).map((row) => row.clinicId),
  );
  const rows = await db
    .select({ id: profiles.id, certifiedAt: profiles.certifiedAt, treatments: profiles.treatments })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  for (const row of rows) {
    if (!existing.has(row.id) && row.certifiedAt) {
      await issueCertificate(db, row.id, row.certifiedAt, undefined, { treatments: row.treatments });
    }
  }
  await seedDemoCertificateHistory(db);
  await seedDemoReviewedValues(db);
  await seedDemoScopes(
    db,
    DEMO_CLINICS.map((clinic, index) => ({ id: stableUuid(demoClinicEmail(index)), index, ...clinic })),
  );
}

/**
 * What a certificate vouches for (issue 27), in every state: the waiting application and the renewal
 * frozen as sent in, a certified clinic that asked to be renamed and to remove a document, a change
 * asked for after sending in, and a refused change with its reason. Each only once.
 */
async function seedDemoReviewedValues(db: Database, now = new Date()): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const hasSubmission = async (clinicId: string) =>
    (
      await db
        .select({ id: clinicSubmissions.id })
        .from(clinicSubmissions)
        .where(eq(clinicSubmissions.clinicId, clinicId))
    ).length > 0;
  const hasChangeRequest = async (clinicId: string) =>
    (
      await db
        .select({ id: clinicChangeRequests.id })
        .from(clinicChangeRequests)
        .where(eq(clinicChangeRequests.clinicId, clinicId))
    ).length > 0;

  const waiting = clinicIdNamed('Granskas Hudvård');
  if (!(await hasSubmission(waiting))) {
    await db.transaction(async (tx) => {
      await recordSubmission(tx, waiting, 'application', new Date(now.getTime() - 3 * day));
      await tx.insert(clinicChangeRequests).values({
        clinicId: waiting,
        changes: { companyName: 'Granskas Hudvård Norrköping AB' },
        createdAt: new Date(now.getTime() - day),
        updatedAt: new Date(now.getTime() - day),
      });
    });
  }
  const renewing = clinicIdNamed('Storsjöns Hudvård');
  const [renewal] = await db
    .select({ submittedAt: profiles.renewalSubmittedAt })
    .from(profiles)
    .where(eq(profiles.id, renewing));
  if (renewal?.submittedAt && !(await hasSubmission(renewing))) {
    const submittedAt = renewal.submittedAt;
    await db.transaction((tx) => recordSubmission(tx, renewing, 'renewal', submittedAt));
  }

  const renaming = clinicIdNamed('Söders Estetik');
  if (!(await hasChangeRequest(renaming))) {
    await db.transaction(async (tx) => {
      await tx.insert(clinicChangeRequests).values({
        clinicId: renaming,
        changes: { fullName: 'Söders Estetik & Laser' },
        createdAt: new Date(now.getTime() - 2 * day),
        updatedAt: new Date(now.getTime() - 2 * day),
      });
      await tx
        .update(clinicDocuments)
        .set({ removalRequestedAt: new Date(now.getTime() - 2 * day) })
        .where(and(eq(clinicDocuments.clinicId, renaming), eq(clinicDocuments.fileName, 'Hygienrutiner.pdf')));
    });
  }
  const refused = clinicIdNamed('Sjöbergs Skönhet');
  if (!(await hasChangeRequest(refused))) {
    await db.insert(clinicChangeRequests).values({
      clinicId: refused,
      changes: { orgNumber: '556016-0680' },
      createdAt: new Date(now.getTime() - 10 * day),
      updatedAt: new Date(now.getTime() - 10 * day),
      decision: 'denied',
      decidedAt: new Date(now.getTime() - 8 * day),
      reason:
        'Det nya organisationsnumret (exempel) hör till ett annat bolag enligt Bolagsverket. Skicka registreringsbeviset för det bolag som driver kliniken.',
    });
  }
}

/**
 * What the verification page and the admin show besides active certificates: last year's expired
 * certificate of a clinic certified two years running, a withdrawn one of the clinic that was denied
 * later, and, from 1 November, a renewal waiting for the admin. Each only once.
 */
async function seedDemoCertificateHistory(db: Database, now = new Date()): Promise<void> {
  const lastYear = Number(dateInSweden(now).slice(0, 4)) - 1;
  const past = [
    { clinicId: clinicIdNamed('Åkerblads Hudvård'), validFrom: `${lastYear}-03-12`, status: 'expired' as const },
    {
      clinicId: clinicIdNamed('Väntande Vågens Estetik'),
      validFrom: `${lastYear}-05-20`,
      status: 'withdrawn' as const,
    },
  ];
  for (const { clinicId, validFrom, status } of past) {
    const [earlier] = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.clinicId, clinicId), lt(certificates.validTo, `${lastYear + 1}-01-01`)));
    if (earlier) continue;
    const [profile] = await db
      .select({ treatments: profiles.treatments })
      .from(profiles)
      .where(eq(profiles.id, clinicId));
    const treatments = profile?.treatments ?? [];
    const number = await issueCertificate(db, clinicId, new Date(`${validFrom}T10:00:00Z`), validFrom, { treatments });
    const withdrawnAt = new Date(`${lastYear}-10-02T09:00:00Z`);
    const withdrawnReason = 'Ansvarsförsäkringen hade upphört.';
    const [ended] = await db
      .update(certificates)
      .set(status === 'withdrawn' ? { status, withdrawnAt, withdrawnReason } : { status })
      .where(eq(certificates.number, number))
      .returning({ id: certificates.id });
    if (!ended) continue;
    await recordCertificateEvents(db, [
      status === 'withdrawn'
        ? { certificateId: ended.id, clinicId, kind: 'withdrawn', reason: withdrawnReason, occurredAt: withdrawnAt }
        : {
            certificateId: ended.id,
            clinicId,
            kind: 'expired',
            occurredAt: new Date(`${lastYear + 1}-01-01T00:00:00+01:00`),
          },
    ]);
  }
  const renewing = clinicIdNamed('Storsjöns Hudvård');
  const [profile] = await db
    .select({ renewalSubmittedAt: profiles.renewalSubmittedAt })
    .from(profiles)
    .where(eq(profiles.id, renewing));
  const { current, next } = await clinicCertificates(db, renewing, now);
  if (profile && !profile.renewalSubmittedAt && !next && renewalOf(current, next, null, now)?.isOpen) {
    await db
      .update(profiles)
      .set({ renewalSubmittedAt: new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(profiles.id, renewing));
  }
}
