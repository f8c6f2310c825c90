import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LatestMessages } from '../../../contracts/admin.ts';
import type { Language, Role } from '../../../contracts/constants.ts';
import type { Party } from '../../../contracts/messages.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { conversations, messages, profiles } from '../../db/schema/index.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { type MessageDelivery, sendMessage } from '../messages/commands.ts';
import { shownName } from '../privacy/deleted-accounts.ts';

/** The clinics table's message (POST /api/admin/messages): into the team's conversation with the clinic or customer. */
export async function storeAdminMessage(
  db: Database,
  delivery: MessageDelivery,
  adminId: string,
  recipientId: string,
  content: string,
) {
  try {
    const { message } = await sendMessage(
      db,
      delivery,
      { id: adminId, role: 'admin' },
      { to: { kind: 'user', id: recipientId }, content },
    );
    return { id: message.id, recipientId, content: message.content, createdAt: message.createdAt };
  } catch (error) {
    if (error instanceof ApiFailure) return undefined;
    throw error;
  }
}

interface LatestRow extends Record<string, unknown> {
  id: string;
  content: string;
  read_at: Date | string | null;
  created_at: Date | string;
  from_side_a: boolean;
  sender_id: string | null;
  sender_name: string | null;
  sender_role: Role | null;
  user_id: string | null;
  a_name: string | null;
  a_role: Role | null;
  counterpart_id: string | null;
  b_name: string | null;
  b_role: Role | null;
  guest_email: string | null;
  guest_name: string | null;
  guest_unconfirmed: boolean;
}

const person = (id: string | null, fullName: string | null, role: Role | null): Party | undefined =>
  id && role ? { kind: 'user', id, fullName: fullName ?? '', role } : undefined;

/** The profiles of the sender and the two sides as the query names them. */
const s = alias(profiles, 's');
const a = alias(profiles, 'a');
const b = alias(profiles, 'b');

/** The latest messages of the whole site, newest first, with who wrote to whom (the admin overview); a deleted account named in `language`. */
export async function latestMessages(db: Database, limit: number, language: Language): Promise<LatestMessages> {
  const rows = await queryRows<LatestRow>(
    db,
    sql`SELECT m.id, m.content, m.read_at, m.created_at, m.from_side_a,
               s.id AS sender_id, ${shownName(s, language)} AS sender_name, s.role AS sender_role,
               c.user_id, ${shownName(a, language)} AS a_name, a.role AS a_role,
               c.counterpart_id, ${shownName(b, language)} AS b_name, b.role AS b_role, c.guest_email, c.guest_name, c.guest_unconfirmed
        FROM ${messages} m
        JOIN ${conversations} c ON c.id = m.conversation_id
        LEFT JOIN ${profiles} s ON s.id = m.sender_id
        LEFT JOIN ${profiles} a ON a.id = c.user_id
        LEFT JOIN ${profiles} b ON b.id = c.counterpart_id
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${limit}`,
  );
  const guest = (row: LatestRow): Party => ({
    kind: 'guest',
    email: row.guest_email ?? '',
    name: row.guest_name ?? '',
    unconfirmed: row.guest_unconfirmed,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      content: row.content,
      isRead: row.read_at !== null,
      createdAt: new Date(row.created_at).toISOString(),
      sender: person(row.sender_id, row.sender_name, row.sender_role) ?? guest(row),
      // The other side: side B (a person or the team) for a message of side A, and the other way round.
      recipient: row.from_side_a
        ? (person(row.counterpart_id, row.b_name, row.b_role) ?? { kind: 'team' })
        : (person(row.user_id, row.a_name, row.a_role) ?? guest(row)),
    })),
  };
}
