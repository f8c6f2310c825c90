import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TreatmentId } from '../../../contracts/treatments.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  certificateEvents,
  certificates,
  clinicDocuments,
  clinicFacts,
  profiles,
} from '../../db/schema/index.ts';
import { recordCertificateEvents } from '../certificate-history.ts';
import { dateInSweden, suspendCertificates } from '../certificates.ts';

// What the demo certificates cover and which facts back them (issue 22): realistic scopes, every fact
// checked and dated, an application whose facts wait for the admin (one rejected), a change of scope and
// a certificate suspended because its insurance lapsed. Every made-up number says "EXEMPEL", so nobody
// mistakes it for a real policy, registration or licence.

/** The treatments each demo clinic chose, by its place in DEMO_CLINICS (repeating). */
const DEMO_SCOPES: readonly TreatmentId[][] = [
  ['facial', 'chemical_peel', 'laser_hair_removal'],
  ['facial', 'lash_brow', 'waxing'],
  ['facial', 'chemical_peel', 'botulinum_toxin', 'fillers'],
  ['facial', 'chemical_peel', 'microneedling'],
  ['laser_hair_removal', 'laser_skin', 'tattoo_removal'],
  ['facial', 'chemical_peel', 'microneedling', 'laser_hair_removal'],
  ['facial', 'lash_brow'],
  ['facial', 'lash_brow', 'waxing'],
  ['facial', 'botulinum_toxin', 'fillers'],
  ['facial', 'chemical_peel', 'laser_skin', 'botulinum_toxin'],
  ['facial', 'lash_brow', 'piercing'],
  ['facial', 'microneedling', 'fillers'],
];

export const demoTreatments = (index: number): TreatmentId[] => [...(DEMO_SCOPES[index % DEMO_SCOPES.length] ?? [])];

const DEMO_INSURERS = ['Exempelförsäkringar AB', 'Försäkringsbolaget Exempel', 'Exempel Ömsesidig'];
const DEMO_PRACTITIONERS = [
  { name: 'Sara Exempelsson', profession: 'nurse' },
  { name: 'Johan Exempel', profession: 'physician' },
] as const;

const DAY = 24 * 60 * 60 * 1000;
const dayAfter = (date: string, days: number) => dateInSweden(new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY));

interface DemoFactClinic {
  id: string;
  index: number;
  city: string | null;
  treatments: TreatmentId[];
  /** When the admin checked the facts; null leaves them unchecked. */
  checkedAt: Date | null;
}

/** The clinic's statements: insurance always, and what its treatments require. */
async function seedFacts(db: Database, clinic: DemoFactClinic, insuranceValidUntil: string): Promise<void> {
  const [document] = await db
    .select({ id: clinicDocuments.id })
    .from(clinicDocuments)
    .where(and(eq(clinicDocuments.clinicId, clinic.id), eq(clinicDocuments.fileName, 'Ansvarsförsäkring 2026.pdf')));
  const [staffDocument] = await db
    .select({ id: clinicDocuments.id })
    .from(clinicDocuments)
    .where(and(eq(clinicDocuments.clinicId, clinic.id), eq(clinicDocuments.fileName, 'Utbildningsintyg personal.pdf')));
  const number = String(1000 + clinic.index);
  const injects = clinic.treatments.some((id) => id === 'botulinum_toxin' || id === 'fillers');
  const piercesSkin = clinic.treatments.some((id) =>
    ['microneedling', 'laser_skin', 'tattoo_removal', 'piercing'].includes(id),
  );
  const review = clinic.checkedAt
    ? { status: 'verified' as const, checkedAt: clinic.checkedAt, updatedAt: clinic.checkedAt }
    : {};
  const rows: (typeof clinicFacts.$inferInsert)[] = [
    {
      clinicId: clinic.id,
      kind: 'liability_insurance',
      details: {
        insurer: DEMO_INSURERS[clinic.index % DEMO_INSURERS.length] ?? 'Exempelförsäkringar AB',
        policyNumber: `EXEMPEL-ANSV-${number}`,
      },
      validUntil: insuranceValidUntil,
      documentId: document?.id ?? null,
      ...review,
    },
  ];
  if (injects) {
    rows.push(
      {
        clinicId: clinic.id,
        kind: 'ivo_registration',
        details: { registrationNumber: `EXEMPEL-IVO-${number}` },
        documentId: staffDocument?.id ?? null,
        ...review,
      },
      ...DEMO_PRACTITIONERS.map((practitioner, position) => ({
        clinicId: clinic.id,
        kind: 'licensed_practitioner' as const,
        details: { ...practitioner, licenceNumber: `EXEMPEL-LEG-${number}${position}` },
        ...review,
      })),
    );
  }
  if (piercesSkin) {
    rows.push({
      clinicId: clinic.id,
      kind: 'municipal_notification',
      details: { municipality: clinic.city ?? 'Stockholm', notifiedOn: '2024-09-16' },
      documentId: document?.id ?? null,
      ...review,
    });
  }
  await db.insert(clinicFacts).values(rows);
  // The org-number fact is the trigger's (migration 0017); the admin checked it with the others.
  if (clinic.checkedAt) {
    await db
      .update(clinicFacts)
      .set(review)
      .where(and(eq(clinicFacts.clinicId, clinic.id), eq(clinicFacts.kind, 'org_number')));
  }
}

/**
 * Scopes and facts of the demo clinics that sent in: verified for the certified ones (checked a few days
 * before their certificate), unchecked for the application that waits, and for the denied one a rejected
 * insurance with its reason. Then a change of scope and a suspension. Each only once: a clinic with
 * facts it stated is left as it is.
 */
export async function seedDemoScopes(
  db: Database,
  clinics: readonly { id: string; index: number; city: string | null; name: string }[],
  now = new Date(),
): Promise<void> {
  const ids = clinics.map((clinic) => clinic.id);
  const stated = new Set(
    (
      await db
        .selectDistinct({ clinicId: clinicFacts.clinicId })
        .from(clinicFacts)
        .where(and(inArray(clinicFacts.clinicId, ids), eq(clinicFacts.kind, 'liability_insurance')))
    ).map((row) => row.clinicId),
  );
  const states = await db
    .select({
      id: profiles.id,
      status: profiles.applicationStatus,
      submittedAt: profiles.applicationSubmittedAt,
      certifiedAt: profiles.certifiedAt,
      treatments: profiles.treatments,
    })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  const today = dateInSweden(now);
  const nextYear = Number(today.slice(0, 4)) + 1;
  for (const clinic of clinics) {
    const state = states.find((row) => row.id === clinic.id);
    if (!state || stated.has(clinic.id) || (!state.submittedAt && !state.certifiedAt)) continue;
    const checkedAt = state.certifiedAt ? new Date(state.certifiedAt.getTime() - 2 * DAY) : null;
    const lapsedInsurance = clinic.name === SUSPENDED_CLINIC;
    const expiringInsurance = clinic.name === EXPIRING_INSURANCE_CLINIC;
    const validUntil = lapsedInsurance
      ? dayAfter(today, -20)
      : expiringInsurance
        ? dayAfter(today, 25)
        : `${nextYear}-03-31`;
    await seedFacts(db, { ...clinic, treatments: state.treatments, checkedAt }, validUntil);
    if (state.status === 'Nekad') {
      await db
        .update(clinicFacts)
        .set({
          status: 'rejected',
          reason: 'Försäkringsbrevet (exempel) gäller inte för laserbehandlingar. Ladda upp ett som gör det.',
          checkedAt: state.submittedAt,
        })
        .where(and(eq(clinicFacts.clinicId, clinic.id), eq(clinicFacts.kind, 'liability_insurance')));
    }
  }
  await seedScopeChange(db, clinics);
  // The demo's past (last year's expiry and withdrawal) is history its followers need not hear of now;
  // the suspension is news: the demo customer follows that clinic and finds it in the inbox.
  await db
    .update(certificateEvents)
    .set({ followersToldAt: sql`${certificateEvents.occurredAt}` })
    .where(and(inArray(certificateEvents.clinicId, ids), isNull(certificateEvents.followersToldAt)));
  await seedSuspension(db, clinics, now);
}

/** A clinic that added fillers to its certificate in the spring, after its IVO registration was checked. */
export const SCOPE_CHANGE_CLINIC = 'Öresunds Estetiska Klinik';
/** A clinic whose insurance ran out 20 days ago without a new one: the job suspended its certificate. */
export const SUSPENDED_CLINIC = 'Gävle Hud & Hälsa';
/** A clinic whose insurance ends in 25 days: its reminder is due. */
const EXPIRING_INSURANCE_CLINIC = 'Zenit Hudterapi';

async function seedScopeChange(db: Database, clinics: readonly { id: string; name: string }[]): Promise<void> {
  const clinic = clinics.find((row) => row.name === SCOPE_CHANGE_CLINIC);
  if (!clinic) return;
  const [certificate] = await db
    .select({ id: certificates.id, validFrom: certificates.validFrom, treatments: certificates.treatments })
    .from(certificates)
    .where(and(eq(certificates.clinicId, clinic.id), eq(certificates.status, 'active')));
  if (!certificate) return;
  const [changed] = await db
    .select({ id: certificateEvents.id })
    .from(certificateEvents)
    .where(and(eq(certificateEvents.clinicId, clinic.id), eq(certificateEvents.kind, 'scope_changed')));
  if (changed) return;
  // Issued without fillers on 1 January; fillers were added on 14 April.
  const before = certificate.treatments.filter((id) => id !== 'fillers');
  await db
    .update(certificateEvents)
    .set({ treatments: before })
    .where(and(eq(certificateEvents.certificateId, certificate.id), eq(certificateEvents.kind, 'issued')));
  await recordCertificateEvents(db, [
    {
      certificateId: certificate.id,
      clinicId: clinic.id,
      kind: 'scope_changed',
      treatments: certificate.treatments,
      occurredAt: new Date(`${certificate.validFrom.slice(0, 4)}-04-14T09:00:00Z`),
    },
  ]);
}

async function seedSuspension(
  db: Database,
  clinics: readonly { id: string; name: string }[],
  now: Date,
): Promise<void> {
  const clinic = clinics.find((row) => row.name === SUSPENDED_CLINIC);
  if (!clinic) return;
  const [suspendedBefore] = await db
    .select({ id: certificateEvents.id })
    .from(certificateEvents)
    .where(and(eq(certificateEvents.clinicId, clinic.id), eq(certificateEvents.kind, 'suspended')));
  if (suspendedBefore) return;
  const suspendedAt = new Date(now.getTime() - 6 * DAY);
  await db.transaction(async (tx) => {
    const numbers = await suspendCertificates(
      tx,
      clinic.id,
      'Ansvarsförsäkringen har löpt ut och ingen ny har verifierats.',
      suspendedAt,
      null,
    );
    if (numbers.length === 0) return;
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'certificate.suspended_automatically',
      targetId: clinic.id,
      details: { certificateNumbers: numbers },
      createdAt: suspendedAt,
    });
  });
}
