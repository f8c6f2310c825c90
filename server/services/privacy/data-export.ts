import type { Readable } from 'node:stream';
import { pipeline, Transform } from 'node:stream';
import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { CONTACT_PATH } from '../../../contracts/constants.ts';
import type { DataExportLink } from '../../../contracts/data-export.ts';
import type { Database } from '../../db/client.ts';
import {
  authSessions,
  certificateEvents,
  certificates,
  clinicChangeRequests,
  clinicDocuments,
  clinicFacts,
  clinicReviewReports,
  clinicReviews,
  clinicSubmissions,
  conversations,
  dataExports,
  followedClinics,
  membershipWaivers,
  messages,
  profiles,
  reports,
  reviewInvitations,
  users,
} from '../../db/schema/index.ts';
import { clinicPayments } from '../payments/payments.ts';
import { ApiFailure, found } from '../../lib/api-failure.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { recordAudit } from '../admin/audit.ts';
import type { AuthSettings } from '../auth/settings.ts';
import { DOCUMENTS_BUCKET } from '../clinic-area/clinic-documents.ts';
import { type DataExportTicket, signDataExportTicket, verifyDataExportTicket } from './data-export-ticket.ts';
import { shownName } from './deleted-accounts.ts';

// Issue 26 point 1 and point 5's export (docs/decisions/034): everything stored about an account as one
// zip, README.txt, data.json and the clinic's document files, written while it streams to the browser:
// the files are read one at a time from the file store at the pace the browser takes them.

/**
 * A running export whose row is older than this is taken as abandoned (its process died) and may be
 * taken over; an export that really runs longer only loses its claim to be the only one.
 */
export const DATA_EXPORT_STALE_AFTER_MS = 60 * 60 * 1000;

const running = () => new ApiFailure(409, 'data_export_running', 'dataExportRunning');

/**
 * A download link for `ticket.subjectId`'s data, asked by the signed-in `askerId` (the person, or an admin
 * for them): 404 for no such account, 409 while an export of it runs.
 */
export async function requestDataExport(
  db: Database,
  settings: AuthSettings,
  ticket: DataExportTicket,
  now: Date,
): Promise<DataExportLink> {
  found((await db.select({ id: users.id }).from(users).where(eq(users.id, ticket.subjectId)))[0]);
  const [busy] = await db
    .select({ userId: dataExports.userId })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, ticket.subjectId),
        gte(dataExports.startedAt, new Date(now.getTime() - DATA_EXPORT_STALE_AFTER_MS)),
      ),
    );
  if (busy) throw running();
  const signed = await signDataExportTicket(settings, ticket);
  return { url: `/api/data-export?${new URLSearchParams({ ticket: signed })}` };
}

export interface DataExportSettings {
  siteUrl: string;
  /** Where questions about the data go: the certification body's team address. */
  contactEmail: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface DataExportDownload {
  /** ASCII only: it goes into the Content-Disposition header as it is. */
  fileName: string;
  /** Known in advance: every entry is stored uncompressed with its size (documents are compressed already). */
  size: number | null;
  body: Readable;
}

/**
 * Opens the export a ticket was given for. The asker's session must still live (signing out, or a
 * deleted account, ends its tickets too), and an export for someone else needs the asker to be an
 * admin, which the audit log records. Then the account's one running export is claimed, or 409.
 */
export async function openDataExport(
  db: Database,
  store: FileStore,
  settings: AuthSettings,
  ticketText: string,
  now: Date,
  options: DataExportSettings,
): Promise<DataExportDownload> {
  const ticket = await verifyDataExportTicket(settings, ticketText);
  const [asker] = await db
    .select({ role: profiles.role })
    .from(authSessions)
    .innerJoin(profiles, eq(profiles.id, authSessions.userId))
    .where(and(eq(authSessions.id, ticket.sessionId), eq(authSessions.userId, ticket.askerId)));
  const forSomeoneElse = ticket.askerId !== ticket.subjectId;
  if (!asker || (forSomeoneElse && asker.role !== 'admin'))
    throw new ApiFailure(401, 'data_export_ticket_invalid', 'dataExportTicketInvalid');

  const startedAt = await db.transaction(async (tx) => {
    found((await tx.select({ id: users.id }).from(users).where(eq(users.id, ticket.subjectId)))[0]);
    const [claimed] = await tx
      .insert(dataExports)
      .values({ userId: ticket.subjectId, startedAt: now })
      .onConflictDoUpdate({
        target: dataExports.userId,
        set: { startedAt: now },
        setWhere: sql`${dataExports.startedAt} < ${new Date(now.getTime() - DATA_EXPORT_STALE_AFTER_MS)}`,
      })
      .returning({ startedAt: dataExports.startedAt });
    if (!claimed) throw running();
    if (forSomeoneElse)
      await recordAudit(tx, { actorId: ticket.askerId, action: 'data_exported', targetId: ticket.subjectId });
    return claimed.startedAt;
  });
  // Only this export's claim: a later export that took over a stale row keeps its own.
  const release = async () => {
    await db
      .delete(dataExports)
      .where(and(eq(dataExports.userId, ticket.subjectId), eq(dataExports.startedAt, startedAt)));
  };

  try {
    const account = await collectAccountData(db, ticket.subjectId, now);
    return {
      fileName: `certifierad-klinik-uppgifter-${dateInSweden(now)}.zip`,
      ...zipExport(store, account, now, release, options),
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** The document files' names in the zip: as uploaded (already safe names), numbered when two are alike. */
function zipNames(fileNames: string[]): string[] {
  const taken = new Set<string>();
  return fileNames.map((fileName) => {
    const dot = fileName.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
    let name = fileName;
    for (let number = 2; taken.has(name.toLowerCase()); number += 1) name = `${stem} (${number})${extension}`;
    taken.add(name.toLowerCase());
    return `documents/${name}`;
  });
}

function zipExport(
  store: FileStore,
  { data, files }: CollectedAccount,
  now: Date,
  release: () => Promise<void>,
  { siteUrl, contactEmail, log }: DataExportSettings,
): Omit<DataExportDownload, 'fileName'> {
  const zip = new ZipFile();
  // Stored, not deflated: the documents are PDFs, images and Word files, compressed already, and so the
  // zip's size is known before its first byte (the browser shows the download's progress).
  const entry = { compress: false, mtime: now };
  let reading: Readable | null = null;
  let stopped = false;
  const freeClaim = () =>
    release().catch((error: unknown) => log.error({ err: error }, 'data export: the running export was not released'));
  // The zip's last bytes reach the browser only once the claim is gone: an export asked for right after
  // this one finished is never refused as running.
  const body = new Transform({
    transform: (chunk: Buffer, _encoding, done) => done(null, chunk),
    flush: (done) => {
      release().then(() => done(), done);
    },
  });
  const fail = (error: unknown) => {
    log.error({ err: error }, 'data export failed while streaming');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  pipeline(zip.outputStream, body, (error) => {
    stopped = true;
    if (!error) return;
    // The browser went away, or a file failed: stop reading the file store and free the claim.
    reading?.destroy();
    void freeClaim();
  });

  zip.addBuffer(Buffer.from(readme(data, now, siteUrl, contactEmail)), 'README.txt', entry);
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'data.json', entry);
  for (const file of files) {
    // Opened only when its turn comes, after the files before it have gone out.
    zip.addReadStreamLazy(file.fileInZip, { ...entry, size: file.sizeBytes }, (callback) => {
      store.get(DOCUMENTS_BUCKET, file.storagePath).then((stored) => {
        if (stopped) return stored?.body.destroy();
        if (!stored) return fail(new Error(`The stored file of document ${file.id} is missing`));
        reading = stored.body;
        stored.body.once('error', fail);
        return callback(null, stored.body);
      }, fail);
    });
  }
  let size: number | null = null;
  // yazl gives the total size to this callback (its README); @types/yazl 3.3.1 leaves the parameter out.
  const learnSize = ((total: number) => {
    size = total >= 0 ? total : null;
  }) as () => void;
  zip.end(undefined, learnSize);
  return { size, body };
}

const swedishTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** What the zip holds and whom to ask, in Swedish and then in English. */
function readme(data: AccountData, now: Date, siteUrl: string, contactEmail: string): string {
  const made = swedishTime.format(now);
  const contact = `${siteUrl}${CONTACT_PATH}`;
  const documents = data.clinic ? data.clinic.documents.length : 0;
  return [
    'CERTIFIERAD KLINIK – DINA UPPGIFTER',
    '',
    `Skapad ${made} (svensk tid) för kontot ${data.account.email}.`,
    '',
    'data.json    Allt vi har sparat om kontot, i maskinläsbar form (JSON): konto och profil,',
    '             följda kliniker, rapporter med våra svar, konversationer med meddelanden,',
    '             omdömen och inbjudningar till omdömen. För en klinik även ansökans uppgifter,',
    '             behandlingar, fakta, dokumentens uppgifter, certifikat med historik, inskickade',
    '             ansökningar, ändringsförfrågningar och medlemskapets betalningar och fakturor.',
    `documents/   Klinikens uppladdade dokument, exakt som de laddades upp (${documents} st).`,
    '',
    `Frågor om dina uppgifter? Skriv till ${contactEmail} eller via ${contact}.`,
    'Du kan också begära att uppgifter rättas eller raderas. Vi svarar inom en månad.',
    '',
    '----------------------------------------------------------------------------------',
    '',
    'CERTIFIERAD KLINIK – YOUR DATA',
    '',
    `Made ${made} (Swedish time) for the account ${data.account.email}.`,
    '',
    'data.json    Everything we store about the account, machine-readable (JSON): account and',
    '             profile, followed clinics, reports with our answers, conversations with their',
    '             messages, reviews and review invitations. For a clinic also the application,',
    '             treatments, facts, the documents’ details, certificates with their history,',
    '             applications sent in, change requests, and the membership’s payments and invoices.',
    `documents/   The clinic’s uploaded documents, exactly as uploaded (${documents}).`,
    '',
    `Questions about your data? Write to ${contactEmail} or use ${contact}.`,
    'You may also ask us to correct or erase data. We answer within a month.',
    '',
  ].join('\r\n');
}

/** A profile's columns that are computed from others, for search and sorting: not data of the person. */
type ComputedProfileColumns =
  | 'nameSortKey'
  | 'nameSearchKey'
  | 'citySearchKey'
  | 'adminSearchKey'
  | 'reviewCount'
  | 'reviewRatingSum'
  | 'coverImagePath';
type StoredProfile = Omit<typeof profiles.$inferSelect, ComputedProfileColumns>;

/** The profile's columns of a clinic's application and public page, apart in data.json under `clinic.application`. */
const APPLICATION_COLUMNS = [
  'companyName',
  'orgNumber',
  'website',
  'address',
  'contactPerson',
  'contactEmail',
  'description',
  'discountCode',
  'coverImageUrl',
  'bookingUrl',
  'slug',
  'isPublic',
  'treatments',
  'c1LiabilityInsurance',
  'c2RegisteredCompany',
  'c3StaffEducation',
  'c4HygienicPremises',
  'c5ApprovedProducts',
  'c6ClientRoutines',
  'isCertified',
  'applicationStatus',
  'applicationSubmittedAt',
  'applicationDecidedAt',
  'denialReason',
  'certifiedAt',
  'renewalSubmittedAt',
] as const satisfies readonly (keyof StoredProfile)[];
type ApplicationColumn = (typeof APPLICATION_COLUMNS)[number];

function splitProfile(row: typeof profiles.$inferSelect) {
  const {
    nameSortKey: _nameSortKey,
    nameSearchKey: _nameSearchKey,
    citySearchKey: _citySearchKey,
    adminSearchKey: _adminSearchKey,
    reviewCount: _reviewCount,
    reviewRatingSum: _reviewRatingSum,
    coverImagePath: _coverImagePath,
    ...stored
  } = row;
  const application = Object.fromEntries(APPLICATION_COLUMNS.map((column) => [column, stored[column]])) as Pick<
    StoredProfile,
    ApplicationColumn
  >;
  const profile = Object.fromEntries(
    Object.entries(stored).filter(([column]) => !(APPLICATION_COLUMNS as readonly string[]).includes(column)),
  ) as Omit<StoredProfile, ApplicationColumn>;
  return { profile, application };
}

/** The name a conversation's other side goes by in data.json. */
const TEAM = 'Certifierad Klinik';

/** A review's own columns, as its author and its clinic see them. */
const REVIEW_FIELDS = {
  id: clinicReviews.id,
  rating: clinicReviews.rating,
  text: clinicReviews.text,
  visitDate: clinicReviews.visitDate,
  createdAt: clinicReviews.createdAt,
  editedAt: clinicReviews.editedAt,
  reply: clinicReviews.replyText,
  replyCreatedAt: clinicReviews.replyCreatedAt,
  replyUpdatedAt: clinicReviews.replyUpdatedAt,
  hiddenAt: clinicReviews.hiddenAt,
  hiddenReason: clinicReviews.hiddenReason,
};

/** A review invitation's columns, without the hash of its link's token. */
const INVITATION_FIELDS = {
  id: reviewInvitations.id,
  visitDate: reviewInvitations.visitDate,
  createdAt: reviewInvitations.createdAt,
  expiresAt: reviewInvitations.expiresAt,
  usedAt: reviewInvitations.usedAt,
};

type AccountData = Awaited<ReturnType<typeof collectAccountData>>['data'];
type CollectedAccount = Awaited<ReturnType<typeof collectAccountData>>;

/** Everything stored about the account (data.json), and the files to put beside it. */
async function collectAccountData(db: Database, userId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [profileRow] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!user || !profileRow) throw new Error(`Account ${userId} has no user or profile row`);
  const { profile, application } = splitProfile(profileRow);
  const email = user.email.toLowerCase();

  const sessions = await db
    .select({ startedAt: authSessions.createdAt, lastUsedAt: authSessions.updatedAt, method: authSessions.method })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(asc(authSessions.createdAt));

  const follows = await db
    .select({
      clinicId: followedClinics.clinicId,
      clinicName: profiles.fullName,
      followedAt: followedClinics.createdAt,
    })
    .from(followedClinics)
    .innerJoin(profiles, eq(profiles.id, followedClinics.clinicId))
    .where(eq(followedClinics.userId, userId))
    .orderBy(asc(followedClinics.createdAt));

  const ownReports = await db
    .select({
      id: reports.id,
      clinicName: reports.clinicName,
      clinicId: reports.clinicId,
      content: reports.content,
      status: reports.status,
      answer: reports.adminResponse,
      createdAt: reports.createdAt,
      updatedAt: reports.updatedAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));

  const reviewReports = await db
    .select({
      reviewId: clinicReviewReports.reviewId,
      reason: clinicReviewReports.reason,
      createdAt: clinicReviewReports.createdAt,
      resolvedAt: clinicReviewReports.resolvedAt,
      resolution: clinicReviewReports.resolution,
    })
    .from(clinicReviewReports)
    .where(eq(clinicReviewReports.reporterId, userId))
    .orderBy(asc(clinicReviewReports.createdAt));

  const reviewsWritten = await db
    .select({ clinicId: clinicReviews.clinicId, clinicName: profiles.fullName, ...REVIEW_FIELDS })
    .from(clinicReviews)
    .innerJoin(profiles, eq(profiles.id, clinicReviews.clinicId))
    .where(eq(clinicReviews.authorId, userId))
    .orderBy(asc(clinicReviews.createdAt));

  // Sent to the address, whether or not the person followed the link.
  const reviewInvitationsReceived = await db
    .select({ clinicId: reviewInvitations.clinicId, clinicName: profiles.fullName, ...INVITATION_FIELDS })
    .from(reviewInvitations)
    .innerJoin(profiles, eq(profiles.id, reviewInvitations.clinicId))
    .where(or(eq(reviewInvitations.claimedBy, userId), eq(reviewInvitations.email, email)))
    .orderBy(asc(reviewInvitations.createdAt));

  const clinic = profileRow.role === 'clinic' ? await collectClinicData(db, userId, application) : null;
  return {
    data: {
      format: 'certifierad-klinik/data-export',
      version: 1,
      exportedAt: now.toISOString(),
      account: {
        id: user.id,
        email: user.email,
        emailConfirmedAt: user.emailConfirmedAt,
        pendingEmailChange: user.emailChange,
        lastSignInAt: user.lastSignInAt,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
        deletedAt: user.deletedAt,
      },
      profile,
      sessions,
      follows,
      reports: ownReports,
      reviewReports,
      conversations: await collectConversations(db, userId),
      reviewsWritten,
      reviewInvitationsReceived,
      clinic: clinic?.data ?? null,
      // A clinic's membership payments (issue 25), as its invoices and receipts show them; a customer has none.
      payments: profileRow.role === 'clinic' ? await clinicPayments(db, userId, { all: true }) : [],
      membershipWaivers: await db
        .select({
          year: membershipWaivers.year,
          reason: membershipWaivers.reason,
          createdAt: membershipWaivers.createdAt,
        })
        .from(membershipWaivers)
        .where(eq(membershipWaivers.clinicId, userId))
        .orderBy(asc(membershipWaivers.year)),
    },
    files: clinic?.files ?? [],
  };
}

/** The person's conversations, on either side, each with all its messages, oldest first. */
async function collectConversations(db: Database, userId: string) {
  const threads = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.userId, userId), eq(conversations.counterpartId, userId)))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  if (threads.length === 0) return [];
  const otherIds = threads.flatMap((thread) => {
    const other = thread.userId === userId ? thread.counterpartId : thread.userId;
    return other ? [other] : [];
  });
  const names = new Map(
    otherIds.length === 0
      ? []
      : (
          await db
            // A deleted account's name as everyone else sees it, "Borttagen användare" (decision 035).
            .select({ id: profiles.id, fullName: shownName(profiles, 'sv') })
            .from(profiles)
            .where(inArray(profiles.id, otherIds))
        ).map((row) => [row.id, row.fullName]),
  );
  const rows = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      fromSideA: messages.fromSideA,
      content: messages.content,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .where(
      inArray(
        messages.conversationId,
        threads.map((thread) => thread.id),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return threads.map((thread) => {
    const onSideA = thread.userId === userId;
    const otherId = onSideA ? thread.counterpartId : thread.userId;
    return {
      id: thread.id,
      with: otherId
        ? { id: otherId, name: names.get(otherId) ?? '' }
        : { id: null, name: onSideA ? TEAM : (thread.guestName ?? thread.guestEmail ?? '') },
      createdAt: thread.createdAt,
      lastMessageAt: thread.lastMessageAt,
      messages: rows
        .filter((message) => message.conversationId === thread.id)
        .map(({ conversationId: _conversationId, fromSideA, ...message }) => ({
          ...message,
          sentByMe: fromSideA === onSideA,
        })),
    };
  });
}

/** A clinic's application, facts, documents, certificates with their history, and what it sent in. */
async function collectClinicData(db: Database, clinicId: string, application: Pick<StoredProfile, ApplicationColumn>) {
  const facts = await db
    .select({
      id: clinicFacts.id,
      kind: clinicFacts.kind,
      details: clinicFacts.details,
      documentId: clinicFacts.documentId,
      validUntil: clinicFacts.validUntil,
      status: clinicFacts.status,
      reason: clinicFacts.reason,
      checkedAt: clinicFacts.checkedAt,
      createdAt: clinicFacts.createdAt,
      updatedAt: clinicFacts.updatedAt,
    })
    .from(clinicFacts)
    .where(eq(clinicFacts.clinicId, clinicId))
    .orderBy(asc(clinicFacts.createdAt), asc(clinicFacts.id));

  const documentRows = await db
    .select({
      id: clinicDocuments.id,
      fileName: clinicDocuments.fileName,
      contentType: clinicDocuments.contentType,
      sizeBytes: clinicDocuments.sizeBytes,
      uploadedAt: clinicDocuments.createdAt,
      pendingSince: clinicDocuments.pendingSince,
      removalRequestedAt: clinicDocuments.removalRequestedAt,
      storagePath: clinicDocuments.storagePath,
    })
    .from(clinicDocuments)
    .where(eq(clinicDocuments.clinicId, clinicId))
    .orderBy(asc(clinicDocuments.createdAt), asc(clinicDocuments.id));
  const inZip = zipNames(documentRows.map((row) => row.fileName));
  const files = documentRows.map(({ id, storagePath, sizeBytes }, index) => ({
    id,
    storagePath,
    sizeBytes,
    fileInZip: inZip[index] ?? '',
  }));
  // Where each file is in the zip; where it lies in the file store is the body's own business.
  const documents = documentRows.map(({ storagePath: _storagePath, ...row }, index) => ({
    ...row,
    fileInZip: inZip[index] ?? '',
  }));

  const certificateRows = await db
    .select({
      id: certificates.id,
      number: certificates.number,
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
      status: certificates.status,
      treatments: certificates.treatments,
      issuedAt: certificates.issuedAt,
      suspendedAt: certificates.suspendedAt,
      suspensionReason: certificates.suspensionReason,
      withdrawnAt: certificates.withdrawnAt,
      withdrawnReason: certificates.withdrawnReason,
    })
    .from(certificates)
    .where(eq(certificates.clinicId, clinicId))
    .orderBy(asc(certificates.validFrom), asc(certificates.issuedAt));
  const events = await db
    .select({
      certificateId: certificateEvents.certificateId,
      kind: certificateEvents.kind,
      reason: certificateEvents.reason,
      treatments: certificateEvents.treatments,
      occurredAt: certificateEvents.occurredAt,
    })
    .from(certificateEvents)
    .where(eq(certificateEvents.clinicId, clinicId))
    .orderBy(asc(certificateEvents.occurredAt), asc(certificateEvents.id));

  const submissions = await db
    .select({
      id: clinicSubmissions.id,
      kind: clinicSubmissions.kind,
      snapshot: clinicSubmissions.snapshot,
      submittedAt: clinicSubmissions.submittedAt,
      decision: clinicSubmissions.decision,
      decidedAt: clinicSubmissions.decidedAt,
    })
    .from(clinicSubmissions)
    .where(eq(clinicSubmissions.clinicId, clinicId))
    .orderBy(asc(clinicSubmissions.submittedAt));
  const changeRequests = await db
    .select({
      id: clinicChangeRequests.id,
      changes: clinicChangeRequests.changes,
      createdAt: clinicChangeRequests.createdAt,
      updatedAt: clinicChangeRequests.updatedAt,
      decision: clinicChangeRequests.decision,
      decidedAt: clinicChangeRequests.decidedAt,
      reason: clinicChangeRequests.reason,
    })
    .from(clinicChangeRequests)
    .where(eq(clinicChangeRequests.clinicId, clinicId))
    .orderBy(asc(clinicChangeRequests.createdAt));

  const reviewInvitationsSent = await db
    .select({ email: reviewInvitations.email, ...INVITATION_FIELDS })
    .from(reviewInvitations)
    .where(eq(reviewInvitations.clinicId, clinicId))
    .orderBy(asc(reviewInvitations.createdAt));
  // The reviews of the clinic and its replies; who wrote them is the customers' own data.
  const reviewsReceived = await db
    .select(REVIEW_FIELDS)
    .from(clinicReviews)
    .where(eq(clinicReviews.clinicId, clinicId))
    .orderBy(asc(clinicReviews.createdAt));

  return {
    files,
    data: {
      application,
      facts,
      documents,
      certificates: certificateRows.map((certificate) => ({
        ...certificate,
        history: events
          .filter((event) => event.certificateId === certificate.id)
          .map(({ certificateId: _certificateId, ...event }) => event),
      })),
      submissions,
      changeRequests,
      reviewInvitationsSent,
      reviewsReceived,
    },
  };
}
