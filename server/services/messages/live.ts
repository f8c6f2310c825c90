import { and, eq, inArray } from 'drizzle-orm';
import { encodeCursor, type TimeCursor } from '../../../contracts/cursors.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/constants.ts';
import { STREAM_CATCH_UP_LIMIT, type StreamMessage } from '../../../contracts/messages.ts';
import type { Database } from '../../db/client.ts';
import { afterCursor, keysetOrder } from '../../db/keyset.ts';
import { authSessions, conversations, messages, profiles } from '../../db/schema/index.ts';
import { type ConversationSides, inboxOf, type Reader } from './policy.ts';
import { messageColumns, messageCursor, messageOrder, toMessage, unreadTotal } from './queries.ts';

// What the live stream (GET /api/messages/stream) sends: a committed message as each reader sees it,
// with its cursor as the SSE id, and what a reader missed after a given cursor.

/** A `message` event of the stream and its SSE id. */
export interface LiveMessage {
  /** The message's place in time order, and the same encoded: the SSE id. */
  position: TimeCursor;
  cursor: string;
  data: StreamMessage;
}

const placed = (row: { createdAt: Date; id: string }) => {
  const position = messageCursor(row);
  return { position, cursor: encodeCursor(position) };
};

export async function conversationSides(db: Database, conversationId: string): Promise<ConversationSides | undefined> {
  const [row] = await db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      counterpartId: conversations.counterpartId,
      guestName: conversations.guestName,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row;
}

/**
 * A committed message for each of the readers (all of whom read its conversation), or nothing when it
 * is not there (a publish whose transaction rolled back on PGlite). One query for the message, then
 * one unread count per distinct person.
 */
export async function liveMessageFor(
  db: Database,
  sides: ConversationSides,
  messageId: string,
  readers: Reader[],
): Promise<Map<Reader, LiveMessage>> {
  const deliveries = new Map<Reader, LiveMessage>();
  // A message just written has a writer with a session, never a deleted account: no name to translate.
  const [row] = await db
    .select(messageColumns(DEFAULT_LANGUAGE))
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, sides.id)));
  if (!row) return deliveries;
  const unreadByPerson = new Map<string, Promise<number>>();
  for (const reader of readers) {
    const key = reader.role === 'admin' ? 'team' : reader.id;
    const unread = unreadByPerson.get(key) ?? unreadTotal(db, reader);
    unreadByPerson.set(key, unread);
    deliveries.set(reader, {
      ...placed(row),
      data: { conversationId: sides.id, message: toMessage(reader, sides, row), unreadTotal: await unread },
    });
  }
  return deliveries;
}

/**
 * What arrived in the reader's inbox after `after` (the last event id the browser saw), oldest
 * first, at most STREAM_CATCH_UP_LIMIT: a browser that was away longer reloads its inbox anyway.
 */
export async function messagesSince(
  db: Database,
  reader: Reader,
  after: TimeCursor,
  language: Language,
): Promise<LiveMessage[]> {
  const rows = await db
    .select({ ...messageColumns(language), userId: conversations.userId, guestName: conversations.guestName })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(and(inboxOf(reader), afterCursor(messageOrder('asc'), after)))
    .orderBy(keysetOrder(messageOrder('asc')))
    .limit(STREAM_CATCH_UP_LIMIT);
  if (rows.length === 0) return [];
  const unread = await unreadTotal(db, reader);
  return rows.map((row) => ({
    ...placed(row),
    data: { conversationId: row.conversationId, message: toMessage(reader, row, row), unreadTotal: unread },
  }));
}

/** Which of the given sessions still exist (signing out or revocation deletes them). */
export async function liveSessions(db: Database, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(inArray(authSessions.id, [...new Set(sessionIds)]));
  return new Set(rows.map((row) => row.id));
}

/** Whether the session a stream was opened with still exists (signing out or revocation deletes it). */
export async function sessionIsLive(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.id, sessionId));
  return row !== undefined;
}
