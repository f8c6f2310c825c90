import { eq, inArray } from 'drizzle-orm';
import { type PaymentStatus, priceWithVat } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { membershipPlans, membershipWaivers, payments, profiles } from '../../db/schema/index.ts';
import { addDays, dateInSweden } from '../../lib/swedish-date.ts';
import { clinicIdNamed, DEMO_ACCOUNTS, stableUuid } from './seed.ts';

// The demo's membership payments (issue 25): every state the admin's list and a clinic's page show,
// on clinics of the demo register. Stripe's ids here are examples (…_exempel_…), of no real account.

interface DemoPayment {
  /** A clinic of the demo register by name, or the demo login's clinic. */
  clinic: string;
  plan: 'individual' | 'company';
  /** Relative to the year the demo is started in: -1 last year, 0 this year, 1 next year (a renewal). */
  year: -1 | 0 | 1;
  provider: 'invoice' | 'stripe';
  status: PaymentStatus;
  /** Days before the demo's start the order was made. */
  orderedDaysAgo: number;
}

/** The demo login's clinic: last year's membership paid, this year's still to order (its payments page shows both). */
const DEMO_LOGIN_CLINIC = 'demo login';

const DEMO_PAYMENTS: DemoPayment[] = [
  { clinic: DEMO_LOGIN_CLINIC, plan: 'company', year: -1, provider: 'invoice', status: 'paid', orderedDaysAgo: 300 },
  { clinic: 'Åkerblads Hudvård', plan: 'company', year: 0, provider: 'invoice', status: 'paid', orderedDaysAgo: 340 },
  {
    clinic: 'Ängens Skönhetsklinik',
    plan: 'individual',
    year: 0,
    provider: 'stripe',
    status: 'paid',
    orderedDaysAgo: 330,
  },
  {
    clinic: 'Ängens Skönhetsklinik',
    plan: 'individual',
    year: 1,
    provider: 'invoice',
    status: 'invoiced',
    orderedDaysAgo: 3,
  },
  {
    clinic: 'Öresunds Estetiska Klinik',
    plan: 'company',
    year: 0,
    provider: 'invoice',
    status: 'paid',
    orderedDaysAgo: 320,
  },
  // Paid twice by mistake: the card payment was refunded.
  {
    clinic: 'Öresunds Estetiska Klinik',
    plan: 'company',
    year: 0,
    provider: 'stripe',
    status: 'refunded',
    orderedDaysAgo: 318,
  },
  { clinic: 'Björkens Hudklinik', plan: 'company', year: 1, provider: 'stripe', status: 'failed', orderedDaysAgo: 2 },
  { clinic: 'Göta Hud & Laser', plan: 'company', year: 1, provider: 'stripe', status: 'pending', orderedDaysAgo: 0 },
];

/** A clinic of the demo register that may send in next year without paying, as an admin decided. */
const DEMO_WAIVER = {
  clinic: 'Linnéa Skinclinic',
  reason: 'Exempel: ideell förening som utbildar behandlare; avgiften efterskänks för ett år.',
};

/** The demo's payments and waiver, once: payments that exist (by their stable ids) are left as they are. */
export async function seedDemoPayments(db: Database, now = new Date()): Promise<void> {
  const thisYear = Number(dateInSweden(now).slice(0, 4));
  const plans = new Map((await db.select().from(membershipPlans)).map((plan) => [plan.code, plan]));
  const clinicIdOf = (name: string) =>
    name === DEMO_LOGIN_CLINIC ? stableUuid(DEMO_ACCOUNTS[0].email) : clinicIdNamed(name);
  const clinicIds = DEMO_PAYMENTS.map((payment) => clinicIdOf(payment.clinic));
  const clinics = new Map(
    (await db.select().from(profiles).where(inArray(profiles.id, clinicIds))).map((clinic) => [clinic.id, clinic]),
  );
  const rows = DEMO_PAYMENTS.flatMap((demo, index) => {
    const plan = plans.get(demo.plan);
    const clinic = clinics.get(clinicIdOf(demo.clinic));
    if (!plan || !clinic) return [];
    const orderedAt = new Date(now.getTime() - demo.orderedDaysAgo * 86_400_000);
    const settledAt = new Date(orderedAt.getTime() + 2 * 86_400_000);
    const example = `exempel_${index + 1}`;
    return [
      {
        id: stableUuid(`demo-payment-${index}`),
        clinicId: clinic.id,
        planId: plan.id,
        planName: plan.name,
        membershipYear: thisYear + demo.year,
        provider: demo.provider,
        status: demo.status,
        ...priceWithVat(plan.priceOre, plan.vatPercent),
        vatPercent: plan.vatPercent,
        buyerName: clinic.companyName ?? clinic.fullName,
        buyerOrganisationNumber: clinic.orgNumber,
        buyerEmail: clinic.contactEmail ?? clinic.email,
        dueDate: demo.provider === 'invoice' ? addDays(dateInSweden(orderedAt), 30) : null,
        stripeCheckoutSessionId: demo.provider === 'stripe' ? `cs_test_${example}` : null,
        stripePaymentIntentId:
          demo.provider === 'stripe' && ['paid', 'refunded'].includes(demo.status) ? `pi_test_${example}` : null,
        createdAt: orderedAt,
        paidAt: ['paid', 'refunded'].includes(demo.status) ? settledAt : null,
        failedAt: demo.status === 'failed' ? settledAt : null,
        refundedAt: demo.status === 'refunded' ? new Date(settledAt.getTime() + 86_400_000) : null,
      },
    ];
  });
  await db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(payments).values(rows).onConflictDoNothing();
    const waived = clinicIdNamed(DEMO_WAIVER.clinic);
    const [clinic] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, waived));
    if (clinic) {
      await tx
        .insert(membershipWaivers)
        .values({ clinicId: clinic.id, year: thisYear + 1, reason: DEMO_WAIVER.reason })
        .onConflictDoNothing();
    }
  });
}
