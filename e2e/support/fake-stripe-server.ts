// The local fake of Stripe's API and Checkout page (server/testing/fake-stripe.ts), started beside a
// second app that takes payments by Stripe (playwright.config.ts): the app's STRIPE_API_URL points
// here, and a payment made on the fake's Checkout page is signed and delivered to the app's webhook.
import { startFakeStripe } from '../../server/testing/fake-stripe.ts';

const fake = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT),
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL ?? null,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
