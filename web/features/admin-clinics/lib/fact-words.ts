import type { FactKind } from '../../../../contracts/facts.ts';
import { TREATMENTS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** A treatment's name in the language shown. */
export const treatmentName = (id: TreatmentId) => TREATMENTS[id].name[currentLanguage()];

/** `a, b och c` / `a, b and c` in the language shown. */
export const listInWords = (items: readonly string[]) =>
  new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(items);

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
