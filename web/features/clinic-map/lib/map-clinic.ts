import type { RegisterCard } from '../../../../contracts/clinics.ts';

/** A clinic as the map shows it: a marker where it is, and the card the marker opens. */
export type MapClinic = Pick<RegisterCard, 'id' | 'slug' | 'fullName' | 'city' | 'distanceKm' | 'position'>;

/** Sweden's middle, and a zoom that shows the whole country: the map's view before its markers are known. */
export const SWEDEN_VIEW = { center: [16.5, 62.5] as [number, number], zoom: 3.6 };

/** How close the map goes: a clinic's town and its neighbours, never a street it does not know. */
export const MAX_MARKER_ZOOM = 12;
