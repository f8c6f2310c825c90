import { type LegalRequirement, TREATMENTS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** A treatment's name in the language shown. */
export const treatmentName = (id: TreatmentId) => TREATMENTS[id].name[currentLanguage()];

/** `a, b och c` / `a, b and c` in the language shown. */
export const listInWords = (items: readonly string[]) =>
  new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(items);

/** The chosen treatments that trigger `requirement`, by name. */
export const treatmentsRequiring = (treatments: readonly TreatmentId[], requirement: LegalRequirement) =>
  treatments
    .filter((id) => (TREATMENTS[id].requirements as readonly LegalRequirement[]).includes(requirement))
    .map(treatmentName);
