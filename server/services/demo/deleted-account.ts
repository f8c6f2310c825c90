import type { Database } from '../../db/client.ts';
import { conversations, messages, profiles, users } from '../../db/schema/index.ts';
import { deletedAddress } from '../privacy/deleted-accounts.ts';
import { DEMO_ACCOUNTS, stableUuid } from './seed.ts';

/** Stands for a real address only in the demo's own id; the account's rows keep no address of a person. */
const DELETED_CUSTOMER_KEY = 'raderad-kund@demo.certifieradklinik.se';

/**
 * A customer who asked the demo clinic a question and then deleted the account (issue 26): the row
 * stays as the deletion leaves it (decision 035), so the demo clinic's inbox shows the conversation
 * under "Borttagen användare" and it takes no answer. Once: an existing row is left as it is.
 */
export async function seedDemoDeletedAccount(db: Database): Promise<void> {
  const id = stableUuid(DELETED_CUSTOMER_KEY);
  const clinicId = stableUuid(DEMO_ACCOUNTS[0].email);
  const asked = new Date('2026-10-20T16:40:00Z');
  const answered = new Date('2026-10-21T08:05:00Z');
  const deletedAt = new Date('2026-11-10T12:00:00Z');
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ id, email: deletedAddress(id), createdAt: asked, deletedAt })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) return;
    await tx.insert(profiles).values({ id, role: 'customer', fullName: '', email: deletedAddress(id), deletedAt });
    const [conversation] = await tx
      .insert(conversations)
      .values({ userId: id, counterpartId: clinicId, lastMessageAt: answered, createdAt: asked })
      .returning({ id: conversations.id });
    if (!conversation) return;
    await tx.insert(messages).values([
      {
        conversationId: conversation.id,
        senderId: id,
        fromSideA: true,
        content: 'Hej! Har ni tider för ansiktsbehandling i december?',
        readAt: answered,
        createdAt: asked,
      },
      {
        conversationId: conversation.id,
        senderId: clinicId,
        fromSideA: false,
        content: 'Hej! Ja, vi har lediga tider från den 2 december. Boka gärna på vår webbplats.',
        createdAt: answered,
      },
    ]);
  });
}
