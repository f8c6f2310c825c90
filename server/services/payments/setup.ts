import type Stripe from 'stripe';
import type { Seller } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { invoiceProvider } from './invoice-provider.ts';
import type { PaymentContext, PaymentProvider } from './provider.ts';
import { createStripeClient, stripeProvider } from './stripe-provider.ts';

/** How the installation takes payments: its provider, what every provider shares, and Stripe's client when it has one. */
export interface Payments {
  provider: PaymentProvider;
  context: PaymentContext;
  stripe: { client: Stripe; webhookSecret: string } | null;
}

/** Example seller details, for an installation that has not set its own (never a real company's). */
const EXAMPLE_SELLER = {
  organisationNumber: '559999-9991',
  vatNumber: 'SE559999999101',
  address: 'Exempelgatan 1, 111 11 Stockholm',
  bankgiro: '000-0000',
} as const;

/** The seller on invoices and receipts (SELLER_*), each setting left out taken from the example and said so. */
export function sellerFrom(env: Env): Seller {
  const given = {
    organisationNumber: env.SELLER_ORGANISATION_NUMBER,
    vatNumber: env.SELLER_VAT_NUMBER,
    address: env.SELLER_ADDRESS,
    bankgiro: env.SELLER_BANKGIRO,
  };
  return {
    name: env.SELLER_NAME,
    organisationNumber: given.organisationNumber ?? EXAMPLE_SELLER.organisationNumber,
    vatNumber: given.vatNumber ?? EXAMPLE_SELLER.vatNumber,
    address: given.address ?? EXAMPLE_SELLER.address,
    bankgiro: given.bankgiro ?? EXAMPLE_SELLER.bankgiro,
    email: env.ADMIN_EMAIL,
    isExample: Object.values(given).some((value) => value === undefined),
  };
}

/** Stripe when both of its keys are set (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET), invoices otherwise. */
export function createPayments(env: Env, db: Database, mailer: Mailer): Payments {
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          client: createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL }),
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        }
      : null;
  return {
    provider: stripe ? stripeProvider(stripe.client) : invoiceProvider,
    context: { db, mailer, siteUrl: env.SITE_URL, seller: sellerFrom(env), invoiceDueDays: env.INVOICE_DUE_DAYS },
    stripe,
  };
}
