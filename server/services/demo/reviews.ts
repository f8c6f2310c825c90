import type { ReviewHideReason } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  clinicReviewReports,
  clinicReviews,
  profiles,
  reviewInvitations,
  users,
} from '../../db/schema/index.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { newOpaqueToken, sha256 } from '../auth/tokens.ts';

// Reviews from verified visits in the demo (issue 23), in every state: clinics with a rating (at least
// three published reviews, different averages) and clinics with too few for one, the clinic's replies, a
// report waiting in the admin's queue, a review hidden for breaking the guidelines after a report, one by a
// deleted account ("Tidigare kund"), and the demo customer's own review and open invitation. The reviewers
// are plainly made-up people at example.com who cannot sign in. The rows are written directly, as the
// invitation, review and report routes leave them; the clinics' counts follow by the trigger of migration
// 0020. Dates are days before the demo's today, so the reviews are recent whenever the demo is started.

const DAY = 24 * 60 * 60 * 1000;

/** The made-up customers who wrote the demo's reviews, by the key the reviews name them with. */
const DEMO_REVIEWERS = {
  elsa: 'Elsa Exempeldotter',
  olle: 'Olle Påhittsson',
  greta: 'Greta Demosson',
  nils: 'Nils Låtsasson',
  vera: 'Vera Exempelberg',
  tage: 'Tage Testsson',
} as const;
type Reviewer = keyof typeof DEMO_REVIEWERS;

const reviewerEmail = (key: Reviewer) =>
  `${DEMO_REVIEWERS[key].toLowerCase().normalize('NFD').replaceAll(/\p{M}/gu, '').replaceAll(' ', '.')}@example.com`;

/** The address of the account deleted after writing its review: its invitation still names it. */
const DELETED_REVIEWER_EMAIL = 'rut.raderad@example.com';

interface DemoReview {
  key: string;
  clinic: string;
  /** A made-up reviewer, the demo customer, or null for an account deleted since ("Tidigare kund"). */
  author: Reviewer | 'demo customer' | null;
  rating: number;
  text: string;
  visitDaysAgo: number;
  writtenDaysAgo: number;
  reply?: { text: string; daysAgo: number };
  /** Reported by the clinic itself; open unless the review was hidden on it. */
  report?: { reason: string; daysAgo: number };
  hidden?: { reason: ReviewHideReason; daysAgo: number };
}

const DEMO_REVIEWS: readonly DemoReview[] = [
  // Klara Hudmottagning: 5 published, 4.6; one of them the demo customer's, with the clinic's reply.
  {
    key: 'klara-1',
    clinic: 'Klara Hudmottagning',
    author: 'elsa',
    rating: 5,
    text: 'Jag gick hit för en kemisk peeling inför sommaren. Behandlaren gick igenom min hudtyp och mina mediciner innan hon började, och jag fick skriftliga råd om eftervård och solskydd med mig hem. Huden flagnade i tre dagar precis som hon sagt och är nu jämnare än på länge.',
    visitDaysAgo: 120,
    writtenDaysAgo: 116,
    reply: {
      text: 'Tack för fina ord! Roligt att huden svarade så bra. Välkommen tillbaka till hösten om du vill göra en uppföljande behandling.',
      daysAgo: 114,
    },
  },
  {
    key: 'klara-2',
    clinic: 'Klara Hudmottagning',
    author: 'olle',
    rating: 4,
    text: 'Bra ansiktsbehandling och trevligt bemötande. Lokalen var ren och jag såg att instrumenten togs ur förseglade påsar. Ett minus för att jag fick vänta en kvart efter bokad tid, men de sa till om det direkt när jag kom.',
    visitDaysAgo: 80,
    writtenDaysAgo: 77,
  },
  {
    key: 'klara-3',
    clinic: 'Klara Hudmottagning',
    author: 'greta',
    rating: 5,
    text: 'Jag var nervös inför min första laserbehandling mot pigmentfläckar, men fick en grundlig konsultation en vecka innan och ett testområde. Allt förklarades i lugn takt, och jag fick veta vad jag skulle höra av mig om efteråt.',
    visitDaysAgo: 45,
    writtenDaysAgo: 40,
  },
  {
    key: 'klara-4',
    clinic: 'Klara Hudmottagning',
    author: 'tage',
    rating: 5,
    text: 'Femte gången jag är här och det håller samma nivå varje gång. De frågar alltid om förändringar i hälsa och mediciner sedan förra besöket, vilket känns tryggt.',
    visitDaysAgo: 25,
    writtenDaysAgo: 22,
  },
  {
    key: 'klara-demo-customer',
    clinic: 'Klara Hudmottagning',
    author: 'demo customer',
    rating: 4,
    text: 'Trevligt och proffsigt. Jag fick en hudanalys och en lugnande ansiktsbehandling, och behandlaren var noga med att inte sälja på mig produkter jag inte behövde. Det tog lite tid att hitta entrén från gatan.',
    visitDaysAgo: 14,
    writtenDaysAgo: 12,
    reply: {
      text: 'Tack för ditt omdöme! Vi har nu satt upp en skylt vid porten, så att entrén blir lättare att hitta nästa gång.',
      daysAgo: 10,
    },
  },
  // Åkerblads Hudvård: 4 published, 4.0; a fifth hidden for breaking the guidelines after the clinic reported it.
  {
    key: 'akerblads-1',
    clinic: 'Åkerblads Hudvård',
    author: 'vera',
    rating: 4,
    text: 'Laserhårborttagning på underbenen, tredje behandlingen av sex. Tydlig information om hur många gånger som behövs och vad det kostar totalt, inga överraskningar. Det svider lite under behandlingen, men kylningen hjälper.',
    visitDaysAgo: 150,
    writtenDaysAgo: 146,
  },
  {
    key: 'akerblads-2',
    clinic: 'Åkerblads Hudvård',
    author: 'nils',
    rating: 3,
    text: 'Själva ansiktsbehandlingen var bra, men tiden flyttades två gånger med kort varsel via sms. Personalen var trevlig när jag väl var där, men det känns som att de tar emot fler bokningar än de hinner med.',
    visitDaysAgo: 100,
    writtenDaysAgo: 95,
    reply: {
      text: 'Förlåt för ombokningarna. En av våra behandlare var sjukskriven under våren, och vi har sedan dess anställt en till så att det inte ska hända igen.',
      daysAgo: 93,
    },
  },
  {
    key: 'akerblads-hidden',
    clinic: 'Åkerblads Hudvård',
    author: 'olle',
    rating: 1,
    text: 'Dyrt och stressigt. Gå hellre till salongen bredvid mitt jobb, där får du 20 % rabatt med koden SOMMAR20 (exempel) och de är mycket trevligare.',
    visitDaysAgo: 70,
    writtenDaysAgo: 66,
    report: {
      reason: 'Omdömet gör reklam för en annan salong med en rabattkod och säger inget om besöket hos oss.',
      daysAgo: 64,
    },
    hidden: { reason: 'guidelines', daysAgo: 62 },
  },
  {
    key: 'akerblads-3',
    clinic: 'Åkerblads Hudvård',
    author: 'greta',
    rating: 4,
    text: 'Kemisk peeling med en ordentlig genomgång först och uppföljning per telefon dagen efter. Lite dyrare än andra ställen, men man förstår varför.',
    visitDaysAgo: 60,
    writtenDaysAgo: 58,
  },
  {
    key: 'akerblads-4',
    clinic: 'Åkerblads Hudvård',
    author: 'elsa',
    rating: 5,
    text: 'Jag har känslig hy och har reagerat på behandlingar tidigare. Här gjorde de ett lapptest en vecka innan och valde milda produkter. Inga problem alls efteråt!',
    visitDaysAgo: 30,
    writtenDaysAgo: 27,
  },
  // Öresunds Estetiska Klinik: 3 published, 3.7; one by a deleted account, one reported by the clinic (open).
  {
    key: 'oresunds-1',
    clinic: 'Öresunds Estetiska Klinik',
    author: null,
    rating: 5,
    text: 'Jag fick behandling med botulinumtoxin av en legitimerad sjuksköterska, och läkaren var med vid konsultationen. Jag fick veta vilket preparat som användes och när jag skulle höra av mig. Resultatet blev naturligt.',
    visitDaysAgo: 170,
    writtenDaysAgo: 165,
  },
  {
    key: 'oresunds-reported',
    clinic: 'Öresunds Estetiska Klinik',
    author: 'nils',
    rating: 2,
    text: 'Fillerbehandlingen i läpparna blev ojämn och jag fick vänta 40 minuter utöver bokad tid. Jag hade önskat mer tid för frågor innan behandlingen började.',
    visitDaysAgo: 40,
    writtenDaysAgo: 36,
    reply: {
      text: 'Vi beklagar väntetiden. Som vi sa i telefon är du välkommen på en kostnadsfri kontroll och justering när det passar dig.',
      daysAgo: 35,
    },
    report: {
      reason:
        'Kunden erbjöds en kostnadsfri justering två veckor efter behandlingen, vilket omdömet inte nämner. Vi ber er granska om det ger en rättvisande bild.',
      daysAgo: 34,
    },
  },
  {
    key: 'oresunds-2',
    clinic: 'Öresunds Estetiska Klinik',
    author: 'vera',
    rating: 4,
    text: 'Konsultationen tog god tid, och läkaren avrådde från en behandling jag hade tänkt mig, vilket jag uppskattar i efterhand. Ansiktsbehandlingen jag fick i stället var skön och gav fin lyster.',
    visitDaysAgo: 20,
    writtenDaysAgo: 18,
  },
  // Hälsingborgs Hudklinik: 3 published, 4.7.
  {
    key: 'halsingborgs-1',
    clinic: 'Hälsingborgs Hudklinik',
    author: 'tage',
    rating: 5,
    text: 'Snabb och skonsam vaxning, och behandlaren tog sig tid att förklara hur jag skulle sköta huden efteråt för att undvika inåtväxande hårstrån.',
    visitDaysAgo: 90,
    writtenDaysAgo: 88,
  },
  {
    key: 'halsingborgs-2',
    clinic: 'Hälsingborgs Hudklinik',
    author: 'elsa',
    rating: 5,
    text: 'Fransar och bryn färgades och formades precis som jag önskat. De gjorde ett allergitest två dagar före, vilket jag aldrig varit med om på andra ställen.',
    visitDaysAgo: 55,
    writtenDaysAgo: 52,
  },
  {
    key: 'halsingborgs-3',
    clinic: 'Hälsingborgs Hudklinik',
    author: 'greta',
    rating: 4,
    text: 'Skön ansiktsbehandling i en lugn miljö. Jag hade gärna fått lite mer konkreta tips om produkter för hemmabruk, men helheten var mycket bra.',
    visitDaysAgo: 10,
    writtenDaysAgo: 8,
  },
  // Too few for a rating: Lunds Hudvårdsateljé 2, Björkens Hudklinik 1.
  {
    key: 'lunds-1',
    clinic: 'Lunds Hudvårdsateljé',
    author: 'olle',
    rating: 5,
    text: 'Jag fick hjälp med min akne av en terapeut som verkligen kunde sitt område. Hon gjorde upp en plan med peelingar var tredje vecka och följde upp resultatet med bilder.',
    visitDaysAgo: 35,
    writtenDaysAgo: 33,
    reply: { text: 'Tack för förtroendet! Vi ses på nästa behandling.', daysAgo: 31 },
  },
  {
    key: 'lunds-2',
    clinic: 'Lunds Hudvårdsateljé',
    author: 'vera',
    rating: 4,
    text: 'Trevlig och kunnig personal, och lätt att boka per telefon. Det var lite kallt i behandlingsrummet, men jag fick en filt när jag nämnde det.',
    visitDaysAgo: 8,
    writtenDaysAgo: 6,
  },
  {
    key: 'bjorkens-1',
    clinic: 'Björkens Hudklinik',
    author: 'nils',
    rating: 5,
    text: 'Microneedling mot ärr efter akne. Behandlaren var tydlig med att det krävs flera behandlingar och vad som är rimligt att vänta sig. Mycket noggrann med hygienen.',
    visitDaysAgo: 60,
    writtenDaysAgo: 57,
  },
];

/** The demo customer's invitation, opened but not used yet: their dashboard shows it beside their review. */
const OPEN_INVITATION = { clinic: 'Linnéa Skinclinic', visitDaysAgo: 5, sentDaysAgo: 4 } as const;
const INVITATION_VALID_DAYS = 30;

export interface DemoReviewRefs {
  /** The id of the demo clinic of this name. */
  clinicId: (name: string) => string;
  customer: { id: string; email: string };
  /** The demo's stable ids (stableUuid of seed.ts), so seeding again finds the same rows. */
  stableUuid: (text: string) => string;
}

/** The demo's reviews, their invitations and reports, and their made-up authors. Idempotent: rows that exist are left as they are. */
export async function seedDemoReviews(db: Database, refs: DemoReviewRefs, now = new Date()): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const id = (kind: string, key: string) => refs.stableUuid(`demo-review/${kind}/${key}`);
  const reviewers = Object.entries(DEMO_REVIEWERS).map(([key, fullName]) => {
    const email = reviewerEmail(key as Reviewer);
    return { fullName, email, id: refs.stableUuid(email) };
  });
  const author = (review: DemoReview): { id: string | null; email: string } => {
    if (review.author === null) return { id: null, email: DELETED_REVIEWER_EMAIL };
    if (review.author === 'demo customer') return refs.customer;
    const email = reviewerEmail(review.author);
    return { id: refs.stableUuid(email), email };
  };

  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(reviewers.map(({ id: userId, email }) => ({ id: userId, email })))
      .onConflictDoNothing();
    await tx
      .insert(profiles)
      .values(
        reviewers.map(({ id: userId, email, fullName }) => ({
          id: userId,
          email,
          role: 'customer' as const,
          fullName,
          isCertified: false,
          isPublic: false,
          applicationStatus: 'Väntar' as const,
        })),
      )
      .onConflictDoNothing();

    // Each review's invitation, used when it was written; and the demo customer's open one.
    await tx
      .insert(reviewInvitations)
      .values([
        ...DEMO_REVIEWS.map((review) => {
          const sentAt = ago(review.visitDaysAgo - 1);
          return {
            id: id('invitation', review.key),
            clinicId: refs.clinicId(review.clinic),
            email: author(review).email,
            visitDate: dateInSweden(ago(review.visitDaysAgo)),
            // The hash of a token nobody has: the link was mailed and has been used.
            tokenHash: sha256(newOpaqueToken()),
            createdAt: sentAt,
            expiresAt: new Date(sentAt.getTime() + INVITATION_VALID_DAYS * DAY),
            claimedBy: author(review).id,
            usedAt: ago(review.writtenDaysAgo),
          };
        }),
        {
          id: id('invitation', 'demo-customer-open'),
          clinicId: refs.clinicId(OPEN_INVITATION.clinic),
          email: refs.customer.email,
          visitDate: dateInSweden(ago(OPEN_INVITATION.visitDaysAgo)),
          tokenHash: sha256(newOpaqueToken()),
          createdAt: ago(OPEN_INVITATION.sentDaysAgo),
          expiresAt: ago(OPEN_INVITATION.sentDaysAgo - INVITATION_VALID_DAYS),
          claimedBy: refs.customer.id,
        },
      ])
      .onConflictDoNothing();

    const written = await tx
      .insert(clinicReviews)
      .values(
        DEMO_REVIEWS.map((review) => ({
          id: id('review', review.key),
          invitationId: id('invitation', review.key),
          clinicId: refs.clinicId(review.clinic),
          authorId: author(review).id,
          rating: review.rating,
          text: review.text,
          visitDate: dateInSweden(ago(review.visitDaysAgo)),
          createdAt: ago(review.writtenDaysAgo),
          ...(review.reply
            ? {
                replyText: review.reply.text,
                replyCreatedAt: ago(review.reply.daysAgo),
                replyUpdatedAt: ago(review.reply.daysAgo),
              }
            : {}),
          // The demo has no admin account to have decided: hidden_by (and the report's resolved_by) stay empty.
          ...(review.hidden ? { hiddenAt: ago(review.hidden.daysAgo), hiddenReason: review.hidden.reason } : {}),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: clinicReviews.id });
    await tx
      .insert(clinicReviewReports)
      .values(
        DEMO_REVIEWS.flatMap(({ key, clinic, report, hidden }) =>
          report
            ? [
                {
                  id: id('report', key),
                  reviewId: id('review', key),
                  reporterId: refs.clinicId(clinic),
                  reason: report.reason,
                  createdAt: ago(report.daysAgo),
                  ...(hidden ? { resolvedAt: ago(hidden.daysAgo), resolution: 'hidden' as const } : {}),
                },
              ]
            : [],
        ),
      )
      .onConflictDoNothing();
    // The admin's decision is in the audit log, as the moderation writes it; only with the review it hid.
    const writtenIds = new Set(written.map((row) => row.id));
    const decided = DEMO_REVIEWS.flatMap(({ key, clinic, report, hidden }) =>
      hidden && writtenIds.has(id('review', key))
        ? [
            {
              actorId: null,
              action: 'review.hidden',
              targetId: id('review', key),
              details: {
                clinicId: refs.clinicId(clinic),
                resolvedReports: report ? 1 : 0,
                before: { status: 'published', reason: null },
                after: { status: 'hidden', reason: hidden.reason },
              },
              createdAt: ago(hidden.daysAgo),
            },
          ]
        : [],
    );
    if (decided.length > 0) await tx.insert(auditLog).values(decided);
  });
}
