import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createAuthClient } from '../testing/auth-client.ts';
import { queryRows } from './client.ts';
import { describeEachEngine } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed.ts';

describeEachEngine('seedDemoAccounts', {}, (t) => {
  async function rows() {
    return queryRows<Record<string, unknown>>(
      t.db,
      sql`SELECT u.email, u.encrypted_password, p.role, p.full_name, p.is_certified, p.is_public, p.application_status
          FROM users u JOIN profiles p USING (id) ORDER BY u.email`,
    );
  }

  it('creates the demo logins of /credentials, which sign in with their listed passwords', async () => {
    await seedDemoAccounts(t.db);
    const seeded = await rows();
    expect(seeded).toHaveLength(DEMO_ACCOUNTS.length);
    expect(seeded.find((row) => row.role === 'clinic')).toMatchObject({
      email: 'klinik@demo.certifieradklinik.se',
      is_certified: false,
      is_public: false,
      application_status: 'Väntar',
    });
    expect(seeded.find((row) => row.role === 'customer')).toMatchObject({ email: 'kund@demo.certifieradklinik.se' });
    for (const row of seeded) expect(String(row.encrypted_password)).toMatch(/^\$argon2id\$/);

    for (const account of DEMO_ACCOUNTS) {
      const { data, error } = await createAuthClient(t.app).signInWithPassword({ email: account.email, password: account.password });
      expect(error).toBeNull();
      expect(data.user?.app_metadata.role).toBe(account.role);
    }
  });

  it('changes nothing when run again, a changed password included', async () => {
    await seedDemoAccounts(t.db);
    await t.db.execute(sql`UPDATE users SET encrypted_password = 'changed' WHERE email = ${DEMO_ACCOUNTS[1].email}`);
    const once = await rows();
    await seedDemoAccounts(t.db);
    expect(await rows()).toEqual(once);
  });
});
