import type { PaymentStatus } from '../../../../contracts/payments.ts';

/** The admin's payment queries: each status filter's list, one payment's document, the plans. */
export const adminPaymentKeys = {
  all: () => ['admin', 'payments'] as const,
  lists: () => [...adminPaymentKeys.all(), 'list'] as const,
  list: (status: PaymentStatus | null) => [...adminPaymentKeys.lists(), status] as const,
  document: (paymentId: string) => [...adminPaymentKeys.all(), 'document', paymentId] as const,
  plans: () => [...adminPaymentKeys.all(), 'plans'] as const,
};
