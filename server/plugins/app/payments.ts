import fp from 'fastify-plugin';
import type { Payments } from '../../services/payments/setup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How the installation takes membership payments (services/payments/setup.ts). */
    payments: Payments;
  }
}

export const paymentsPlugin = fp<{ payments: Payments }>(
  async (app, { payments }) => {
    app.decorate('payments', payments);
  },
  { name: 'payments' },
);
