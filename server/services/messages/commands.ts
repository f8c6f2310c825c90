import { and, eq, isNull } from 'drizzle-orm';
import { CONTACT_PATH } from '../../../contracts/constants.ts';
import type { NewMessage, SentMessage } from '../../../contracts/messages.ts';
import type { Database } from '../../db/client.ts';
import { conversations, guestThreadTokens, messages, profiles } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import type { MessageKey } from '../../lib/messages.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import type { MessageBus } from '../../lib/message-bus/message-bus.ts';
import { newOpaqueToken, sha256 } from '../auth/tokens.ts';
import { dateInSweden } from '../../lib/swedish-date.ts';
import { isDeletedAccount } from '../privacy/deleted-accounts.ts';
import { guestReplyEmail } from './emails.ts';
import { type ConversationRow, type Reader, readerIsSideA, sidesFor } from './policy.ts';
import { conversationFor, type MessageRow, toMessage, unreadTotal } from './queries.ts';

// What changes conversations: writing, replying, reading. Each checks who may through policy.ts.

/** POST /api/messages/conversations/:id/read: the reader has opened it; its messages to the reader are read now. */
export async function markConversationRead(
  db: Database,
  reader: Reader,
  conversationId: string,
  now = new Date(),
): Promise<number> {
  const conversation = await conversationFor(db, reader, conversationId);
  await db
    .update(messages)
    .set({ readAt: now })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        isNull(messages.readAt),
        eq(messages.fromSideA, !readerIsSideA(reader, conversation)),
      ),
    );
  return unreadTotal(db, reader);
}

/**
 * Sends an email that a message (or a decision, `key` decisionMailFailed) depends on; a failure rolls
 * it back and tells the writer why.
 */
export async function sendOrRefuse(
  mailer: Mailer,
  message: MailMessage,
  key: MessageKey = 'mailFailed',
): Promise<void> {
  try {
    await mailer.send(message);
  } catch {
    throw new ApiFailure(503, 'mail_failed', key);
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a stored message goes besides the database: the live streams of every process, and email to a guest. */
export interface MessageDelivery {
  bus: Pick<MessageBus, 'publish'>;
  mailer: Mailer;
}

/** A reply may go to a guest by email, with a link back to the site: SITE_URL. */
export interface ReplyDelivery extends MessageDelivery {
  siteUrl: string;
}

/**
 * A new link for a guest to continue conversation `conversationId` from the contact page
 * (`${SITE_URL}/kontakta-oss?token=…`, issue 27): only the token's SHA-256 is stored, and each email
 * to the guest carries its own. Runs in the transaction that stores the message it goes out with.
 */
async function newGuestThreadLink(
  tx: Transaction,
  siteUrl: string,
  conversationId: string,
  now: Date,
): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(guestThreadTokens).values({ tokenHash: sha256(token), conversationId, createdAt: now });
  return `${siteUrl}${CONTACT_PATH}?${new URLSearchParams({ token }).toString()}`;
}

/** Who wrote a message: a person of either side, or nobody for the certification body's own notices. */
interface Author {
  senderId: string | null;
  fromSideA: boolean;
}

const authorOf = (reader: Reader, conversation: ConversationRow): Author => ({
  senderId: reader.id,
  fromSideA: readerIsSideA(reader, conversation),
});

/**
 * Stores a message in a conversation, moves it to the top of both inboxes and announces it: on
 * PostgreSQL the notice goes out with the commit, never for a message that was rolled back.
 */
async function append(
  tx: Transaction,
  bus: MessageDelivery['bus'],
  { senderId, fromSideA }: Author,
  conversation: ConversationRow,
  content: string,
  now: Date,
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({ conversationId: conversation.id, senderId, fromSideA, content, createdAt: now })
    .returning();
  await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversation.id));
  if (!row) throw new Error('The message was not stored');
  await bus.publish(tx, { conversationId: conversation.id, messageId: row.id });
  const [sender] = senderId
    ? await tx.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, senderId))
    : [];
  return { ...row, senderName: sender?.fullName ?? null };
}

/** The conversation between two sides, started when there is none. */
async function conversationBetween(
  tx: Transaction,
  sides: { userId: string; counterpartId: string | null },
  now: Date,
): Promise<ConversationRow> {
  const existing = () =>
    tx
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.userId, sides.userId),
          sides.counterpartId
            ? eq(conversations.counterpartId, sides.counterpartId)
            : isNull(conversations.counterpartId),
        ),
      );
  let [conversation] = await existing();
  if (!conversation) {
    // Two first messages at once: the unique indexes keep one conversation, and both land in it.
    await tx
      .insert(conversations)
      .values({ ...sides, lastMessageAt: now, createdAt: now })
      .onConflictDoNothing();
    [conversation] = await existing();
  }
  if (!conversation) throw new Error('The conversation was not stored');
  return conversation;
}

/**
 * A notice of the certification body itself, written by no admin (a change of a followed clinic's
 * certificate: services/certificate-followers.ts), in the person's conversation with the team, in the
 * caller's transaction. It reaches the person's live inbox with the commit.
 */
export async function postTeamNotice(
  tx: Transaction,
  bus: MessageDelivery['bus'],
  userId: string,
  content: string,
  now: Date,
): Promise<void> {
  const conversation = await conversationBetween(tx, { userId, counterpartId: null }, now);
  await append(tx, bus, { senderId: null, fromSideA: false }, conversation, content, now);
}

/**
 * A deleted account keeps its conversations for the other side to read (issue 26), but nobody would read
 * a new message in them: 409 recipient_deleted.
 */
async function refuseDeletedRecipient(
  db: Pick<Database, 'select'>,
  reader: Reader,
  sides: Pick<ConversationRow, 'userId' | 'counterpartId'>,
): Promise<void> {
  const recipient = readerIsSideA(reader, sides) ? sides.counterpartId : sides.userId;
  if (recipient && (await isDeletedAccount(db, recipient)))
    throw new ApiFailure(409, 'recipient_deleted', 'recipientDeleted');
}

/** POST /api/messages/conversations/:id/messages: a reply by either side. */
export async function reply(
  db: Database,
  delivery: ReplyDelivery,
  reader: Reader,
  conversationId: string,
  content: string,
  now = new Date(),
): Promise<SentMessage> {
  return db.transaction(async (tx) => {
    const conversation = await conversationFor(tx, reader, conversationId);
    await refuseDeletedRecipient(tx, reader, conversation);
    const row = await append(tx, delivery.bus, authorOf(reader, conversation), conversation, content, now);
    // A guest has no inbox: the team's answer goes by email, and is stored only if it went. Its link
    // is how the guest writes into this conversation again (server/services/messages/contact.ts).
    if (conversation.userId === null && conversation.guestEmail) {
      const link = await newGuestThreadLink(tx, delivery.siteUrl, conversation.id, now);
      await sendOrRefuse(
        delivery.mailer,
        guestReplyEmail({ to: conversation.guestEmail, guestName: conversation.guestName ?? '', content, link }),
      );
    }
    return { conversationId, message: toMessage(reader, conversation, row) };
  });
}

/** POST /api/messages: writes to a person or the team, in the conversation there is or a new one. */
export async function sendMessage(
  db: Database,
  { bus }: MessageDelivery,
  reader: Reader,
  { to, content }: NewMessage,
  now = new Date(),
): Promise<SentMessage> {
  const sides = await sidesFor(db, reader, to, dateInSweden(now));
  await refuseDeletedRecipient(db, reader, sides);
  return db.transaction(async (tx) => {
    const conversation = await conversationBetween(tx, sides, now);
    const row = await append(tx, bus, authorOf(reader, conversation), conversation, content, now);
    return { conversationId: conversation.id, message: toMessage(reader, conversation, row) };
  });
}
