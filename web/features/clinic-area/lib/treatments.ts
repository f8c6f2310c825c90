import { type LegalRequirement, TREATMENTS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { treatmentName } from '../../../lib/treatments.ts';

/** The chosen treatments that trigger `requirement`, by name. */
export const treatmentsRequiring = (treatments: readonly TreatmentId[], requirement: LegalRequirement) =>
  treatments
    .filter((id) => (TREATMENTS[id].requirements as readonly LegalRequirement[]).includes(requirement))
    .map(treatmentName);
