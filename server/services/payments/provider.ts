import type { Language } from '../../../contracts/constants.ts';
import type {
  MembershipOrderResult,
  MembershipPlan,
  PaymentProviderKind,
  PriceBreakdown,
  Seller,
} from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PaymentRow } from './payments.ts';

/** A clinic pays `plan` for `year` (the due one): what a provider needs to take the payment. */
export interface PaymentOrder {
  clinicId: string;
  year: number;
  plan: MembershipPlan;
  amounts: PriceBreakdown;
  buyer: { name: string; organisationNumber: string | null; email: string };
  /** The clinic's language for what the provider shows (Stripe's Checkout page). */
  language: Language;
  now: Date;
}

/** What every provider shares: where emails and links come from, and the seller on every document. */
export interface PaymentContext {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  seller: Seller;
  invoiceDueDays: number;
}

/**
 * One way of taking membership payments (ARCHITECTURE "payments", decision 039): `invoice` without
 * a Stripe account, `stripe` with one. The membership, the plans, the admin's list and the documents
 * are the same for both; only these steps differ.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Stores the payment of `order` and starts it: an invoice sent, or a Checkout to go to. */
  order(context: PaymentContext, order: PaymentOrder): Promise<MembershipOrderResult>;
  /** Ends an unpaid payment that a new order replaces (a Checkout left open); false when it can no longer be. */
  cancel(payment: PaymentRow): Promise<boolean>;
  /** Gives a paid payment's money back; an invoice is settled outside the app, so it cannot. */
  refund(payment: PaymentRow): Promise<void>;
}
