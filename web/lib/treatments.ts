import { TREATMENTS, type TreatmentId } from '../../contracts/treatments.ts';
import { currentLanguage } from './i18n.ts';

/** A treatment's name (contracts/treatments.ts) in the language shown. */
export const treatmentName = (id: TreatmentId) => TREATMENTS[id].name[currentLanguage()];

/** `a, b och c` / `a, b and c` in the language shown. */
export const listInWords = (items: readonly string[]) =>
  new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(items);
