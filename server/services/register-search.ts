import type { FastifyBaseLogger } from 'fastify';
import type { ClinicPage, ClinicSearch } from '../../contracts/clinics.ts';
import type { Database } from '../db/client.ts';
import { isStatementCancelled } from '../db/errors.ts';
import { ApiFailure } from '../lib/api-failure.ts';
import type { RegisterChanges } from '../lib/register-changes.ts';
import { searchClinics } from './clinic-register.ts';
import { cachedRegisterWordLists, registerWordLists } from './register-words.ts';

/** One page of the public register on `today`, within the search's time budget. */
export type RegisterSearch = (query: ClinicSearch, today: string) => Promise<ClinicPage>;

/**
 * The register search for the API and the first screen of /kliniker alike (issue 29), on the
 * register's own connections (DatabaseHandle.registerDb), whose statements PostgreSQL cancels after
 * `budgetMs`: such a search answers 422 search_too_broad ("Förfina sökningen") and is counted in the log.
 * With `changes` it keeps the register words of the texts searched until the register changes
 * (cachedRegisterWordLists); without, it reads them for every search.
 */
export function createRegisterSearch(
  registerDb: Database,
  { budgetMs, log, changes }: { budgetMs: number; log: FastifyBaseLogger; changes: RegisterChanges | undefined },
): RegisterSearch {
  const wordLists = changes ? cachedRegisterWordLists(changes) : registerWordLists;
  let overBudget = 0;
  return async (query, today) => {
    try {
      return await searchClinics(registerDb, query, today, wordLists);
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
