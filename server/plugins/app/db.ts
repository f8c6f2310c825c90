import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Shares the one database of the process with every route as `app.db`. */
export const dbPlugin = fp<{ db: Database }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
