import { describe, expect, it } from 'vitest';
import { type MapClinic, markerSpots } from './map-clinic.ts';

const STOCKHOLM = { latitude: 59.32938, longitude: 18.06871 };
const UPPSALA = { latitude: 59.85882, longitude: 17.63889 };

const clinic = (name: string, position: MapClinic['position']): MapClinic => ({
  id: name,
  slug: name.toLowerCase(),
  fullName: name,
  city: null,
  position,
});

describe('the map’s markers', () => {
  it('puts the clinics of one position behind one marker, in the list’s order, and leaves out the unplaced', () => {
    const spots = markerSpots([
      clinic('Klara', STOCKHOLM),
      clinic('Fyrisån', UPPSALA),
      clinic('Oplacerad', null),
      clinic('Söders', STOCKHOLM),
    ]);
    expect(spots.map((spot) => [spot.position, spot.clinics.map(({ fullName }) => fullName)])).toEqual([
      [STOCKHOLM, ['Klara', 'Söders']],
      [UPPSALA, ['Fyrisån']],
    ]);
  });
});
