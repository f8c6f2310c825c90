import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../contracts/constants.ts';
import type { TimeCursor } from '../../../contracts/cursors.ts';
import {
  CONVERSATION_PAGE_SIZE,
  type ConversationList,
  type ConversationSummary,
  type Message,
  type NewMessage,
  type Party,
  type SentMessage,
  THREAD_PAGE_SIZE,
  type ThreadPage,
} from '../../../contracts/messages.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import { afterCursor, type Keyset, keysetOrder, keysetPage } from '../../db/keyset.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import type { MessageBus } from '../../lib/message-bus/message-bus.ts';
import { guestReplyEmail } from './emails.ts';
import { conversations, guestThreadTokens, messages, profiles } from '../../db/schema/index.ts';
import { newOpaqueToken, sha256 } from '../auth/tokens.ts';
import { CONTACT_PATH } from '../../../contracts/constants.ts';

// Conversations between two sides (server/db/schema/engagement.ts): side A a person or a guest, side B
// a person or the team. An admin reads every conversation with the team; a person reads those it is on
// either side of. Who may start one with whom (issue 11): an admin with any customer or clinic; a
// customer with a certified, public clinic and with the team; a clinic with the team, and it answers
// the customers who wrote to it.

/** The signed-in person reading or writing. */
export interface Reader {
  id: string;
  role: Role;
}

/** The writer may not start a conversation with that recipient (who may write to whom: issue 11, above). */
const recipientNotAllowed = () => new ApiFailure(403, 'recipient_not_allowed', 'recipientNotAllowed');

export type ConversationRow = typeof conversations.$inferSelect;

/** The conversations a reader may open: the team's for an admin, its own for anyone else. */
export function inboxOf(reader: Reader): SQL | undefined {
  return reader.role === 'admin'
    ? isNull(conversations.counterpartId)
    : or(eq(conversations.userId, reader.id), eq(conversations.counterpartId, reader.id));
}

/** The same inbox for the raw queries, where conversations are `c`. */
const inboxSql = (reader: Reader): SQL =>
  reader.role === 'admin'
    ? sql`c.counterpart_id IS NULL`
    : sql`(c.user_id = ${reader.id} OR c.counterpart_id = ${reader.id})`;

/** Whether a message was written by the reader's side: side A when the reader is `user_id`. */
const readerIsSideA = (reader: Reader, conversation: Pick<ConversationRow, 'userId'>) =>
  reader.role !== 'admin' && conversation.userId === reader.id;

/** Unread for the reader: not opened, and written by the other side (SQL, for a conversation `c`). */
const unreadForReader = (reader: Reader) =>
  // An admin reads as the team, always side B (a guest's conversation has no user_id at all).
  reader.role === 'admin'
    ? sql`m.read_at IS NULL AND m.from_side_a`
    : sql`m.read_at IS NULL AND m.from_side_a = (c.user_id IS DISTINCT FROM ${reader.id}::uuid)`;

interface SummaryRow extends Record<string, unknown> {
  id: string;
  user_id: string | null;
  counterpart_id: string | null;
  guest_email: string | null;
  guest_name: string | null;
  guest_unconfirmed: boolean;
  a_name: string | null;
  a_role: Role | null;
  b_name: string | null;
  b_role: Role | null;
  last_content: string;
  last_created_at: Date | string;
  last_from_side_a: boolean;
  unread: number;
  total: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function counterpartOf(reader: Reader, row: SummaryRow): Party {
  if (readerIsSideA(reader, { userId: row.user_id })) {
    return row.counterpart_id
      ? { kind: 'user', id: row.counterpart_id, fullName: row.b_name ?? '', role: row.b_role ?? 'clinic' }
      : { kind: 'team' };
  }
  return row.user_id
    ? { kind: 'user', id: row.user_id, fullName: row.a_name ?? '', role: row.a_role ?? 'customer' }
    : { kind: 'guest', email: row.guest_email ?? '', name: row.guest_name ?? '', unconfirmed: row.guest_unconfirmed };
}

function toSummary(reader: Reader, row: SummaryRow): ConversationSummary {
  const sideA = readerIsSideA(reader, { userId: row.user_id });
  return {
    id: row.id,
    counterpart: counterpartOf(reader, row),
    lastMessage: {
      content: row.last_content,
      createdAt: iso(row.last_created_at),
      fromMe: row.last_from_side_a === sideA,
    },
    unread: row.unread,
  };
}

function summaryQuery(reader: Reader, where: SQL, page = 1): SQL {
  return sql`
    SELECT c.id, c.user_id, c.counterpart_id, c.guest_email, c.guest_name, c.guest_unconfirmed,
           a.full_name AS a_name, a.role AS a_role, b.full_name AS b_name, b.role AS b_role,
           last.content AS last_content, last.created_at AS last_created_at, last.from_side_a AS last_from_side_a,
           (SELECT count(*)::int FROM ${messages} m WHERE m.conversation_id = c.id AND ${unreadForReader(reader)}) AS unread,
           count(*) OVER ()::int AS total
    FROM ${conversations} c
    LEFT JOIN ${profiles} a ON a.id = c.user_id
    LEFT JOIN ${profiles} b ON b.id = c.counterpart_id
    JOIN LATERAL (
      SELECT content, created_at, from_side_a FROM ${messages} WHERE conversation_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) last ON true
    WHERE ${where}
    ORDER BY c.last_message_at DESC, c.id DESC
    LIMIT ${CONVERSATION_PAGE_SIZE} OFFSET ${(page - 1) * CONVERSATION_PAGE_SIZE}`;
}

/** Unread messages in all the reader's conversations. */
export async function unreadTotal(db: Database, reader: Reader): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`SELECT count(*)::int AS unread FROM ${messages} m JOIN ${conversations} c ON c.id = m.conversation_id WHERE ${inboxSql(reader)} AND ${unreadForReader(reader)}`,
  );
  return row?.unread ?? 0;
}

/** GET /api/messages/conversations: the reader's inbox, newest conversation first. */
export async function listConversations(db: Database, reader: Reader, page: number): Promise<ConversationList> {
  const rows = await queryRows<SummaryRow>(db, summaryQuery(reader, inboxSql(reader), page));
  return {
    items: rows.map((row) => toSummary(reader, row)),
    total: rows[0]?.total ?? 0,
    page,
    pageSize: CONVERSATION_PAGE_SIZE,
    unreadTotal: await unreadTotal(db, reader),
  };
}

/** The conversation if the reader is one of its sides; a stranger cannot tell it from one that does not exist. */
async function conversationFor(
  db: Pick<Database, 'select'>,
  reader: Reader,
  conversationId: string,
): Promise<ConversationRow> {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), inboxOf(reader)));
  if (!conversation) throw notFound();
  return conversation;
}

async function summaryOf(db: Database, reader: Reader, conversationId: string): Promise<ConversationSummary> {
  const [row] = await queryRows<SummaryRow>(db, summaryQuery(reader, sql`c.id = ${conversationId}`));
  if (!row) throw notFound();
  return toSummary(reader, row);
}

export interface MessageRow {
  id: string;
  conversationId: string;
  fromSideA: boolean;
  content: string;
  createdAt: Date;
  readAt: Date | null;
  senderName: string | null;
}

export function toMessage(
  reader: Reader,
  conversation: Pick<ConversationRow, 'userId' | 'guestName'>,
  row: MessageRow,
): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    fromMe: row.fromSideA === readerIsSideA(reader, conversation),
    senderName: row.senderName ?? conversation.guestName ?? '',
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  fromSideA: messages.fromSideA,
  content: messages.content,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
  senderName: profiles.fullName,
};

/** Messages in time order: a thread's pages go back (desc), the live stream's catch-up forward (asc). */
export const messageOrder = (direction: Keyset['direction']): Keyset => ({
  sortKey: messages.createdAt,
  kind: 'time',
  id: messages.id,
  direction,
});

/**
 * A message's place in time order (contracts/cursors.ts): the thread's page cursor and the live
 * stream's event id. Messages are written with the app's clock, to the millisecond, as a Date holds it.
 */
export const messageCursor = (row: Pick<MessageRow, 'createdAt' | 'id'>): TimeCursor => [
  row.createdAt.toISOString(),
  row.id,
];

/** GET /api/messages/conversations/:id/messages: a page of the thread, newest first; `cursor` is the last page's end. */
export async function threadPage(
  db: Database,
  reader: Reader,
  conversationId: string,
  cursor?: TimeCursor,
): Promise<ThreadPage> {
  const conversation = await conversationFor(db, reader, conversationId);
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), afterCursor(messageOrder('desc'), cursor)))
    .orderBy(keysetOrder(messageOrder('desc')))
    .limit(THREAD_PAGE_SIZE + 1);
  const page = keysetPage(rows, THREAD_PAGE_SIZE, messageCursor);
  return {
    conversation: await summaryOf(db, reader, conversationId),
    items: page.rows.map((row) => toMessage(reader, conversation, row)),
    nextCursor: page.nextCursor,
  };
}

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

/** Sends an email that a message depends on; a failure rolls the message back and tells the writer why. */
export async function sendOrRefuse(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch {
    throw new ApiFailure(503, 'mail_failed', 'mailFailed');
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

/**
 * Stores a message in a conversation, moves it to the top of both inboxes and announces it: on
 * PostgreSQL the notice goes out with the commit, never for a message that was rolled back.
 */
async function append(
  tx: Transaction,
  bus: MessageDelivery['bus'],
  reader: Reader,
  conversation: ConversationRow,
  content: string,
  now: Date,
): Promise<MessageRow> {
  const fromSideA = readerIsSideA(reader, conversation);
  const [row] = await tx
    .insert(messages)
    .values({ conversationId: conversation.id, senderId: reader.id, fromSideA, content, createdAt: now })
    .returning();
  await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversation.id));
  if (!row) throw new Error('The message was not stored');
  await bus.publish(tx, { conversationId: conversation.id, messageId: row.id });
  const [sender] = await tx.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, reader.id));
  return { ...row, senderName: sender?.fullName ?? null };
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
    const row = await append(tx, delivery.bus, reader, conversation, content, now);
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

/** The two sides of a new conversation from `reader` to `to`, or why it may not be started. */
async function sidesFor(
  db: Pick<Database, 'select'>,
  reader: Reader,
  to: NewMessage['to'],
): Promise<{ userId: string; counterpartId: string | null }> {
  if (to.kind === 'team') {
    if (reader.role === 'admin') throw recipientNotAllowed();
    return { userId: reader.id, counterpartId: null };
  }
  const [recipient] = await db
    .select({ id: profiles.id, role: profiles.role, isCertified: profiles.isCertified, isPublic: profiles.isPublic })
    .from(profiles)
    .where(eq(profiles.id, to.id));
  if (!recipient || recipient.id === reader.id) throw notFound();
  if (reader.role === 'admin') {
    if (recipient.role === 'admin') throw recipientNotAllowed();
    return { userId: recipient.id, counterpartId: null };
  }
  if (reader.role === 'customer' && recipient.role === 'clinic' && recipient.isCertified && recipient.isPublic)
    return { userId: reader.id, counterpartId: recipient.id };
  // A clinic answers a customer who wrote to it: that conversation exists already.
  if (reader.role === 'clinic' && recipient.role === 'customer') {
    const [existing] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userId, recipient.id), eq(conversations.counterpartId, reader.id)));
    if (existing) return { userId: recipient.id, counterpartId: reader.id };
  }
  throw recipientNotAllowed();
}

/** POST /api/messages: writes to a person or the team, in the conversation there is or a new one. */
export async function sendMessage(
  db: Database,
  { bus }: MessageDelivery,
  reader: Reader,
  { to, content }: NewMessage,
  now = new Date(),
): Promise<SentMessage> {
  const sides = await sidesFor(db, reader, to);
  return db.transaction(async (tx) => {
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
    const row = await append(tx, bus, reader, conversation, content, now);
    return { conversationId: conversation.id, message: toMessage(reader, conversation, row) };
  });
}
