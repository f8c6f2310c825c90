import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ContactMessage } from '../../../contracts/contact.ts';
import type { Database } from '../../db/client.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { conversations, guestThreadTokens, messages } from '../../db/schema/index.ts';
import { sha256 } from '../auth/tokens.ts';
import { type MessageDelivery, sendOrRefuse } from './commands.ts';
import { contactCopyEmail } from './emails.ts';

/** A guest's link to continue a conversation works this long after the email that carried it. */
export const GUEST_THREAD_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The conversation a link from the team's email continues: it must be a guest's, the link not older
 * than GUEST_THREAD_LINK_TTL_MS, and the form's address the guest's (400 with a reason otherwise).
 */
async function conversationOfLink(
  tx: Transaction,
  token: string,
  guestEmail: string,
  now: Date,
): Promise<{ id: string; unconfirmed: boolean }> {
  const validSince = new Date(now.getTime() - GUEST_THREAD_LINK_TTL_MS);
  const [found] = await tx
    .select({ id: conversations.id, guestEmail: conversations.guestEmail, unconfirmed: conversations.guestUnconfirmed })
    .from(guestThreadTokens)
    .innerJoin(conversations, eq(conversations.id, guestThreadTokens.conversationId))
    .where(
      and(
        eq(guestThreadTokens.tokenHash, sha256(token)),
        gt(guestThreadTokens.createdAt, validSince),
        isNull(conversations.userId),
      ),
    );
  if (!found) throw new ApiFailure(400, 'thread_link_invalid', 'contactThreadLinkInvalid');
  // The address of the form is the field to fix when it is not the one the link was sent to.
  if (found.guestEmail !== guestEmail)
    throw new ApiFailure(400, 'thread_email_mismatch', 'contactThreadEmailMismatch', [
      { path: ['email'], message: 'contactThreadEmailMismatch' },
    ]);
  return { id: found.id, unconfirmed: found.unconfirmed };
}

/**
 * A new conversation for a message without a link: the address's own when it has none yet; otherwise
 * one of its own, marked unconfirmed, since anyone can type someone else's address (issue 27).
 */
async function newConversation(
  tx: Transaction,
  guestEmail: string,
  guestName: string,
  now: Date,
): Promise<{ id: string; unconfirmed: boolean }> {
  const values = { userId: null, counterpartId: null, guestEmail, guestName, lastMessageAt: now, createdAt: now };
  const [own] = await tx
    .insert(conversations)
    .values(values)
    .onConflictDoNothing({
      target: conversations.guestEmail,
      where: sql`${conversations.userId} IS NULL AND NOT ${conversations.guestUnconfirmed}`,
    })
    .returning({ id: conversations.id });
  if (own) return { id: own.id, unconfirmed: false };
  const [claimed] = await tx
    .insert(conversations)
    .values({ ...values, guestUnconfirmed: true })
    .returning({ id: conversations.id });
  if (!claimed) throw new Error('The contact conversation was not stored');
  return { id: claimed.id, unconfirmed: true };
}

/**
 * The contact form (issue 11): the message lands in the team's inbox and a copy goes to the team's
 * email address. Both happen or neither: the copy is sent inside the transaction. Which conversation
 * (issue 27): the one of the link from the team's email (`threadToken`), or a new one; a message never
 * joins or renames a guest's conversation only because it names the guest's address.
 */
export async function receiveContactMessage(
  db: Database,
  { bus, mailer }: MessageDelivery,
  teamEmail: string,
  form: ContactMessage,
  now = new Date(),
): Promise<{ conversationId: string; unconfirmed: boolean }> {
  const guestEmail = form.email.toLowerCase();
  return db.transaction(async (tx) => {
    const conversation = form.threadToken
      ? await conversationOfLink(tx, form.threadToken, guestEmail, now)
      : await newConversation(tx, guestEmail, form.name, now);
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversation.id));
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        senderId: null,
        fromSideA: true,
        content: `${form.subject}\n\n${form.message}`,
        createdAt: now,
      })
      .returning({ id: messages.id });
    if (!message) throw new Error('The contact message was not stored');
    await bus.publish(tx, { conversationId: conversation.id, messageId: message.id });
    const { threadToken: _token, ...copy } = form;
    await sendOrRefuse(
      mailer,
      contactCopyEmail({ to: teamEmail, ...copy, email: guestEmail, unconfirmed: conversation.unconfirmed }),
    );
    return { conversationId: conversation.id, unconfirmed: conversation.unconfirmed };
  });
}
