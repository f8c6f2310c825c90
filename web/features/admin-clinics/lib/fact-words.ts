import type { FactKind } from '../../../../contracts/facts.ts';
import { ApiRequestError, apiErrorMessage } from '../../../lib/api-client.ts';
import { listInWords } from '../../../lib/treatments.ts';

/** The kinds of fact by name, `Ansvarsförsäkring och Registrering hos IVO`, with the admin namespace's `t`. */
export const factKindsInWords = (t: (key: string) => string, kinds: readonly FactKind[]) =>
  listInWords(kinds.map((kind) => t(`facts.kinds.${kind}`)));

/**
 * The facts a refused approval, scope change or reinstatement names (409 facts_unverified): their
 * kinds, each an issue at `['facts', kind]`; null for any other failure.
 */
export function unverifiedFactsOf(error: unknown): FactKind[] | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'facts_unverified') return null;
  return error.issues.map((issue) => issue.path[1]).filter((kind): kind is FactKind => typeof kind === 'string');
}

/**
 * What a refused decision says: the facts still to verify, in words under `key` (409 facts_unverified),
 * or the server's own message for any other failure.
 */
export function refusalInWords(
  t: (key: string, options?: Record<string, unknown>) => string,
  error: unknown,
  key = 'facts.missing',
): string {
  const missing = unverifiedFactsOf(error);
  return missing ? t(key, { list: factKindsInWords(t, missing) }) : apiErrorMessage(error);
}
