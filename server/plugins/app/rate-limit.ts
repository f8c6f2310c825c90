import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRateLimitStore } from '../../lib/rate-limit/database-rate-limit-store.ts';

type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limit whose counters are shared by every app process (in the database), under its own name:
     * call the returned check from a hook and answer 429 when it is exceeded.
     */
    createSharedRateLimit: (
      name: string,
      options: Omit<CreateRateLimitOptions, 'store'>,
    ) => (request: FastifyRequest) => ReturnType<RateLimitCheck>;
  }
}

/**
 * Rate limits per route (sign-in, sign-up, recovery, messages, contact form), never global: the
 * register must stay fast. The counters live in PostgreSQL (or PGlite), not in the process, so a
 * limit holds however many processes serve the site (issue 12).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
    app.decorate('createSharedRateLimit', (name: string, options: Omit<CreateRateLimitOptions, 'store'>) => {
      // `nameSpace` reaches the store's child through the merged options (database-rate-limit-store.ts).
      const check = app.createRateLimit({ ...options, nameSpace: name } as CreateRateLimitOptions);
      return (request: FastifyRequest) => check(request);
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
