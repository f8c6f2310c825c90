import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../../contracts/constants.ts';
import type { NewMessage } from '../../../contracts/messages.ts';
import type { Database } from '../../db/client.ts';
import { conversations, profiles } from '../../db/schema/index.ts';
import { ApiFailure, notFound } from '../../lib/api-failure.ts';
import { isListed } from '../listed.ts';

// Conversations between two sides (server/db/schema/engagement.ts): side A a person or a guest, side B
// a person or the team. An admin reads every conversation with the team; a person reads those it is on
// either side of. Who may start one with whom (issue 11): an admin with any customer or clinic; a
// customer with a clinic in the register (listed.ts) and with the team; a clinic with the team, and it answers
// the customers who wrote to it.

/** The signed-in person reading or writing. */
export interface Reader {
  id: string;
  role: Role;
}

export type ConversationRow = typeof conversations.$inferSelect;

/** Whose conversations a reader's inbox holds: the team's (null) for an admin, its own for anyone else. */
const inboxOwner = (reader: Reader): string | null => (reader.role === 'admin' ? null : reader.id);

/** Conversations as a query names them: the table itself, or an alias of it (`c` in the raw queries). */
interface ConversationColumns {
  userId: AnyPgColumn;
  counterpartId: AnyPgColumn;
}

/**
 * The conversations a reader may open, as SQL: the team's (no counterpart) for an admin, those the
 * reader is on either side of for anyone else.
 */
export function inboxOf(reader: Reader, table: ConversationColumns = conversations): SQL | undefined {
  const owner = inboxOwner(reader);
  return owner === null ? isNull(table.counterpartId) : or(eq(table.userId, owner), eq(table.counterpartId, owner));
}

export type ConversationSides = Pick<ConversationRow, 'id' | 'userId' | 'counterpartId' | 'guestName'>;

/** `inboxOf` for a conversation already read (the live streams' fan-out): whether the reader's inbox holds it. */
export function readsConversation(reader: Reader, sides: ConversationSides): boolean {
  const owner = inboxOwner(reader);
  return owner === null ? sides.counterpartId === null : sides.userId === owner || sides.counterpartId === owner;
}

/** Whether a message was written by the reader's side: side A when the reader is `user_id`. */
export const readerIsSideA = (reader: Reader, conversation: Pick<ConversationRow, 'userId'>) =>
  reader.role !== 'admin' && conversation.userId === reader.id;

/** Unread for the reader: not opened, and written by the other side (SQL, for a conversation `c`). */
export const unreadForReader = (reader: Reader) =>
  // An admin reads as the team, always side B (a guest's conversation has no user_id at all).
  reader.role === 'admin'
    ? sql`m.read_at IS NULL AND m.from_side_a`
    : sql`m.read_at IS NULL AND m.from_side_a = (c.user_id IS DISTINCT FROM ${reader.id}::uuid)`;

/** The writer may not start a conversation with that recipient (who may write to whom: issue 11, above). */
const recipientNotAllowed = () => new ApiFailure(403, 'recipient_not_allowed', 'recipientNotAllowed');

/** The two sides of a new conversation from `reader` to `to`, or why it may not be started. */
export async function sidesFor(
  db: Pick<Database, 'select'>,
  reader: Reader,
  to: NewMessage['to'],
  today: string,
): Promise<{ userId: string; counterpartId: string | null }> {
  if (to.kind === 'team') {
    if (reader.role === 'admin') throw recipientNotAllowed();
    return { userId: reader.id, counterpartId: null };
  }
  const [recipient] = await db
    .select({ id: profiles.id, role: profiles.role, isListed: isListed(profiles.id, today) })
    .from(profiles)
    .where(eq(profiles.id, to.id));
  if (!recipient || recipient.id === reader.id) throw notFound();
  if (reader.role === 'admin') {
    if (recipient.role === 'admin') throw recipientNotAllowed();
    return { userId: recipient.id, counterpartId: null };
  }
  if (reader.role === 'customer' && recipient.role === 'clinic' && recipient.isListed)
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
