import { describe, expect, it } from 'vitest';
import file from './places-se.json' with { type: 'json' };
import { placeKey } from './place-key.ts';
import { findPlace, suggestPlaces } from './places.ts';

describe('the list of Swedish places', () => {
  it('holds every place with the key placeKey gives its name, in Sweden, most populous first', () => {
    expect(file.places.length).toBeGreaterThan(1000);
    let previous = Number.POSITIVE_INFINITY;
    for (const [name, key, county, latitude, longitude, population] of file.places) {
      expect(key).toBe(placeKey(String(name)));
      expect(String(county)).toMatch(/ län$/);
      expect(latitude).toBeGreaterThan(55);
      expect(latitude).toBeLessThan(69.1);
      expect(longitude).toBeGreaterThan(10.9);
      expect(longitude).toBeLessThan(24.2);
      expect(population).toBeLessThanOrEqual(previous);
      previous = Number(population);
    }
  });
});

describe('findPlace', () => {
  it('finds a town with or without å, ä and ö, in any case', () => {
    const malmo = findPlace('Malmö');
    expect(malmo).toMatchObject({ name: 'Malmö', county: 'Skåne län', label: 'Malmö' });
    expect(findPlace('malmo')).toEqual(malmo);
    expect(findPlace('  MALMÖ ')).toEqual(malmo);
    expect(findPlace('Goteborg')?.name).toBe('Göteborg');
    expect(findPlace('upplands-vasby')?.name).toBe('Upplands Väsby');
  });

  it('takes the most populous of places that share a name, or the one of the county named after a comma', () => {
    const largest = findPlace('Anderstorp');
    expect(largest).toMatchObject({ county: 'Jönköpings län', label: 'Anderstorp, Jönköpings län' });
    expect(findPlace('Anderstorp, Västra Götalands län')?.county).toBe('Västra Götalands län');
    expect(findPlace('anderstorp, vastra gotaland')?.county).toBe('Västra Götalands län');
    expect(findPlace(largest?.label ?? '')).toEqual(largest);
  });

  it('finds nothing for a name the list does not have', () => {
    expect(findPlace('Atlantis')).toBeUndefined();
    expect(findPlace('')).toBeUndefined();
    expect(findPlace('Malmö, Uppsala län')).toBeUndefined();
  });
});

describe('suggestPlaces', () => {
  it('gives places beginning with what was typed, most populous first, at most as many as asked', () => {
    expect(suggestPlaces('upp', 8).map((place) => place.name)).toEqual(
      expect.arrayContaining(['Uppsala', 'Upplands Väsby']),
    );
    expect(suggestPlaces('upp', 8)[0]?.name).toBe('Uppsala');
    expect(suggestPlaces('ö', 8).every((place) => placeKey(place.name).startsWith('o'))).toBe(true);
    expect(suggestPlaces('s', 8)).toHaveLength(8);
    expect(suggestPlaces('', 8)).toEqual([]);
    expect(suggestPlaces('xyzzy', 8)).toEqual([]);
  });
});
