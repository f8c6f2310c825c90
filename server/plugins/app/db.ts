import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The public register's searches' own connections, with their time budget (DatabaseHandle.registerDb). */
    registerDb: Database;
  }
}

/** Shares the one database of the process with every route as `app.db`, and the register's connections as `app.registerDb`. */
export const dbPlugin = fp<{ db: Database; registerDb: Database }>(
  async (app, { db, registerDb }) => {
    app.decorate('db', db);
    app.decorate('registerDb', registerDb);
  },
  { name: 'db' },
);
