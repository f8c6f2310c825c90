import { isTreatmentId, type TreatmentId } from '../../../../contracts/treatments.ts';

/**
 * What the register shows, kept in its address so that it can be shared and reloaded. The place,
 * position and radius are the address's text as it stands: the server checks them and says what is
 * wrong with them, so the page shows its reason rather than quietly dropping them.
 */
export interface RegisterState {
  search: string;
  /** Only clinics whose certificate covers it; none: every clinic. */
  treatment?: TreatmentId;
  /** Only clinics near this place (a suggestion's label, or a name as typed), nearest first. */
  near?: string;
  /** Only clinics near this position (the visitor's own, "Nära mig"), nearest first. */
  lat?: string;
  lon?: string;
  /** Kilometres around the place or position; the server's 25 when left out. */
  radius?: string;
}

/** The address's query for a state: `search=…&treatment=…&near=…&radius=…`, as the API names them; empty for the whole register. */
export function registerParams({ search, treatment, near, lat, lon, radius }: RegisterState): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (treatment) params.set('treatment', treatment);
  if (near) params.set('near', near);
  if (lat !== undefined) params.set('lat', lat);
  if (lon !== undefined) params.set('lon', lon);
  if (radius !== undefined && (near || lat !== undefined)) params.set('radius', radius);
  return params;
}

/** The treatment an address asks for; one the catalogue does not know is no filter. */
export function treatmentIn(params: URLSearchParams): TreatmentId | undefined {
  const treatment = params.get('treatment');
  return treatment !== null && isTreatmentId(treatment) ? treatment : undefined;
}

/**
 * Where an address searches from: its place (trimmed, empty is none), or its position, and its radius.
 * The longitude is `lon`, because `lng` is the page's language (`?lng=en`, web/lib/i18n.ts).
 */
export function originIn(params: URLSearchParams): Pick<RegisterState, 'near' | 'lat' | 'lon' | 'radius'> {
  const near = params.get('near')?.trim() || undefined;
  const lat = params.get('lat') ?? undefined;
  // A radius without a place or position measures nothing: the server's first screen leaves it out too.
  const hasOrigin = near !== undefined || lat !== undefined;
  return {
    near,
    lat,
    lon: params.get('lon') ?? undefined,
    radius: hasOrigin ? (params.get('radius') ?? undefined) : undefined,
  };
}
