import { CERTIFICATION_BODY } from '../../contracts/constants.ts';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CertificateEventKind } from '../../contracts/certificates.ts';
import type { Database } from '../db/client.ts';
import { certificateEvents, certificates, followedClinics, followerNotices, profiles } from '../db/schema/index.ts';
import type { DatabaseNotices } from '../lib/database-notices.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { type MessageDelivery, postTeamNotice } from './messages/commands.ts';
import { standingCertificates } from './certificates.ts';

// Followers are told (issue 22 point 6): when a clinic's certificate is suspended, reinstated,
// withdrawn, expires or is renewed, every customer following the clinic finds a message from the
// certification body in its conversation with the team, and gets an email, at most one per clinic and
// Swedish day. The events wait in certificate_events (followers_told_at null) until told: each is taken
// with FOR UPDATE SKIP LOCKED, so two processes never tell one twice, and everything it causes is
// written in one transaction with the mark, so a failed email leaves it waiting for the next run.

export type FollowerDelivery = MessageDelivery & { siteUrl: string };

type FollowerEventKind = Extract<
  CertificateEventKind,
  'suspended' | 'reinstated' | 'withdrawn' | 'expired' | 'renewed'
>;

/** One change of a clinic's certificate, as its followers read it. */
export interface CertificateChange {
  kind: FollowerEventKind;
  clinicName: string;
  number: string;
  /** The Swedish day it happened. */
  day: string;
  /** The certificate's last day. */
  validTo: string;
  reason: string | null;
}

const isFollowerEvent = (kind: CertificateEventKind): kind is FollowerEventKind =>
  ['suspended', 'reinstated', 'withdrawn', 'expired', 'renewed'].includes(kind);

/** What happened, in Swedish and English, each a line or two; the subject's words too. */
function describe({ kind, clinicName, number, day, validTo, reason }: CertificateChange) {
  switch (kind) {
    case 'suspended':
      return {
        subject: ['certifikatet är tillfälligt indraget', 'certificate suspended'],
        sv: `Certifikatet för ${clinicName} är tillfälligt indraget sedan ${day}. Skäl: ${reason ?? ''}\nKliniken visas inte i registret medan certifikatet är indraget.`,
        en: `The certificate of ${clinicName} has been suspended since ${day}. Reason (in Swedish): ${reason ?? ''}\nThe clinic is not shown in the register while its certificate is suspended.`,
      };
    case 'reinstated':
      return {
        subject: ['certifikatet gäller igen', 'certificate reinstated'],
        sv: `Certifikatet för ${clinicName} gäller igen sedan ${day}; indragningen är hävd.`,
        en: `The certificate of ${clinicName} is valid again since ${day}; the suspension has been lifted.`,
      };
    case 'withdrawn':
      return {
        subject: ['certifikatet är återkallat', 'certificate withdrawn'],
        sv: `Certifikatet för ${clinicName} återkallades ${day}. Skäl: ${reason ?? ''}\nKliniken har lämnat registret.`,
        en: `The certificate of ${clinicName} was withdrawn on ${day}. Reason (in Swedish): ${reason ?? ''}\nThe clinic has left the register.`,
      };
    case 'expired':
      return {
        subject: ['certifikatet har gått ut', 'certificate expired'],
        sv: `Certifikatet för ${clinicName} gällde till och med ${validTo} och har gått ut utan att förnyas. Kliniken har lämnat registret.`,
        en: `The certificate of ${clinicName} was valid until ${validTo} and has expired without renewal. The clinic has left the register.`,
      };
    case 'renewed':
      return {
        subject: ['certifikatet är förnyat', 'certificate renewed'],
        sv: `${clinicName} har förnyat sitt certifikat: ${number} gäller till och med ${validTo}.`,
        en: `${clinicName} has renewed its certificate: ${number} is valid until ${validTo}.`,
      };
  }
}

const verificationLink = (siteUrl: string, number: string) =>
  new URL(`/verifiera/${encodeURIComponent(number)}`, siteUrl).href;

/** The inbox message: Swedish, as the inbox is not per language and the reasons are the admin's Swedish words. */
export function followerMessage(change: CertificateChange, siteUrl: string): string {
  return `${describe(change).sv}\n\nSe certifikatet: ${verificationLink(siteUrl, change.number)}`;
}

/** The email to a follower, in Swedish and English as the other emails of the service. */
export function followerEmail(
  change: CertificateChange,
  { to, fullName, siteUrl }: { to: string; fullName: string; siteUrl: string },
): MailMessage {
  const { subject, sv, en } = describe(change);
  const link = verificationLink(siteUrl, change.number);
  const inbox = new URL('/dashboard/messages', siteUrl).href;
  const followed = new URL('/dashboard/followed', siteUrl).href;
  return {
    to,
    subject: `${change.clinicName}: ${subject[0]} / ${subject[1]} – Certifierad Klinik`,
    text: [
      `Hej ${fullName},`,
      '',
      `Du följer ${change.clinicName}. ${sv}`,
      `Se certifikatet: ${link}`,
      '',
      `You follow ${change.clinicName}. ${en}`,
      `See the certificate: ${link}`,
      '',
      `Meddelandet finns också i din inkorg / The message is also in your inbox: ${inbox}`,
      `Sluta följa kliniken under Följda kliniker / Stop following the clinic under Followed clinics: ${followed}`,
      '',
      CERTIFICATION_BODY,
    ].join('\n'),
  };
}

export interface ToldChange {
  clinicId: string;
  kind: CertificateEventKind;
  /** The events told together: one change may touch this year's certificate and a renewed next year's. */
  eventIds: string[];
  /** Followers given the inbox message, and of them those emailed. */
  followers: number;
  emailed: number;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whether the clinic holds a certificate on `day` (after an expiry: next year's, renewed). */
async function certifiedOn(tx: Transaction, clinicId: string, day: string) {
  const [held] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(standingCertificates(clinicId, day), lte(certificates.validFrom, day)))
    .limit(1);
  return held !== undefined;
}

/**
 * Tells the followers of the oldest change not yet told, in one transaction; undefined when none
 * waits (or the others are being told by another process right now).
 */
async function tellOldest(db: Database, delivery: FollowerDelivery, now: Date): Promise<ToldChange | undefined> {
  return db.transaction(async (tx) => {
    const [oldest] = await tx
      .select({
        clinicId: certificateEvents.clinicId,
        kind: certificateEvents.kind,
        occurredAt: certificateEvents.occurredAt,
      })
      .from(certificateEvents)
      .where(isNull(certificateEvents.followersToldAt))
      .orderBy(asc(certificateEvents.occurredAt), asc(certificateEvents.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!oldest) return undefined;
    // A change written in one transaction for both of a clinic's certificates is one message.
    const events = await tx
      .select({
        id: certificateEvents.id,
        reason: certificateEvents.reason,
        number: certificates.number,
        validTo: certificates.validTo,
        clinicName: profiles.fullName,
      })
      .from(certificateEvents)
      .innerJoin(certificates, eq(certificates.id, certificateEvents.certificateId))
      .innerJoin(profiles, eq(profiles.id, certificateEvents.clinicId))
      .where(
        and(
          isNull(certificateEvents.followersToldAt),
          eq(certificateEvents.clinicId, oldest.clinicId),
          eq(certificateEvents.kind, oldest.kind),
          eq(certificateEvents.occurredAt, oldest.occurredAt),
        ),
      )
      .orderBy(asc(certificates.validFrom))
      .for('update', { of: certificateEvents, skipLocked: true });
    const eventIds = events.map((event) => event.id);
    const [first] = events;
    const told: ToldChange = { clinicId: oldest.clinicId, kind: oldest.kind, eventIds, followers: 0, emailed: 0 };
    const day = dateInSweden(oldest.occurredAt);
    const worthTelling =
      first !== undefined &&
      isFollowerEvent(oldest.kind) &&
      // Last year's certificate running out is no news when next year's has taken over: they were told of the renewal.
      !(oldest.kind === 'expired' && (await certifiedOn(tx, oldest.clinicId, day)));
    if (worthTelling) {
      const change: CertificateChange = { ...first, kind: oldest.kind as FollowerEventKind, day };
      const followers = await tx
        .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName })
        .from(followedClinics)
        .innerJoin(profiles, eq(profiles.id, followedClinics.userId))
        .where(eq(followedClinics.clinicId, oldest.clinicId));
      const content = followerMessage(change, delivery.siteUrl);
      const today = dateInSweden(now);
      for (const follower of followers) {
        await postTeamNotice(tx, delivery.bus, follower.id, content, now);
        const [claimed] = await tx
          .insert(followerNotices)
          .values({ userId: follower.id, clinicId: oldest.clinicId, day: today, sentAt: now })
          .onConflictDoNothing()
          .returning({ userId: followerNotices.userId });
        if (claimed) {
          await delivery.mailer.send(
            followerEmail(change, { to: follower.email, fullName: follower.fullName, siteUrl: delivery.siteUrl }),
          );
          told.emailed += 1;
        }
      }
      told.followers = followers.length;
    }
    await tx.update(certificateEvents).set({ followersToldAt: now }).where(inArray(certificateEvents.id, eventIds));
    return told;
  });
}

/**
 * Tells the followers of every change waiting, oldest first, each in its own transaction. A failed
 * email stops the run with the change still waiting: the next notice or the hourly run tries again.
 */
export async function tellFollowers(db: Database, delivery: FollowerDelivery, now = new Date()): Promise<ToldChange[]> {
  const told: ToldChange[] = [];
  for (;;) {
    const change = await tellOldest(db, delivery, now);
    if (!change) return told;
    told.push(change);
  }
}

export interface FollowerNotifier {
  /** Stops listening and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `tell` whenever `notices` says a certificate event was written in any process (migration 0018's
 * trigger), one run at a time: a notice during a run asks for one more run after it. A failed run is
 * logged; the next notice or the hourly lifecycle catches up.
 */
export function startFollowerNotifier({
  notices,
  tell,
  log,
}: {
  notices: DatabaseNotices;
  tell: () => Promise<ToldChange[]>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): FollowerNotifier {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = async () => {
    do {
      again = false;
      try {
        const told = await tell();
        if (told.length > 0)
          log.info(
            { changes: told.length, emailed: told.reduce((sum, change) => sum + change.emailed, 0) },
            'followers told',
          );
      } catch (error) {
        log.error({ err: error }, 'followers could not be told; the next notice or the hourly run tries again');
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
    });
  };
  const unsubscribe = notices.subscribe(wake);
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      await running;
    },
  };
}
