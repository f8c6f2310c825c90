import fp from 'fastify-plugin';
import type { RegisterSearch } from '../../services/register-search.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One page of the public register, within its time budget (services/register-search.ts): a
     * search past it answers 422 search_too_broad ("Förfina sökningen") and is counted in the log.
     */
    searchRegister: RegisterSearch;
  }
}

/** Shares the register search with the API and the server's first screen of /kliniker as `app.searchRegister`. */
export const registerSearchPlugin = fp<{ search: RegisterSearch }>(
  async (app, { search }) => {
    app.decorate('searchRegister', search);
  },
  { name: 'register-search' },
);
