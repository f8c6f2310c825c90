import type { InjectOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import {
  type AdminPaymentsPage,
  type AdminPlan,
  type ClinicMembership,
  type MembershipOrderResult,
  type Payment,
  type PaymentDocument,
  paymentReference,
} from '../../../../contracts/payments.ts';
import { COMPLETE_APPLICATION } from '../../../../contracts/testing/complete-application.ts';
import { auditLog, membershipPlans, payments, stripeEvents } from '../../../db/schema/index.ts';
import { addDays, dateInSweden } from '../../../lib/swedish-date.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../../../testing/fake-stripe.ts';
import { captureLog } from '../../../testing/log-capture.ts';
import { readOutbox } from '../../../testing/outbox.ts';
import { planOf } from '../../../testing/payments.ts';
import { describeEachEngine, type TestApp } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';

// Issue 25: membership payments by invoice (the default) and by Stripe Checkout, against a local fake
// of Stripe's API that the official package reaches through its host, port and protocol options.

const fake = await startFakeStripe();
afterAll(() => fake.close());

/** Text as read: Intl writes sums with no-break spaces (`1 990,00 kr`), read here as plain ones. */
const plain = (text: string | undefined) => text?.replace(/\s/g, ' ');

const STRIPE_ENV = {
  ADMIN_EMAIL: TEST_ADMIN_EMAIL,
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
  SITE_URL: 'https://certifieradklinik.example',
};

/** The calls every suite makes, on its app. */
function api(t: TestApp) {
  const call = (token: string, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  return {
    call,
    membership: async (token: string) =>
      (await call(token, { url: '/api/clinic/membership' })).json<ClinicMembership>(),
    order: (token: string, planId: string, headers: Record<string, string> = {}) =>
      call(token, { method: 'POST', url: '/api/clinic/membership/orders', payload: { planId }, headers }),
    paymentRows: () => t.db.select().from(payments),
  };
}

describeEachEngine('membership by invoice', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const { call, membership, order, paymentRows } = api(t);

  it('shows the plans from the table, invoices the year with VAT, a due date and an OCR reference, and emails the invoice', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Fakturakliniken');
    await call(clinic.token, {
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { ...COMPLETE_APPLICATION, companyName: 'Fakturakliniken AB', contactEmail: 'ekonomi@faktura.example' },
    });
    const before = await membership(clinic.token);
    const year = Number(dateInSweden(new Date()).slice(0, 4));
    expect(before).toMatchObject({
      provider: 'invoice',
      due: { year, status: 'none', validThrough: null },
      payments: [],
    });
    expect(before.plans.map((plan) => [plan.code, plan.priceOre, plan.vatPercent])).toEqual([
      ['individual', 99_000, 25],
      ['company', 199_000, 25],
    ]);

    const company = await planOf(t.db, 'company');
    const ordered = await order(clinic.token, company.id);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const result = ordered.json<MembershipOrderResult>();
    if (result.provider !== 'invoice') throw new Error('Expected an invoice');
    expect(result.payment).toMatchObject({
      status: 'invoiced',
      membershipYear: year,
      planName: { sv: 'Företag', en: 'Company' },
      netOre: 199_000,
      vatOre: 49_750,
      totalOre: 248_750,
      vatPercent: 25,
      buyer: { name: 'Fakturakliniken AB', organisationNumber: '556677-8899', email: 'ekonomi@faktura.example' },
      dueDate: addDays(dateInSweden(new Date()), 30),
      reference: paymentReference(result.payment.number),
    });

    const [invoice] = (await readOutbox(t.dataDir)).filter((email) => email.to === 'ekonomi@faktura.example');
    expect(invoice?.subject).toBe(
      `Faktura ${result.payment.number} för medlemskap ${year} / Invoice ${result.payment.number} for membership – Certifierad Klinik`,
    );
    expect(plain(invoice?.text)).toContain('Att betala: 1 990,00 kr + moms 25 % 497,50 kr = 2 487,50 kr.');
    expect(plain(invoice?.text)).toContain(
      `Betala senast ${result.payment.dueDate} till bankgiro 000-0000 med referens (OCR) ${result.payment.reference}.`,
    );
    expect(invoice?.link).toBe(`http://127.0.0.1:3000/clinic-dashboard/payments/${result.payment.id}`);

    // The year counts as ordered; the page lists the invoice, and the document carries the seller.
    expect(await membership(clinic.token)).toMatchObject({
      due: { year, status: 'invoiced', planName: { sv: 'Företag' } },
      payments: [{ id: result.payment.id, status: 'invoiced' }],
    });
    const document = (
      await call(clinic.token, { url: `/api/clinic/payments/${result.payment.id}` })
    ).json<PaymentDocument>();
    expect(document.seller).toMatchObject({
      organisationNumber: '559999-9991',
      vatNumber: 'SE559999999101',
      isExample: true,
    });

    // A second order for the invoiced year: refused, nothing stored twice.
    const again = await order(clinic.token, company.id, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'membership_already_paid', message: en.membershipAlreadyPaid });
    expect(await paymentRows()).toHaveLength(1);
  });

  it('refuses a plan that does not exist or is no longer sold, and an id that is none, storing nothing', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const unknown = await order(clinic.token, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'plan_not_found', message: sv.planUnknown });
    const individual = await planOf(t.db, 'individual');
    await t.db.update(membershipPlans).set({ active: false }).where(eq(membershipPlans.id, individual.id));
    expect((await order(clinic.token, individual.id)).statusCode).toBe(404);
    const malformed = await order(clinic.token, 'företag');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.issues[0].message).toBe(sv.planUnknown);
    expect(await paymentRows()).toEqual([]);
    expect((await membership(clinic.token)).plans.map((plan) => plan.code)).toEqual(['company']);
  });

  it('shows a clinic only its own payments; the admin lists them by status, marks an invoice paid, audited, and the year is paid through 31 December', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Betalande Kliniken');
    const other = await signUpAs(t.app, 'clinic', 'Andra Kliniken');
    const admin = await signUpAs(t.app, 'admin');
    const company = await planOf(t.db, 'company');
    const { payment } = (await order(clinic.token, company.id)).json<{ payment: Payment }>();
    expect((await call(other.token, { url: `/api/clinic/payments/${payment.id}` })).statusCode).toBe(404);

    const invoiced = (
      await call(admin.token, { url: '/api/admin/payments?status=invoiced' })
    ).json<AdminPaymentsPage>();
    expect(invoiced.items.map((item) => [item.id, item.clinicName])).toEqual([[payment.id, 'Betalande Kliniken']]);
    expect(
      (await call(admin.token, { url: '/api/admin/payments?status=paid' })).json<AdminPaymentsPage>().items,
    ).toEqual([]);
    expect((await call(admin.token, { url: '/api/admin/payments?status=unpaid' })).statusCode).toBe(400);

    const paid = await call(admin.token, { method: 'POST', url: `/api/admin/payments/${payment.id}/paid` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Payment>()).toMatchObject({ status: 'paid' });
    const year = payment.membershipYear;
    expect((await membership(clinic.token)).due).toEqual({
      year,
      status: 'paid',
      planName: { sv: 'Företag', en: 'Company' },
      validThrough: `${year}-12-31`,
      waiverReason: null,
    });
    const twice = await call(admin.token, { method: 'POST', url: `/api/admin/payments/${payment.id}/paid` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('payment_not_invoiced');
    // An invoice is paid outside the app: it cannot be refunded here.
    const refund = await call(admin.token, { method: 'POST', url: `/api/admin/payments/${payment.id}/refund` });
    expect(refund.json().error).toMatchObject({ code: 'refund_not_possible', message: sv.refundNotPossible });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, payment.id));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([['payment.marked_paid', admin.id]]);
  });

  it('lets a clinic send in only with the year paid, invoiced or waived by an admin with a reason', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Undantagna Kliniken');
    const admin = await signUpAs(t.app, 'admin');
    await call(clinic.token, { method: 'PATCH', url: '/api/clinic/application', payload: COMPLETE_APPLICATION });
    await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      ...multipartFile('a.pdf', sampleFiles.pdf()),
    });
    const sendIn = () => call(clinic.token, { method: 'POST', url: '/api/clinic/application/submit' });
    const refused = await sendIn();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'membership_required', message: sv.membershipRequired });

    const year = (await membership(clinic.token)).due.year;
    const waive = (reason: string) =>
      call(admin.token, {
        method: 'POST',
        url: `/api/admin/clinics/${clinic.id}/membership-waiver`,
        payload: { year, reason },
      });
    expect((await waive('   ')).statusCode).toBe(400);
    expect(
      (
        await call(clinic.token, {
          method: 'POST',
          url: `/api/admin/clinics/${clinic.id}/membership-waiver`,
          payload: { year, reason: 'Själv' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await waive('Ideell förening: avgiften efterskänkt i år.')).statusCode).toBe(204);
    expect((await waive('Igen')).statusCode).toBe(409);
    // The clinic reads the admin's reason on its payments page.
    expect((await membership(clinic.token)).due).toMatchObject({
      year,
      status: 'waived',
      waiverReason: 'Ideell förening: avgiften efterskänkt i år.',
    });
    expect((await sendIn()).statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'membership.waived'));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetId: clinic.id,
      details: { year, reason: 'Ideell förening: avgiften efterskänkt i år.' },
    });
  });

  it('lets the admin change a plan, kept in its history; payments made keep what they charged, new ones the new price', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const admin = await signUpAs(t.app, 'admin');
    const company = await planOf(t.db, 'company');
    const { payment } = (await order(clinic.token, company.id)).json<{ payment: Payment }>();
    const change = (payload: object) =>
      call(admin.token, { method: 'PUT', url: `/api/admin/plans/${company.id}`, payload });
    const fields = {
      name: { sv: 'Företag Plus', en: 'Company Plus' },
      description: { sv: 'Flera behandlare.', en: 'Several practitioners.' },
      priceOre: 249_000,
      vatPercent: 25,
      active: true,
    };
    const badPrice = await change({ ...fields, priceOre: 12.5 });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().error.issues[0].message).toBe(sv.priceInvalid);
    expect((await change({ ...fields, vatPercent: 101 })).json().error.issues[0].message).toBe(sv.vatInvalid);
    expect((await change({ ...fields, name: { sv: '', en: 'x' } })).statusCode).toBe(400);
    expect((await change({ ...fields, name: { sv: 'A\u0000', en: 'x' } })).statusCode).toBe(400);
    expect(
      (await call(admin.token, { method: 'PUT', url: `/api/admin/plans/${randomUUID()}`, payload: fields })).statusCode,
    ).toBe(404);
    expect((await change(fields)).json()).toMatchObject({ priceOre: 249_000, name: { sv: 'Företag Plus' } });

    const [plan] = (await call(admin.token, { url: '/api/admin/plans' }))
      .json<AdminPlan[]>()
      .filter((candidate) => candidate.code === 'company');
    expect(plan?.history).toMatchObject([
      {
        action: 'plan.changed',
        actor: { id: admin.id },
        details: { before: { priceOre: 199_000, name: { sv: 'Företag' } }, after: { priceOre: 249_000 } },
      },
    ]);
    const [stored] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored).toMatchObject({ netOre: 199_000, planName: { sv: 'Företag', en: 'Company' } });
    const other = await signUpAs(t.app, 'clinic');
    expect((await order(other.token, company.id)).json<{ payment: Payment }>().payment).toMatchObject({
      netOre: 249_000,
      vatOre: 62_250,
      totalOre: 311_250,
      planName: { sv: 'Företag Plus' },
    });
  });
});

const log = captureLog('info');

describeEachEngine('membership by Stripe Checkout', { env: STRIPE_ENV, logger: log.logger }, (t) => {
  const { call, membership, order, paymentRows } = api(t);
  const webhook = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const sessionOf = (checkoutUrl: string) => {
    const session = fake.sessions.get(checkoutUrl.split('/').at(-1) ?? '');
    if (!session) throw new Error(`No session behind ${checkoutUrl}`);
    return session;
  };
  async function checkout(token: string) {
    const company = await planOf(t.db, 'company');
    const ordered = await order(token, company.id);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const result = ordered.json<MembershipOrderResult>();
    if (result.provider !== 'stripe') throw new Error('Expected a Checkout');
    return sessionOf(result.checkoutUrl);
  }
  beforeEach(() => {
    log.lines.length = 0;
  });

  it('opens a Checkout in SEK with the price and its VAT, and a signed checkout.session.completed makes the year paid, once', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Kortkliniken');
    expect((await membership(clinic.token)).provider).toBe('stripe');
    const session = await checkout(clinic.token);
    const [row] = await paymentRows();
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'sek',
      amount_total: 248_750,
      client_reference_id: row?.id,
      metadata: { payment_id: row?.id },
      success_url:
        'https://certifieradklinik.example/clinic-dashboard/payments/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://certifieradklinik.example/clinic-dashboard/payments/cancelled',
      locale: 'sv',
    });
    expect(plain(session.line_items[0]?.description)).toBe(
      `Medlemskap ${row?.membershipYear}: 1 990,00 kr + moms 25 % 497,50 kr`,
    );
    // No payment methods named: Checkout offers those the account has (card, Swish, Klarna).
    const created = fake.requests.findLast((request) => request.path === '/v1/checkout/sessions');
    expect([...(created?.form.keys() ?? [])].filter((key) => key.startsWith('payment_method_types'))).toEqual([]);
    expect(created?.idempotencyKey).toBe(`checkout-${row?.id}`);
    expect((await membership(clinic.token)).due.status).toBe('pending');

    const event = fake.event('checkout.session.completed', fake.pay(session.id));
    const delivered = await webhook(event.payload, event.signature);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const due = (await membership(clinic.token)).due;
    expect(due).toMatchObject({ status: 'paid', validThrough: `${due.year}-12-31` });
    const [paid] = await paymentRows();
    expect(paid).toMatchObject({ status: 'paid', stripePaymentIntentId: session.payment_intent });

    // Stripe sends an event again when it is unsure it arrived: the same id changes nothing.
    expect((await webhook(event.payload, event.signature)).statusCode).toBe(200);
    expect(await paymentRows()).toEqual([paid]);
    expect(await t.db.select({ n: count() }).from(stripeEvents)).toEqual([{ n: 1 }]);
    // And a second Checkout for the paid year is refused.
    const again = await order(clinic.token, (await planOf(t.db, 'company')).id);
    expect(again.json().error.code).toBe('membership_already_paid');
  });

  it('refuses an event without a signature, with a wrong one, or with a body changed after signing: 400, nothing stored', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const session = await checkout(clinic.token);
    const event = fake.event('checkout.session.completed', fake.pay(session.id));
    const changed = event.payload.replace('"amount_total":248750', '"amount_total":100');
    for (const [payload, signature] of [
      [event.payload, undefined],
      [event.payload, 't=1,v1=deadbeef'],
      [changed, event.signature],
    ] as const) {
      const refused = await webhook(payload, signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'webhook_signature_invalid',
        message: sv.webhookSignatureInvalid,
      });
    }
    expect(await t.db.select().from(stripeEvents)).toEqual([]);
    expect((await paymentRows()).map((row) => row.status)).toEqual(['pending']);
  });

  it('answers any body with any signature header 400 and stores nothing (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 2000 }),
        fc.option(fc.string({ maxLength: 300 })),
        async (body, signature) => {
          const answer = await webhook(body, signature ?? undefined);
          expect(answer.statusCode).toBe(400);
        },
      ),
      { numRuns: 60, seed: 20_261_127 },
    );
    expect(await t.db.select().from(stripeEvents)).toEqual([]);
  });

  it('handles asynchronous payments and events out of order: success before completion, failure, expiry', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    // Paid later (a bank method): completed says unpaid, the year waits; then it fails.
    const first = await checkout(clinic.token);
    const completedUnpaid = fake.event('checkout.session.completed', fake.pay(first.id, { async: true }));
    expect((await webhook(completedUnpaid.payload, completedUnpaid.signature)).statusCode).toBe(200);
    expect((await membership(clinic.token)).due.status).toBe('pending');
    const failed = fake.event('checkout.session.async_payment_failed', first);
    expect((await webhook(failed.payload, failed.signature)).statusCode).toBe(200);
    expect((await membership(clinic.token)).due.status).toBe('none');

    // A new Checkout; its success arrives before its completion, and the completion then changes nothing.
    const second = await checkout(clinic.token);
    fake.pay(second.id);
    const succeeded = fake.event('checkout.session.async_payment_succeeded', second);
    const completed = fake.event('checkout.session.completed', second);
    expect((await webhook(succeeded.payload, succeeded.signature)).statusCode).toBe(200);
    expect((await webhook(completed.payload, completed.signature)).statusCode).toBe(200);
    // A late expiry or failure of a paid Checkout changes nothing either.
    const expired = fake.event('checkout.session.expired', second);
    expect((await webhook(expired.payload, expired.signature)).statusCode).toBe(200);
    expect((await paymentRows()).map((row) => row.status).sort()).toEqual(['failed', 'paid']);
    expect((await membership(clinic.token)).due.status).toBe('paid');
  });

  it('ends a Checkout left open when the clinic orders again, and a clinic cannot pay for another clinic', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const other = await signUpAs(t.app, 'clinic');
    const abandoned = await checkout(clinic.token);
    const replacement = await checkout(clinic.token);
    expect(fake.sessions.get(abandoned.id)?.status).toBe('expired');
    expect((await paymentRows()).map((row) => row.status).sort()).toEqual(['cancelled', 'pending']);
    // The order takes the clinic from the token: a body naming another clinic is refused as unknown.
    const company = await planOf(t.db, 'company');
    const foreign = await call(other.token, {
      method: 'POST',
      url: '/api/clinic/membership/orders',
      payload: { planId: company.id, clinicId: clinic.id },
    });
    expect(foreign.statusCode).toBe(400);
    // The other clinic cannot read the clinic's payment either.
    const [pending] = (await paymentRows()).filter((row) => row.status === 'pending');
    expect((await call(other.token, { url: `/api/clinic/payments/${pending?.id}` })).statusCode).toBe(404);
    expect(replacement.status).toBe('open');
  });

  it('refunds a paid payment through Stripe, audited; the year is no longer paid; secrets never reach the log', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const admin = await signUpAs(t.app, 'admin');
    const session = await checkout(clinic.token);
    const event = fake.event('checkout.session.completed', fake.pay(session.id));
    await webhook(event.payload, event.signature);
    const [paid] = await paymentRows();
    const refunded = await call(admin.token, { method: 'POST', url: `/api/admin/payments/${paid?.id}/refund` });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Payment>()).toMatchObject({ status: 'refunded' });
    expect(fake.refunds.at(-1)).toMatchObject({ payment_intent: session.payment_intent });
    expect((await membership(clinic.token)).due.status).toBe('none');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, paid?.id ?? ''));
    expect(audit.map((entry) => entry.action)).toEqual(['payment.refunded']);
    // Refunding twice: the payment is no longer paid.
    expect(
      (await call(admin.token, { method: 'POST', url: `/api/admin/payments/${paid?.id}/refund` })).statusCode,
    ).toBe(409);

    const written = log.lines.join('');
    expect(written).toContain('stripe webhook');
    for (const secret of [
      FAKE_STRIPE_SECRET_KEY,
      FAKE_STRIPE_WEBHOOK_SECRET,
      event.signature,
      admin.token,
      clinic.token,
    ])
      expect(written).not.toContain(secret);
  });
});
