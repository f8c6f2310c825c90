import fp from 'fastify-plugin';
import type { ClinicPage, ClinicSearch } from '../../../contracts/clinics.ts';
import { isStatementCancelled } from '../../db/errors.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { searchClinics } from '../../services/clinic-register.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One page of the public register on `today` (searchClinics), on the register's own connections
     * (app.registerDb). A search that runs past its time budget answers 422 search_too_broad
     * ("Förfina sökningen") and is counted in the log.
     */
    searchRegister: (query: ClinicSearch, today: string) => Promise<ClinicPage>;
  }
}

/** The register search for the API and the first screen of /kliniker alike, with its time budget (issue 29). */
export const registerSearchPlugin = fp<{ budgetMs: number }>(
  async (app, { budgetMs }) => {
    let overBudget = 0;
    app.decorate('searchRegister', async (query: ClinicSearch, today: string) => {
      try {
        return await searchClinics(app.registerDb, query, today);
      } catch (error) {
        if (!isStatementCancelled(error)) throw error;
        overBudget += 1;
        // What kind of search, not its text: a visitor may have typed a person's name.
        app.log.warn(
          {
            searchOverBudget: overBudget,
            budgetMs,
            searchLength: query.search.length,
            treatment: query.treatment ?? null,
            near: Boolean(query.near || query.lat !== undefined),
            nextPage: Boolean(query.cursor),
          },
          'register search cancelled at its time budget',
        );
        throw new ApiFailure(422, 'search_too_broad', 'searchTooBroad');
      }
    });
  },
  { name: 'register-search', dependencies: ['db'] },
);
