import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LatestMessages } from '../../../contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { messages, profiles } from '../../db/schema/index.ts';

/** Stores an admin's message to a clinic or customer; undefined when there is no such recipient. */
export async function storeAdminMessage(db: Database, adminId: string, recipientId: string, content: string) {
  const [recipient] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, recipientId));
  if (!recipient || recipientId === adminId) return undefined;
  const [row] = await db.insert(messages).values({ senderId: adminId, recipientId, content }).returning();
  return row && { id: row.id, recipientId: row.recipientId, content: row.content, createdAt: row.createdAt.toISOString() };
}

/** The latest messages of the whole site, newest first, with who wrote to whom (the admin overview). */
export async function latestMessages(db: Database, limit: number): Promise<LatestMessages> {
  const sender = alias(profiles, 'sender');
  const recipient = alias(profiles, 'recipient');
  const rows = await db
    .select({
      id: messages.id,
      content: messages.content,
      isRead: messages.isRead,
      createdAt: messages.createdAt,
      sender: { id: sender.id, fullName: sender.fullName, role: sender.role },
      recipient: { id: recipient.id, fullName: recipient.fullName, role: recipient.role },
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
