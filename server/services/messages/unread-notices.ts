import { CERTIFICATION_BODY } from '../../../contracts/constants.ts';
import { sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/constants.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { conversations, messageEmailNotices, messages, profiles } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dateInSweden } from '../certificates.ts';
import { unreadNoticeEmail } from './emails.ts';

/** A message left unread this long is told by email (issue 11). */
export const UNREAD_NOTICE_AFTER_MS = 15 * 60 * 1000;
/** Older unread messages are not told about any more: the person has seen the emails of those days. */
const NOTICE_WINDOW_MS = 24 * 60 * 60 * 1000;

const INBOXES: Record<Role, string> = {
  admin: '/admin/messages',
  clinic: '/clinic-dashboard/messages',
  customer: '/dashboard/messages',
};

interface Candidate extends Record<string, unknown> {
  conversation_id: string;
  to_side_a: boolean;
  user_id: string | null;
  counterpart_id: string | null;
  a_name: string | null;
  b_name: string | null;
  guest_name: string | null;
}

interface Recipient extends Record<string, unknown> {
  email: string;
  full_name: string;
  role: Role;
}

/** Who is told: side A's person; side B's person, or every admin for the team. */
async function recipientsOf(db: Database, candidate: Candidate): Promise<Recipient[]> {
  const personId = candidate.to_side_a ? candidate.user_id : candidate.counterpart_id;
  const who = personId ? sql`id = ${personId}` : sql`role = 'admin'`;
  // A deleted account's address receives no mail (services/privacy/deleted-accounts.ts).
  return queryRows<Recipient>(
    db,
    sql`SELECT email, full_name, role FROM ${profiles} WHERE ${who} AND deleted_at IS NULL`,
  );
}

/** The name of the side that wrote. */
function senderOf(candidate: Candidate): string {
  if (candidate.to_side_a) return candidate.b_name ?? CERTIFICATION_BODY;
  return candidate.a_name ?? candidate.guest_name ?? '';
}

/**
 * Emails everyone who left a message unread for 15 minutes, at most once per conversation, side and
 * Swedish day. As with the certificate reminders, the notice row is written in the transaction that
 * sends, so a failed send is tried again on the next run and a second process skips what the first
 * took. A guest is not told here: the team's answers reach a guest by email when they are written.
 */
export async function sendUnreadNotices(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  now = new Date(),
): Promise<{ conversationId: string; toSideA: boolean }[]> {
  const today = dateInSweden(now);
  const candidates = await queryRows<Candidate>(
    db,
    sql`SELECT DISTINCT m.conversation_id, NOT m.from_side_a AS to_side_a, c.user_id, c.counterpart_id,
               a.full_name AS a_name, b.full_name AS b_name, c.guest_name
        FROM ${messages} m
        JOIN ${conversations} c ON c.id = m.conversation_id
        LEFT JOIN ${profiles} a ON a.id = c.user_id
        LEFT JOIN ${profiles} b ON b.id = c.counterpart_id
        WHERE m.read_at IS NULL
          AND m.created_at <= ${new Date(now.getTime() - UNREAD_NOTICE_AFTER_MS)}
          AND m.created_at > ${new Date(now.getTime() - NOTICE_WINDOW_MS)}
          AND NOT (m.from_side_a = false AND c.user_id IS NULL)
          -- The certification body's own notices have their email already (certificate-followers.ts: at most one a day).
          AND NOT (m.from_side_a = false AND m.sender_id IS NULL)
          AND NOT EXISTS (SELECT 1 FROM ${messageEmailNotices} n
                          WHERE n.conversation_id = m.conversation_id AND n.to_side_a = NOT m.from_side_a AND n.day = ${today}::date)`,
  );
  const told: { conversationId: string; toSideA: boolean }[] = [];
  for (const candidate of candidates) {
    const recipients = await recipientsOf(db, candidate);
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(messageEmailNotices)
        .values({ conversationId: candidate.conversation_id, toSideA: candidate.to_side_a, day: today, sentAt: now })
        .onConflictDoNothing()
        .returning({ conversationId: messageEmailNotices.conversationId });
      if (!claimed) return false;
      for (const recipient of recipients) {
        const inboxUrl = new URL(`${INBOXES[recipient.role]}?c=${candidate.conversation_id}`, siteUrl).href;
        await mailer.send(
          unreadNoticeEmail({
            to: recipient.email,
            fullName: recipient.full_name,
            from: senderOf(candidate),
            inboxUrl,
          }),
        );
      }
      return true;
    });
    if (sent) told.push({ conversationId: candidate.conversation_id, toSideA: candidate.to_side_a });
  }
  return told;
}
