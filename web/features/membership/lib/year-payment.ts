import type { MembershipYear, Payment } from '../../../../contracts/payments.ts';

/** The membership statuses a clinic can still pay: nothing ordered yet, or a Checkout left unpaid. */
export const isPayable = ({ status }: MembershipYear) => status === 'none' || status === 'pending';

/** The invoice or receipt that gives the year its membership, if any (the payments come newest first). */
export const paymentOfYear = (payments: Payment[], { year }: MembershipYear) =>
  payments.find(
    (payment) => payment.membershipYear === year && (payment.status === 'invoiced' || payment.status === 'paid'),
  ) ?? null;
