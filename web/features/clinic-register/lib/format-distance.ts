// In sv-SE in either language, as the app writes its numbers (web/lib/format.ts): `2,4 km`.
const distanceFormat = new Intl.NumberFormat('sv-SE', {
  style: 'unit',
  unit: 'kilometer',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A card's distance from the place searched near: `2,4 km`. */
export const formatDistanceKm = (km: number) => distanceFormat.format(km);
