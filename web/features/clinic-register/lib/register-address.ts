import { isTreatmentId, type TreatmentId } from '../../../../contracts/treatments.ts';

/** What the register shows, kept in its address so that it can be shared and reloaded. */
export interface RegisterState {
  search: string;
  /** Only clinics whose certificate covers it; none: every clinic. */
  treatment?: TreatmentId;
}

/** The address's query for a state: `search=…&treatment=…`, as the API names them; empty for the whole register. */
export function registerParams({ search, treatment }: RegisterState): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (treatment) params.set('treatment', treatment);
  return params;
}

/** The treatment an address asks for; one the catalogue does not know is no filter. */
export function treatmentIn(params: URLSearchParams): TreatmentId | undefined {
  const treatment = params.get('treatment');
  return treatment !== null && isTreatmentId(treatment) ? treatment : undefined;
}
