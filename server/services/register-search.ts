import type { FastifyBaseLogger } from 'fastify';
import type { ClinicPage, ClinicSearch } from '../../contracts/clinics.ts';
import type { Database } from '../db/client.ts';
import { isStatementCancelled } from '../db/errors.ts';
import { ApiFailure } from '../lib/api-failure.ts';
import { searchClinics } from './clinic-register.ts';

/** One page of the public register on `today`, within the search's time budget. */
export type RegisterSearch = (query: ClinicSearch, today: string) => Promise<ClinicPage>;

/**
 * The register search for the API and the first screen of /kliniker alike (issue 29), on the
 * register's own connections (DatabaseHandle.registerDb), whose statements PostgreSQL cancels after
 * `budgetMs`: such a search answers 422 search_too_broad ("Förfina sökningen") and is counted in the log.
 */
export function createRegisterSearch(registerDb: Database, budgetMs: number, log: FastifyBaseLogger): RegisterSearch {
  let overBudget = 0;
  return async (query, today) => {
    try {
      return await searchClinics(registerDb, query, today);
    } catch (error) {
      if (!isStatementCancelled(error)) throw error;
      overBudget += 1;
      // What kind of search, not its text: a visitor may have typed a person's name.
      log.warn(
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
  };
}
