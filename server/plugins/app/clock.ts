import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The time by the app's clock: which day it is in Sweden decides which certificates are in force and
     * so which clinics are listed (docs/decisions/023). Tests move it, across a midnight say.
     */
    now: () => Date;
  }
}

/** Shares the clock with every route as `app.now()`. */
export const clockPlugin = fp<{ now: () => Date }>(
  async (app, { now }) => {
    app.decorate('now', now);
  },
  { name: 'clock' },
);
