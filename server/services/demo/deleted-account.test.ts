import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/test-app.ts';
import { listConversations } from '../messages/queries.ts';
import { seedDemoDeletedAccount } from './deleted-account.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts, seedDemoClinics, stableUuid } from './seed.ts';

describeEachEngine('seedDemoDeletedAccount', {}, (t) => {
  it("shows the demo clinic a conversation with a deleted customer, under 'Borttagen användare', once", async () => {
    await seedDemoClinics(t.db);
    await seedDemoAccounts(t.db);
    const clinic = { id: stableUuid(DEMO_ACCOUNTS[0].email), role: 'clinic' as const };
    await seedDemoDeletedAccount(t.db);
    await seedDemoDeletedAccount(t.db);
    const inbox = await listConversations(t.db, clinic, 1, 'sv');
    expect(inbox.total).toBe(1);
    expect(JSON.stringify(inbox.items[0])).toContain('Borttagen användare');
    expect(JSON.stringify((await listConversations(t.db, clinic, 1, 'en')).items[0])).toContain('Deleted user');
  });
});
