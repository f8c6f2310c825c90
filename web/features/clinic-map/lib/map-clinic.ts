import type { RegisterCard } from '../../../../contracts/clinics.ts';

/** A clinic as the map shows it: a marker where it is, and the card the marker opens. */
export type MapClinic = Pick<RegisterCard, 'id' | 'slug' | 'fullName' | 'city' | 'distanceKm' | 'position'>;

/** Sweden's middle, and a zoom that shows the whole country: the map's view before its markers are known. */
export const SWEDEN_VIEW = { center: [16.5, 62.5] as [number, number], zoom: 3.6 };

/** How close the map goes: a clinic's town and its neighbours, never a street it does not know. */
export const MAX_MARKER_ZOOM = 12;

/** A point on the map and the clinics placed there, in the list's order. */
export interface MarkerSpot {
  key: string;
  position: NonNullable<MapClinic['position']>;
  clinics: Omit<MapClinic, 'position'>[];
}

/**
 * The placed clinics grouped by position, in the order each position first appears: clinics placed at
 * their town share its centre (decision 037), and one marker each there would hide all but the top one.
 */
export function markerSpots(clinics: readonly MapClinic[]): MarkerSpot[] {
  const spots = new Map<string, MarkerSpot>();
  for (const { position, ...clinic } of clinics) {
    if (!position) continue;
    const key = `${position.latitude},${position.longitude}`;
    const spot = spots.get(key) ?? { key, position, clinics: [] };
    spot.clinics.push(clinic);
    spots.set(key, spot);
  }
  return [...spots.values()];
}
