import { sql } from 'drizzle-orm';
import type { ContactMessage } from '../../../contracts/contact.ts';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { type MessageDelivery, sendOrRefuse } from './conversations.ts';
import { contactCopyEmail } from './emails.ts';

/**
 * The contact form (issue 11): the message lands in the team's inbox, in the conversation of the
 * sender's address (one per address, guest side A), and a copy goes to the team's email address.
 * Both happen or neither: the copy is sent inside the transaction.
 */
export async function receiveContactMessage(db: Database, { bus, mailer }: MessageDelivery, teamEmail: string, form: ContactMessage, now = new Date()): Promise<{ conversationId: string }> {
  const guestEmail = form.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ userId: null, counterpartId: null, guestEmail, guestName: form.name, lastMessageAt: now, createdAt: now })
      .onConflictDoUpdate({ target: conversations.guestEmail, targetWhere: sql`${conversations.userId} IS NULL`, set: { guestName: form.name, lastMessageAt: now } })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('The contact conversation was not stored');
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: conversation.id, senderId: null, fromSideA: true, content: `${form.subject}\n\n${form.message}`, createdAt: now })
      .returning({ id: messages.id });
    if (!message) throw new Error('The contact message was not stored');
    await bus.publish(tx, { conversationId: conversation.id, messageId: message.id });
    await sendOrRefuse(mailer, contactCopyEmail({ to: teamEmail, ...form, email: guestEmail }));
    return { conversationId: conversation.id };
  });
}
