import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  CERTIFICATION_BODY,
  REVIEW_GUIDELINES_PATH,
  REVIEW_INVITATION_VALID_DAYS,
  REVIEW_VISIT_MAX_AGE_DAYS,
} from '../../../contracts/constants.ts';
import type {
  ClinicInvitation,
  ClinicInvitationPage,
  ReviewInvitationForm,
  ReviewListQuery,
} from '../../../contracts/reviews.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, cursorTime, type Keyset, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { certificates, profiles, reviewInvitations, users } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { newOpaqueToken, sha256 } from '../auth/tokens.ts';
import { normalizeEmail } from '../auth/validation.ts';
import { inForce } from '../certificates.ts';
import { invitationStatus, isOpenInvitation } from './invitation-status.ts';

// The clinic's side of reviews from verified visits (issue 23, decision 032): after a visit the clinic
// invites the customer by email; the link's token exists only in that email (the table keeps its
// SHA-256), so neither the answer, the list nor the log can ever show it.

export interface InvitationSettings {
  /** REVIEW_INVITATIONS_PER_DAY: invitations one clinic may send per Swedish calendar day. */
  invitationsPerDay: number;
  /** SITE_URL: the base of the email's links. */
  siteUrl: string;
  /** ADMIN_EMAIL: the admin's address even before that account is registered. */
  adminEmail: string;
}

const DAY_MS = 86_400_000;

/** The Swedish day `days` before `day` (`2026-11-26`). */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The link of the emailed invitation: the web page /omdome/:token (web/config/paths.ts writeReviewHref). */
const writeReviewLink = (siteUrl: string, token: string) => `${siteUrl}/omdome/${encodeURIComponent(token)}`;

function invitationEmail({
  to,
  clinicName,
  visitDate,
  link,
  siteUrl,
}: {
  to: string;
  clinicName: string;
  visitDate: string;
  link: string;
  siteUrl: string;
}): MailMessage {
  const guidelines = `${siteUrl}${REVIEW_GUIDELINES_PATH}`;
  const days = REVIEW_INVITATION_VALID_DAYS;
  return {
    to,
    subject: `Berätta om ditt besök hos ${clinicName} / Review your visit – Certifierad Klinik`,
    text: [
      'Hej!',
      '',
      `${clinicName} tackar för ditt besök den ${visitDate} och ber dig berätta hur det var. Ditt omdöme hjälper andra att välja en trygg klinik.`,
      'Öppna länken nedan och logga in, eller skapa ett kundkonto, med den här e-postadressen för att skriva ditt omdöme:',
      '',
      link,
      '',
      `Länken kan användas en gång och gäller i ${days} dagar.`,
      'Omdömet publiceras på klinikens sida med ditt förnamn och första bokstaven i ditt efternamn, märkt "Verifierat besök".',
      `Så granskar vi omdömen: ${guidelines}`,
      '',
      `In English: ${clinicName} thanks you for your visit on ${visitDate} and asks how it went. Open the link above and sign in, or create a customer account, with this email address to write your review.`,
      `The link can be used once and is valid for ${days} days.`,
      `The review is published on the clinic's page with your first name and the initial of your surname, labelled "Verifierat besök" (verified visit).`,
      `How we check reviews: ${guidelines}`,
      '',
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}

const invitationColumns = {
  id: reviewInvitations.id,
  email: reviewInvitations.email,
  visitDate: reviewInvitations.visitDate,
  createdAt: reviewInvitations.createdAt,
  cursorTime: cursorTime(reviewInvitations.createdAt),
  expiresAt: reviewInvitations.expiresAt,
  usedAt: reviewInvitations.usedAt,
};

type InvitationRow = {
  id: string;
  email: string;
  visitDate: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
};

const toClinicInvitation = (row: InvitationRow, now: Date): ClinicInvitation => ({
  id: row.id,
  email: row.email,
  visitDate: row.visitDate,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  status: invitationStatus(row, now),
});

/** Whether the clinic holds a certificate in force today: only then may it collect reviews. */
async function holdsCertificate(db: Pick<Database, 'select'>, clinicId: string, today: string): Promise<boolean> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.clinicId, clinicId), inForce(today)))
    .limit(1);
  return row !== undefined;
}

/** The clinic's invitations sent on the Swedish day `today` (the index on clinic and time reads them). */
async function sentOn(db: Pick<Database, 'select'>, clinicId: string, today: string): Promise<number> {
  const midnight = sql`(${today}::date::timestamp AT TIME ZONE 'Europe/Stockholm')`;
  const nextMidnight = sql`((${today}::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm')`;
  const [row] = await db
    .select({ sent: count() })
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.clinicId, clinicId),
        sql`${reviewInvitations.createdAt} >= ${midnight}`,
        sql`${reviewInvitations.createdAt} < ${nextMidnight}`,
      ),
    );
  return row?.sent ?? 0;
}

const refusedField = (
  status: number,
  code: string,
  key: 'visitDateInFuture' | 'visitDateTooOld' | 'invitationAddressNotAllowed' | 'invitationAlreadyOpen',
  field: 'email' | 'visitDate',
) => new ApiFailure(status, code, key, [{ path: [field], message: `validation:${key}` }]);

/**
 * POST /api/clinic/review-invitations: stores the invitation and sends its email in one transaction,
 * so a failed send stores nothing. The clinic's profile row is locked first: two requests at once
 * count each other's invitation against the day's limit and the one open invitation per address.
 */
export async function inviteCustomer(
  db: Database,
  mailer: Mailer,
  settings: InvitationSettings,
  clinicId: string,
  form: ReviewInvitationForm,
  now: Date,
): Promise<ClinicInvitation> {
  const today = dateInSweden(now);
  if (!(await holdsCertificate(db, clinicId, today)))
    throw new ApiFailure(403, 'certificate_required', 'reviewsNeedCertificate');
  if (form.visitDate > today) throw refusedField(400, 'invalid_request', 'visitDateInFuture', 'visitDate');
  if (form.visitDate < daysBefore(today, REVIEW_VISIT_MAX_AGE_DAYS))
    throw refusedField(400, 'invalid_request', 'visitDateTooOld', 'visitDate');
  const email = normalizeEmail(form.email);

  return db.transaction(async (tx) => {
    const [clinic] = await tx
      .select({ name: profiles.fullName, email: profiles.email, contactEmail: profiles.contactEmail })
      .from(profiles)
      .where(eq(profiles.id, clinicId))
      .for('update');
    if (!clinic) throw notFound();
    // An invitation proves a visit only when the clinic cannot send one to itself, a colleague or an admin.
    const [staff] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(and(sql`lower(${users.email}) = ${email}`, inArray(profiles.role, ['clinic', 'admin'])));
    const ownAddresses = [clinic.email, clinic.contactEmail].flatMap((address) =>
      address ? [normalizeEmail(address)] : [],
    );
    if (staff || email === normalizeEmail(settings.adminEmail) || ownAddresses.includes(email))
      throw refusedField(422, 'address_not_allowed', 'invitationAddressNotAllowed', 'email');

    const [open] = await tx
      .select({ id: reviewInvitations.id })
      .from(reviewInvitations)
      .where(and(eq(reviewInvitations.clinicId, clinicId), eq(reviewInvitations.email, email), isOpenInvitation(now)));
    if (open) throw refusedField(409, 'invitation_open', 'invitationAlreadyOpen', 'email');
    if ((await sentOn(tx, clinicId, today)) >= settings.invitationsPerDay)
      throw new ApiFailure(429, 'invitation_daily_limit', 'invitationDailyLimit');

    const token = newOpaqueToken();
    const [row] = await tx
      .insert(reviewInvitations)
      .values({
        clinicId,
        email,
        visitDate: form.visitDate,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + REVIEW_INVITATION_VALID_DAYS * DAY_MS),
      })
      .returning(invitationColumns);
    if (!row) throw new Error('The invitation was not stored');
    await mailer.send(
      invitationEmail({
        to: email,
        clinicName: clinic.name,
        visitDate: form.visitDate,
        link: writeReviewLink(settings.siteUrl, token),
        siteUrl: settings.siteUrl,
      }),
    );
    return toClinicInvitation(row, now);
  });
}

const INVITATIONS_NEWEST_FIRST: Keyset = {
  sortKey: reviewInvitations.createdAt,
  kind: 'time',
  id: reviewInvitations.id,
  direction: 'desc',
};

/** GET /api/clinic/review-invitations: newest first (keyset), each with its status now, and what today allows. */
export async function listInvitations(
  db: Database,
  settings: InvitationSettings,
  clinicId: string,
  { limit, cursor }: ReviewListQuery,
  now: Date,
): Promise<ClinicInvitationPage> {
  const today = dateInSweden(now);
  const rows = await db
    .select(invitationColumns)
    .from(reviewInvitations)
    .where(and(eq(reviewInvitations.clinicId, clinicId), afterCursor(INVITATIONS_NEWEST_FIRST, cursor)))
    .orderBy(keysetOrder(INVITATIONS_NEWEST_FIRST))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => [row.cursorTime, row.id]);
  const sent = await sentOn(db, clinicId, today);
  return {
    items: page.rows.map((row) => toClinicInvitation(row, now)),
    nextCursor: page.nextCursor,
    remainingToday: Math.max(0, settings.invitationsPerDay - sent),
    canInvite: await holdsCertificate(db, clinicId, today),
  };
}
