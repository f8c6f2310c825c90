import type { Place } from '../../../contracts/clinics.ts';
import file from './places-se.json' with { type: 'json' };
import { placeKey } from './place-key.ts';

// Sweden's towns, villages and city districts with their positions (GeoNames, CC BY 4.0; written by
// scripts/build-places.ts), held in memory: some 1,300 places, looked up without the database and
// without any geocoding service (issue 24).

interface IndexedPlace extends Place {
  key: string;
  countyKeys: readonly string[];
  population: number;
}

/** How a county may be typed after the comma: "Uppsala län", "uppsala", "Stockholms län", "stockholm". */
function countyKeys(county: string): string[] {
  const key = placeKey(county);
  const bare = key.replace(/ lan$/, '');
  return [...new Set([key, bare, bare.replace(/s$/, '')])];
}

/** Most populous first, as the file is written: the first place that fits is the one a lookup means. */
const PLACES: readonly IndexedPlace[] = (() => {
  // JSON imports type a tuple as an array of its members' union: the file's columns say what each is.
  const rows = file.places as unknown as readonly (readonly [string, string, string, number, number, number])[];
  const sharedNames = new Set<string>();
  const seen = new Set<string>();
  for (const [, key] of rows) (seen.has(key) ? sharedNames : seen).add(key);
  return rows.map(([name, key, county, latitude, longitude, population]) => ({
    name,
    key,
    county,
    latitude,
    longitude,
    population,
    label: sharedNames.has(key) ? `${name}, ${county}` : name,
    countyKeys: countyKeys(county),
  }));
})();

/** The place as the API shows it (contracts/clinics.ts PlaceSchema): `label` finds it again by name. */
function publicPlace({ key: _key, countyKeys: _countyKeys, population: _population, ...place }: IndexedPlace): Place {
  return place;
}

/**
 * The place a name means: its name (case, accents, hyphens aside), or "name, county" for one of
 * several places of that name. Where several still fit, the most populous. Undefined for a name the
 * list does not have.
 */
export function findPlace(text: string): Place | undefined {
  const key = placeKey(text);
  if (!key) return undefined;
  const byName = PLACES.find((place) => place.key === key);
  if (byName) return publicPlace(byName);
  const comma = text.lastIndexOf(',');
  if (comma < 0) return undefined;
  const name = placeKey(text.slice(0, comma));
  const county = placeKey(text.slice(comma + 1));
  const found = PLACES.find((place) => place.key === name && place.countyKeys.includes(county));
  return found && publicPlace(found);
}

/** Places whose name begins with what was typed (case and accents aside), most populous first, one per label. */
export function suggestPlaces(text: string, limit: number): Place[] {
  const key = placeKey(text);
  if (!key) return [];
  const labels = new Set<string>();
  const found: Place[] = [];
  for (const place of PLACES) {
    if (found.length >= limit) break;
    if (!place.key.startsWith(key) || labels.has(place.label)) continue;
    labels.add(place.label);
    found.push(publicPlace(place));
  }
  return found;
}
