import fp from 'fastify-plugin';
import { ROLES } from '../../../../contracts/constants.ts';

/**
 * The guard of everything under /api/me (FD's autohooks.ts): any signed-in role. fastify-plugin
 * lets the hook reach the routes registered beside it in the /api/me context (server/app.ts).
 */
export const meAutohooks = fp(async (app) => {
  app.addHook('onRequest', app.requireRole(...ROLES));
  // Personal data: never kept by a browser cache or a shared proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
});
