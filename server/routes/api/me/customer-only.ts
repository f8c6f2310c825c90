import fp from 'fastify-plugin';

/** Narrows the routes registered beside it (follows, reports) from any signed-in role to customers. */
export const customerOnly = fp(async (app) => {
  app.addHook('onRequest', app.requireRole('customer'));
});
