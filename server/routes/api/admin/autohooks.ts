import fp from 'fastify-plugin';

/** The guard of everything under /api/admin: role admin only. */
export const adminAutohooks = fp(async (app) => {
  app.addHook('onRequest', app.requireRole('admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
});
