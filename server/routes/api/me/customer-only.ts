import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Narrows the routes registered beside it (follows, reports) from any signed-in role to customers. */
export const customerOnly = fp(async (app) => {
  app.addHook('onRequest', app.requireRole('customer'));
});

/** The signed-in customer's id; the guard ran before every route that asks. */
export function customerIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new Error('The customer guard did not run');
  return request.auth.userId;
}
