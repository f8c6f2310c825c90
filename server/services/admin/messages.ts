import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages, profiles } from '../../db/schema/index.ts';

/** Stores an admin's message to a clinic or customer; undefined when there is no such recipient. */
export async function storeAdminMessage(db: Database, adminId: string, recipientId: string, content: string) {
  const [recipient] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, recipientId));
  if (!recipient || recipientId === adminId) return undefined;
  const [row] = await db.insert(messages).values({ senderId: adminId, recipientId, content }).returning();
  return row && { id: row.id, recipientId: row.recipientId, content: row.content, createdAt: row.createdAt.toISOString() };
}
