import fp from 'fastify-plugin';

/**
 * The guard of everything under /api/clinic: role clinic only. A clinic acts only on itself: every
 * route takes the clinic's id from the token (`request.auth.userId`), never from the request.
 */
export const clinicAutohooks = fp(async (app) => {
  app.addHook('onRequest', app.requireRole('clinic'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
});
