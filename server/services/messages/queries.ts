import { CERTIFICATION_BODY } from '../../../contracts/constants.ts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language, Role } from '../../../contracts/constants.ts';
import type { TimeCursor } from '../../../contracts/cursors.ts';
import {
  CONVERSATION_PAGE_SIZE,
  type ConversationList,
  type ConversationSummary,
  type Message,
  type Party,
  THREAD_PAGE_SIZE,
  type ThreadPage,
} from '../../../contracts/messages.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { afterCursor, type Keyset, keysetOrder, keysetPage } from '../../db/keyset.ts';
import { conversations, messages, profiles } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-failure.ts';
import { shownName } from '../privacy/deleted-accounts.ts';
import { type ConversationRow, inboxOf, type Reader, readerIsSideA, unreadForReader } from './policy.ts';

// What a reader sees of conversations: the inbox, a thread's pages, unread counts. Who sees what is
// policy.ts's; what changes them is commands.ts's.

/** The columns of conversations as the raw queries name them (`FROM conversations c`). */
const c = alias(conversations, 'c');
/** The profiles of the two sides as the raw queries name them (`LEFT JOIN profiles a`, `b`). */
const a = alias(profiles, 'a');
const b = alias(profiles, 'b');

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

function summaryQuery(reader: Reader, where: SQL, language: Language, page = 1): SQL {
  return sql`
    SELECT c.id, c.user_id, c.counterpart_id, c.guest_email, c.guest_name, c.guest_unconfirmed,
           ${shownName(a, language)} AS a_name, a.role AS a_role, ${shownName(b, language)} AS b_name, b.role AS b_role,
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

/**
 * Unread messages in all the reader's conversations, as a query of one number: the menu's badge, the
 * inbox and the admin's overview all count with it (issue 28), so they cannot disagree.
 */
export const unreadTotalQuery = (reader: Reader): SQL =>
  sql`SELECT count(*)::int FROM ${messages} m JOIN ${conversations} c ON c.id = m.conversation_id WHERE ${inboxOf(reader, c)} AND ${unreadForReader(reader)}`;

/** Unread messages in all the reader's conversations. */
export async function unreadTotal(db: Database, reader: Reader): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(db, sql`SELECT (${unreadTotalQuery(reader)}) AS unread`);
  return row?.unread ?? 0;
}

/** GET /api/messages/conversations: the reader's inbox, newest conversation first; a deleted account's name in `language`. */
export async function listConversations(
  db: Database,
  reader: Reader,
  page: number,
  language: Language,
): Promise<ConversationList> {
  const rows = await queryRows<SummaryRow>(db, summaryQuery(reader, inboxOf(reader, c) ?? sql`true`, language, page));
  return {
    items: rows.map((row) => toSummary(reader, row)),
    total: rows[0]?.total ?? 0,
    page,
    pageSize: CONVERSATION_PAGE_SIZE,
    unreadTotal: await unreadTotal(db, reader),
  };
}

/** The conversation if the reader is one of its sides; a stranger cannot tell it from one that does not exist. */
export async function conversationFor(
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

async function summaryOf(
  db: Database,
  reader: Reader,
  conversationId: string,
  language: Language,
): Promise<ConversationSummary> {
  const [row] = await queryRows<SummaryRow>(db, summaryQuery(reader, sql`c.id = ${conversationId}`, language));
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
    senderName: row.senderName ?? (row.fromSideA ? (conversation.guestName ?? '') : CERTIFICATION_BODY),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * A message's columns, its writer's profile joined as `profiles`. A deleted admin wrote for the team:
 * its messages read as the team's (null: CERTIFICATION_BODY in toMessage); anyone else deleted is named
 * in `language` (services/privacy/deleted-accounts.ts).
 */
export const messageColumns = (language: Language) => ({
  id: messages.id,
  conversationId: messages.conversationId,
  fromSideA: messages.fromSideA,
  content: messages.content,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
  senderName: sql<
    string | null
  >`CASE WHEN ${profiles.role} = 'admin' AND ${profiles.deletedAt} IS NOT NULL THEN NULL ELSE ${shownName(profiles, language)} END`,
});

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
  cursor: TimeCursor | undefined,
  language: Language,
): Promise<ThreadPage> {
  const conversation = await conversationFor(db, reader, conversationId);
  const rows = await db
    .select(messageColumns(language))
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), afterCursor(messageOrder('desc'), cursor)))
    .orderBy(keysetOrder(messageOrder('desc')))
    .limit(THREAD_PAGE_SIZE + 1);
  const page = keysetPage(rows, THREAD_PAGE_SIZE, messageCursor);
  return {
    conversation: await summaryOf(db, reader, conversationId, language),
    items: page.rows.map((row) => toMessage(reader, conversation, row)),
    nextCursor: page.nextCursor,
  };
}
