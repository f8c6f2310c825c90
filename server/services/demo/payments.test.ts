import { expect, it } from 'vitest';
import type { AdminPaymentsPage } from '../../../contracts/payments.ts';
import { membershipWaivers, payments } from '../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../testing/auth-client.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { seedDemoPayments } from './payments.ts';

describeEachEngine('seedDemoPayments', { demo: true, env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  it("gives the admin's payments every state on demo register clinics, with example Stripe ids, once", async () => {
    await seedDemoPayments(t.db);
    const admin = await signUpAs(t.app, 'admin');
    const page = (
      await t.app.inject({ url: '/api/admin/payments?limit=100', headers: bearer(admin.token) })
    ).json<AdminPaymentsPage>();
    expect(new Set(page.items.map((item) => item.status))).toEqual(
      new Set(['paid', 'invoiced', 'refunded', 'failed', 'pending']),
    );
    expect(page.items.every((item) => item.clinicName)).toBe(true);
    const stripeIds = (await t.db.select().from(payments))
      .flatMap((row) => [row.stripeCheckoutSessionId, row.stripePaymentIntentId])
      .filter((id) => id !== null);
    expect(stripeIds.length).toBeGreaterThan(0);
    expect(stripeIds.every((id) => id.includes('_exempel_'))).toBe(true);

    await seedDemoPayments(t.db);
    expect(await t.db.select().from(payments)).toHaveLength(page.items.length);
    // A clinic of the register with a waiver for next year, as an admin decided, marked as an example.
    const [waiver, ...more] = await t.db.select().from(membershipWaivers);
    expect(more).toEqual([]);
    expect(waiver?.reason).toMatch(/^Exempel: /);
  });
});
