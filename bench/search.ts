/**
 * Load test of the public register search (GET /api/clinics) against the "original design" of one
 * response holding every certified clinic (filtered in the browser). See bench/README.md.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { cpus, loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import {
  openDatabase,
  queryRows,
  REGISTER_SESSION_OPTIONS,
  type Database,
  type DatabaseHandle,
} from '../server/db/client.ts';
import { profiles } from '../server/db/schema/index.ts';
import { loadEnv } from '../server/env.ts';
import { listenForRegisterChanges } from '../server/lib/register-changes.ts';
import { TREATMENT_IDS, type TreatmentId } from '../contracts/treatments.ts';
import { dateInSweden } from '../server/lib/swedish-date.ts';
import { listedProfiles } from '../server/services/listed.ts';
import { townPosition } from '../server/services/clinic-position.ts';
import { registerClinicCount } from '../server/services/public-profiles.ts';
import placesFile from '../server/lib/places/places-se.json' with { type: 'json' };
import { distinctSearches, seededRandom, zipfSampler } from './zipf-mix.ts';
import { positiveInt } from './env.ts';
import { type CpuSplit, cpuSnapshot, cpuSplit, formatCpuSplit } from './cpu-split.ts';
import { type LoadResult, wrkLoad } from './wrk.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = positiveInt('BENCH_DURATION', 20);
const PG_CLINICS = positiveInt('BENCH_PG_CLINICS', 100_000);
const PGLITE_CLINICS = positiveInt('BENCH_PGLITE_CLINICS', 10_000);
const ENGINES = (process.env.BENCH_ENGINES || 'postgres,pglite').split(',').map((name) => name.trim());
for (const engine of ENGINES) {
  if (engine !== 'postgres' && engine !== 'pglite') {
    throw new Error(`BENCH_ENGINES takes postgres and/or pglite, got "${engine}"`);
  }
}

const SEARCH_CONNECTIONS = 50;
// The register's pool as the app sizes it by default (REGISTER_POOL_SIZE), and the raw replay's: the
// same number of PostgreSQL connections.
const POOL_SIZE = loadEnv({}).REGISTER_POOL_SIZE;
// The long-tailed mix (bench/zipf-mix.ts): distinct searches, Zipf exponent, seed, share of draws that ask
// for the second page, and draws per connection. A run starts at the first draw, its warm-up at draw 200:
// at 100,000 clinics a run reaches about 120 (cache off) and 200 (as it runs), so none repeats its own
// requests. Only the searches drawn are captured, 6,115 of the 10,000 (issue 29 point 4: at a million
// clinics the capture of all of them took 8 minutes).
const ZIPF_SEARCHES = 10_000;
const ZIPF_EXPONENT = 0.8;
const ZIPF_SEED = 13;
const ZIPF_NEXT_PAGE_SHARE = 0.1;
const ZIPF_DRAWS_PER_CONNECTION = 400;
// The page cache keeps this many pages (server/routes/api/clinics/index.ts); the share of draws that go to
// the most asked searches tells how many it could answer.
const PAGE_CACHE_PAGES = 500;
const ALL_CONNECTIONS = 10;
const ALL_DURATION_S = Math.min(10, DURATION_S);
const ALL_LOAD_MAX_CLINICS = 200_000;
const WARMUP_S = Math.min(3, DURATION_S);

/** What visitors type: nothing, one letter, a city (any case, with or without å ä ö), part of a name, a typo. */
const SEARCHES = [
  '',
  'a',
  'ö',
  'k',
  'göteborg',
  'GÖTEBORG',
  'malmo',
  'Malmö',
  'stockholm',
  'västerås',
  'umea',
  'hud',
  'klin',
  'björk',
  'lindq',
  'estet',
  'skönhet',
  'laser',
  'stokholm',
] as const;

/**
 * The treatment filter (issue 22): each treatment alone (second pages of a common and a rare one), and
 * with what visitors type beside it: a city, part of a name, one letter, a typo.
 */
const TREATMENT_SEARCHES: readonly SearchRequest[] = [
  ...TREATMENT_IDS.map((treatment) => ({ search: '', treatment })),
  { search: 'stockholm', treatment: 'fillers' },
  { search: 'göteborg', treatment: 'laser_hair_removal' },
  { search: 'malmo', treatment: 'botulinum_toxin' },
  { search: 'umea', treatment: 'facial' },
  { search: 'västerås', treatment: 'piercing' },
  { search: 'Uppsala', treatment: 'microneedling' },
  { search: 'hud', treatment: 'waxing' },
  { search: 'klin', treatment: 'tattoo_removal' },
  { search: 'laser', treatment: 'laser_skin' },
  { search: 'estet', treatment: 'chemical_peel' },
  { search: 'björk', treatment: 'lash_brow' },
  { search: 'a', treatment: 'fillers' },
  { search: 'ö', treatment: 'facial' },
  { search: 'stokholm', treatment: 'botulinum_toxin' },
];
const TREATMENT_SECOND_PAGES: readonly TreatmentId[] = ['facial', 'fillers'];

/** What visitors type beside a position, and the radii the register offers (10, 25 and 50 km). */
const NEAR_TEXTS = ['hud', 'klin', 'laser', 'estet', 'björk', 'a', 'skönhet', 'lindq'] as const;
const NEAR_RADII = [10, 25, 50] as const;
const NEAR_REQUESTS = 48;
const NEAR_SEED = 24;

/**
 * The near-me mix (issue 24 point 6): positions where people live (a Swedish place drawn by its
 * population, moved up to about 5 km), each radius in turn, alone, with a text, with a treatment and
 * with both. Seeded, so every run asks the same. The first requests (no text, no treatment) also ask
 * their second page.
 */
function nearRequests(): SearchRequest[] {
  const random = seededRandom(NEAR_SEED);
  // JSON imports type a tuple as an array of its members' union: name, key, county, latitude, longitude, population.
  const rows = placesFile.places as unknown as readonly (readonly [string, string, string, number, number, number])[];
  const total = rows.reduce((sum, row) => sum + row[5], 0);
  const drawPlace = () => {
    let left = random() * total;
    for (const row of rows) {
      left -= row[5];
      if (left <= 0) return row;
    }
    return rows[0];
  };
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  return Array.from({ length: NEAR_REQUESTS }, (_, index) => {
    const [, , , latitude, longitude] = drawPlace() ?? rows[0] ?? [];
    const position = {
      lat: Number(((latitude ?? 0) + (random() - 0.5) * 0.09).toFixed(4)),
      lon: Number(((longitude ?? 0) + (random() - 0.5) * 0.18).toFixed(4)),
      radius: NEAR_RADII[index % NEAR_RADII.length] ?? 25,
    };
    const kind = Math.floor(index / NEAR_RADII.length) % 4;
    return {
      search: kind === 1 || kind === 3 ? pick(NEAR_TEXTS) : '',
      treatment: kind >= 2 ? pick(TREATMENT_IDS) : undefined,
      position,
    };
  });
}
const NEAR_SECOND_PAGES = 3;

interface SearchRequest {
  search: string;
  treatment?: TreatmentId;
  /** A visitor's position ("Nära mig") and the radius around it, in km (issue 24). */
  position?: { lat: number; lon: number; radius: number };
}

interface RunSummary {
  engine: string;
  clinics: number;
  endpoint: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers with a status of 400 or above (a search over its budget answers 422). */
  failedStatus: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  /** Requests per second of the same queries sent straight to the database, without the app. */
  rawRps?: number;
  /** The p99 of those queries straight on the database (the near-me mix's limit, issue 24 point 6). */
  rawP99?: number;
  /** Where the CPU time of the measured run went, per request (bench/cpu-split.ts). */
  cpu?: CpuSplit;
}

// Name parts are fixed constants of this file, so quoting them inline is safe (and works on both engines,
// which bind array parameters differently).
function textArray(values: readonly string[]) {
  return sql.raw(`ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
}

function numberArray(values: readonly number[]) {
  return sql.raw(`ARRAY[${values.join(', ')}]::float8[]`);
}

const FIRST_NAMES = [
  'Anna',
  'Linnéa',
  'Klara',
  'Åsa',
  'Maja',
  'Sofia',
  'Ebba',
  'Elin',
  'Märta',
  'Ingrid',
  'Karin',
  'Sara',
  'Lena',
  'Björn',
  'Saga',
  'Tove',
  'Hanna',
  'Ida',
  'Stina',
  'Agnes',
  'Frida',
  'Hélène',
  'Jonas',
  'Malin',
  'Nora',
  'Ronja',
  'Signe',
  'Sölve',
  'Vera',
  'Åke',
];
const SURNAMES = [
  'Lindqvist',
  'Åkerblad',
  'Sjöberg',
  'Öberg',
  'Ekström',
  'Bergström',
  'Håkansson',
  'Nyström',
  'Forsberg',
  'Lundgren',
  'Söderberg',
  'Holmqvist',
  'Wallén',
  'Engström',
  'Sandberg',
  'Löfgren',
  'Ström',
  'Dahlén',
  'Hedlund',
  'Björklund',
  'Jönsson',
  'Andersson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Johansson',
  'Mårtensson',
  'Sundqvist',
  'Åberg',
  'Blomqvist',
  'Wikström',
  'Fredén',
  'Östlund',
  'Berglöf',
];
const NATURE = [
  'Björkens',
  'Ängens',
  'Sjöns',
  'Älvens',
  'Fjällets',
  'Skogens',
  'Havets',
  'Strandens',
  'Lindens',
  'Ekens',
  'Åns',
  'Bäckens',
  'Dalens',
  'Norrskenets',
  'Storsjöns',
  'Vänerns',
  'Kustens',
  'Lövångens',
  'Rosengårdens',
  'Solängens',
];
const KINDS = [
  'Hudvård',
  'Hudklinik',
  'Skönhetsklinik',
  'Estetik',
  'Estetiska Klinik',
  'Hudterapi',
  'Hud & Laser',
  'Skönhetsrum',
  'Hudmottagning',
  'Hudinstitut',
  'Ansiktsklinik',
  'Hudstudio',
  'Hud & Spa',
  'Skinclinic',
  'Hudvårdsateljé',
  'Laserklinik',
  'Skönhetssalong',
  'Hälsa & Hud',
];
// Larger cities are listed more than once so they hold more clinics, as they would.
const CITIES = [
  'Stockholm',
  'Stockholm',
  'Stockholm',
  'Stockholm',
  'Göteborg',
  'Göteborg',
  'Göteborg',
  'Malmö',
  'Malmö',
  'Uppsala',
  'Västerås',
  'Örebro',
  'Linköping',
  'Helsingborg',
  'Jönköping',
  'Norrköping',
  'Lund',
  'Umeå',
  'Gävle',
  'Borås',
  'Södertälje',
  'Eskilstuna',
  'Karlstad',
  'Växjö',
  'Halmstad',
  'Sundsvall',
  'Luleå',
  'Trollhättan',
  'Östersund',
  'Kalmar',
  'Falun',
  'Skövde',
  'Kristianstad',
  'Karlskrona',
  'Skellefteå',
  'Varberg',
  'Örnsköldsvik',
  'Visby',
  'Kiruna',
  'Ängelholm',
  'Åre',
  'Ystad',
];

/**
 * How often a certificate's scope holds each treatment, relative to the others: the everyday work of a
 * skin clinic most, the treatments that need IVO or the municipality's notice least.
 */
const TREATMENT_WEIGHTS: Record<TreatmentId, number> = {
  facial: 30,
  chemical_peel: 14,
  microneedling: 8,
  laser_hair_removal: 14,
  laser_skin: 8,
  botulinum_toxin: 3,
  fillers: 3,
  lash_brow: 20,
  waxing: 18,
  tattoo_removal: 3,
  piercing: 2,
};
/** How many treatments a scope holds, 1 to 5: the cumulative share (of 100) of each count. */
const SCOPE_SIZES = [20, 50, 75, 90, 100] as const;
/**
 * Published reviews of a certified clinic (issue 23): the cumulative share (of 100) of those with none, 1
 * and 2; the other 27 % have 3 to MOST_REVIEWS, so their cards show a rating. Stars as customers give
 * them: 5 for half, 4 for 30 %, 3 for 10 %, 2 and 1 for 5 % each.
 */
const REVIEW_COUNT_SHARES = [55, 65, 73] as const;
const MOST_REVIEWS = 12;
const REVIEW_STARS = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 3, 3, 2, 1] as const;
const REVIEW_TEXT =
  'Noggrann konsultation före behandlingen, tydliga råd om eftervård och en ren och lugn lokal. Jag kommer gärna tillbaka.';

/**
 * Runs a bulk load as pg_restore does: the indexes of each table's access methods in `dropped` are
 * dropped before and built once after, in the same transaction, which at a million rows is minutes
 * faster than growing them row by row. The profiles' B-tree indexes stay: the slug trigger looks its
 * slugs up in one.
 */
async function withIndexesBuiltAfter(
  tx: Database,
  dropped: Record<string, readonly string[]>,
  load: () => Promise<void>,
): Promise<void> {
  const indexes = (
    await Promise.all(
      Object.entries(dropped).map(([table, methods]) =>
        queryRows<{ name: string; definition: string }>(
          tx,
          sql`SELECT index.relname AS name, pg_get_indexdef(index.oid) AS definition
              FROM pg_index JOIN pg_class AS index ON index.oid = pg_index.indexrelid
              JOIN pg_am ON pg_am.oid = index.relam
              WHERE pg_index.indrelid = ${table}::regclass AND pg_am.amname = ANY(${textArray(methods)})`,
        ),
      ),
    )
  ).flat();
  for (const { name } of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(name)}`);
  await load();
  await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const { definition } of indexes) await tx.execute(sql.raw(definition));
}

/**
 * Inserts `total` clinics in set-based statements. Every choice comes from hashint4 of the row
 * number, so each run produces the same register: ~90% listed (certified, with this year's certificate,
 * and public), ~5% without a city. Each certificate's scope holds 1 to 5 treatments (SCOPE_SIZES), drawn
 * by TREATMENT_WEIGHTS without repeats (the smallest exponential keys -ln(u)/weight), in catalogue order.
 * Certified clinics have reviews (REVIEW_COUNT_SHARES, REVIEW_STARS), each from a used invitation.
 */
export async function seedClinics(db: Database, total: number): Promise<void> {
  // hashint4 can return -2^31, whose abs() overflows; shifting into 0..2^32-1 avoids that.
  const drawn = (salt: number, size: number, of = 'i') =>
    `((hashint4((${of})::int + ${salt * 1_000_003})::bigint + 2147483648) % ${size})`;
  const pick = (salt: number, size: number) => sql.raw(drawn(salt, size));
  // A stable id per row number; the version and variant digits are set because the API validates UUIDs.
  const stableId = (key: string) =>
    sql.raw(`overlay(overlay(md5(${key}) placing '5' from 13) placing 'a' from 17)::uuid`);
  const id = stableId(`'ck-bench-' || i`);
  // Clinic i's reviews k = 1, 2, …: how many, and the stars of each (i * 16 + k is the review's own number).
  const reviewCount = sql.raw(
    `CASE WHEN status >= 94 THEN 0 ${REVIEW_COUNT_SHARES.map((share, count) => `WHEN ${drawn(12, 100)} < ${share} THEN ${count}`).join(' ')}
          ELSE ${REVIEW_COUNT_SHARES.length} + ${drawn(13, MOST_REVIEWS - REVIEW_COUNT_SHARES.length + 1)} END`,
  );
  const stars = sql.raw(`(ARRAY[${REVIEW_STARS.join(', ')}])[1 + ${drawn(14, REVIEW_STARS.length, 'i * 16 + k')}]`);
  // CITIES repeats a town to weight it; each town joins once.
  const towns = [...new Set(CITIES)].flatMap((city) => {
    const { latitude, longitude } = townPosition(city);
    return latitude == null || longitude == null ? [] : [{ city, latitude, longitude }];
  });
  const townNames = textArray(towns.map((town) => town.city));
  const townLatitudes = numberArray(towns.map((town) => town.latitude));
  const townLongitudes = numberArray(towns.map((town) => town.longitude));
  await db.transaction(async (tx) => {
    // register_words' rows come from the profiles' insert trigger (migration 0028), into a table without indexes.
    await withIndexesBuiltAfter(tx, { profiles: ['gin', 'gist'], register_words: ['btree'] }, async () => {
      await tx.execute(sql`
        INSERT INTO users (id, email, email_confirmed_at)
        SELECT ${id}, 'klinik' || i || '@bench.example', now()
        FROM generate_series(1, ${total}::int) AS i`);
      await tx.execute(sql`
        INSERT INTO profiles (id, role, full_name, email, company_name, city, latitude, longitude, position_source,
                              website, cover_image_url, is_certified, is_public, application_status, certified_at,
                              review_count, review_rating_sum)
        SELECT ${id}, 'clinic', name, 'klinik' || i || '@bench.example', name || ' AB',
               city, town.latitude, town.longitude, CASE WHEN town.latitude IS NOT NULL THEN 'town'::position_source END,
               CASE WHEN ${pick(5, 2)} = 0 THEN 'https://klinik' || i || '.example' END,
               CASE WHEN ${pick(6, 5)} < 3 THEN '/images/covers/cover-' || (1 + ${pick(7, 4)}) || '.svg' END,
               status < 94, status < 90 OR status BETWEEN 94 AND 97,
               (CASE WHEN status < 94 THEN 'Godkänd' WHEN status < 98 THEN 'Väntar' ELSE 'Nekad' END)::application_status,
               CASE WHEN status < 94 THEN now() - make_interval(days => ${pick(8, 1500)}::int) END,
               reviewed.count, reviewed.stars
        FROM generate_series(1, ${total}::int) AS i
        CROSS JOIN LATERAL (
          SELECT CASE WHEN ${pick(11, 20)} = 0 THEN NULL ELSE (${textArray(CITIES)})[1 + ${pick(1, CITIES.length)}] END AS city,
                 ${pick(2, 100)} AS status,
                 (${textArray(KINDS)})[1 + ${pick(3, KINDS.length)}] AS kind
        ) AS base
        CROSS JOIN LATERAL (
          SELECT CASE ${pick(4, 4)}
                   WHEN 0 THEN (${textArray(SURNAMES)})[1 + ${pick(9, SURNAMES.length)}] || 's ' || kind
                   WHEN 1 THEN (${textArray(NATURE)})[1 + ${pick(9, NATURE.length)}] || ' ' || kind
                   WHEN 2 THEN coalesce(city, 'Sveriges') || ' ' || kind
                   ELSE (${textArray(FIRST_NAMES)})[1 + ${pick(9, FIRST_NAMES.length)}] || ' '
                        || (${textArray(SURNAMES)})[1 + ${pick(10, SURNAMES.length)}] || ' ' || kind
                 END AS name
        ) AS named
        -- At its town, as the product places a clinic that saves its city (issue 24).
        LEFT JOIN (SELECT * FROM unnest(${townNames}, ${townLatitudes}, ${townLongitudes})) AS town(town_name, latitude, longitude)
          ON town.town_name = base.city
        -- The count and star sum the trigger of migration 0020 keeps, written here with the clinic so that
        -- the reviews below leave it as it is: no later update of every reviewed profile.
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS count, coalesce(sum(${stars}), 0)::int AS stars
          FROM generate_series(1, ${reviewCount}) AS k
        ) AS reviewed`);
    });
    // What an approval leaves: a certificate in force from 1 January to 31 December of this Swedish year,
    // with its scope. A clinic's draws come from hashint4 of its id's hash (the ids are stable).
    const draw = (salt: string) =>
      sql.raw(
        `((hashint8(hashtext(id::text)::bigint + ${salt})::bigint + 2147483648) % 4294967296 + 0.5) / 4294967296.0`,
      );
    const weights = sql.raw(
      `ARRAY[${TREATMENT_IDS.map((treatment) => TREATMENT_WEIGHTS[treatment]).join(', ')}]::float8[]`,
    );
    const sizes = sql.raw(
      `CASE ${SCOPE_SIZES.map((upTo, index) => `WHEN size_draw * 100 < ${upTo} THEN ${index + 1}`).join(' ')} END`,
    );
    // These rows are consistent as written (the review counts came with the clinics): no per-row
    // triggers or foreign-key checks, as pg_restore loads (it is a million trigger calls for the reviews).
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
      INSERT INTO certificates (number, clinic_id, valid_from, valid_to, issued_at, treatments)
      SELECT 'CK-' || to_char(day, 'YYYY') || '-' || lpad(nextval('certificate_number_seq')::text, 6, '0'), id,
             date_trunc('year', day)::date, (date_trunc('year', day) + interval '1 year - 1 day')::date, certified_at,
             ARRAY(
               SELECT treatment FROM (
                 SELECT treatment, position
                 FROM unnest(${textArray(TREATMENT_IDS)}, ${weights}) WITH ORDINALITY AS catalogue(treatment, weight, position)
                 ORDER BY -ln(${draw('position * 7919')}) / weight
                 LIMIT ${sizes}
               ) AS chosen
               ORDER BY position
             )
      FROM profiles
      CROSS JOIN (SELECT (now() AT TIME ZONE 'Europe/Stockholm')::date AS day) AS today
      CROSS JOIN LATERAL (SELECT ${draw('104729')} AS size_draw) AS scope
      WHERE role = 'clinic' AND is_certified`);
    // Each review from a used invitation of a visit in the last half year, by an account since deleted (the
    // register reads none of it but the count and the stars). One statement each: the trigger, which runs
    // after the statement, finds the counts above already right.
    const reviews = sql`
      FROM generate_series(1, ${total}::int) AS i
      CROSS JOIN LATERAL (SELECT ${pick(2, 100)} AS status) AS base
      CROSS JOIN generate_series(1, ${reviewCount}) AS k
      CROSS JOIN LATERAL (
        SELECT (now() - make_interval(days => (12 * k + ${sql.raw(drawn(15, 12, 'i * 16 + k'))})::int)) AS used_at
      ) AS dates`;
    const invitationId = stableId(`'ck-bench-invitation-' || i || '-' || k`);
    await tx.execute(sql`
      INSERT INTO review_invitations (id, clinic_id, email, visit_date, token_hash, created_at, expires_at, used_at)
      SELECT ${invitationId}, ${id}, 'kund' || i || '-' || k || '@bench.example',
             (used_at - interval '3 days')::date, md5('ck-bench-token-' || i || '-' || k),
             used_at - interval '2 days', used_at + interval '28 days', used_at
      ${reviews}`);
    await tx.execute(sql`
      INSERT INTO clinic_reviews (invitation_id, clinic_id, rating, text, visit_date, created_at)
      SELECT ${invitationId}, ${id}, ${stars}, ${REVIEW_TEXT}, (used_at - interval '3 days')::date, used_at
      ${reviews}`);
  });
  // VACUUM as well as ANALYZE: it empties the GIN pending lists and sets the visibility map, the
  // steady state autovacuum would reach in production.
  await db.execute(sql`VACUUM ANALYZE users`);
  await db.execute(sql`VACUUM ANALYZE profiles`);
  await db.execute(sql`VACUUM ANALYZE register_words`);
  await db.execute(sql`VACUUM ANALYZE certificates`);
  await db.execute(sql`VACUUM ANALYZE review_invitations`);
  await db.execute(sql`VACUUM ANALYZE clinic_reviews`);
}

function registerRows(db: Database) {
  return queryRows(
    db,
    sql`SELECT ${profiles.id} AS id, ${profiles.fullName} AS "fullName", ${profiles.city} AS city,
               ${profiles.website} AS website, ${profiles.coverImageUrl} AS "coverImageUrl"
        FROM ${listedProfiles(dateInSweden(new Date()))}
        ORDER BY ${profiles.nameSortKey} COLLATE "C", ${profiles.id}`,
  );
}

/** The header in which captureQueries names a request whose statements it records. */
const CAPTURE_HEADER = 'x-bench-capture';
/** The statements of each request captureQueries has in flight, by its path (sent in CAPTURE_HEADER). */
const capturing = new Map<string, CapturedQuery[]>();
/** The statements of the request being handled, in the async context of its handling. */
const requestStatements = new AsyncLocalStorage<CapturedQuery[]>();

/** The real app with default settings but for `settings`, and the original design's endpoint. */
async function startApp(
  handle: DatabaseHandle,
  settings: NodeJS.ProcessEnv = {},
): Promise<{ app: FastifyInstance; baseUrl: string; close: () => Promise<void> }> {
  const { db, registerDb } = handle;
  // Errors only: an answer that fails under load says why on stderr, and no line is written per request.
  // Told of register changes as server.ts's app is: the register search keeps each text's words till then.
  const app = await buildApp({
    db,
    registerDb,
    env: loadEnv(settings),
    logger: { level: 'error' },
    registerChanges: (log) => listenForRegisterChanges(handle, { log }),
  });
  // Requests still being handled: when a load stops, wrk drops its connections, but the handlers of the
  // requests it sent go on (and need the database the bench is about to drop). Callback hooks: an async
  // hook costs each request a promise, which the raw replay it is measured against does not pay.
  let handling = 0;
  app.addHook('onRequest', (request, _reply, done) => {
    handling += 1;
    // A context opened in the hook's callback lasts through the request's handling (inject's caller's does not).
    const statements = capturing.get(String(request.headers[CAPTURE_HEADER]));
    if (statements) requestStatements.run(statements, done);
    else done();
  });
  app.addHook('onSend', (_request, _reply, payload, done) => {
    handling -= 1;
    done(null, payload);
  });
  const close = async () => {
    for (let waited = 0; handling > 0 && waited < 120_000; waited += 50) await delay(50);
    await app.close();
  };
  // The original design, registered here only: every certified, public clinic in one answer.
  app.get('/bench/all-certified', async () => ({ items: await registerRows(db) }));
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl, close };
}

function searchPath({ search, treatment, position }: SearchRequest, cursor?: string): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (treatment) query.set('treatment', treatment);
  if (position) {
    query.set('lat', String(position.lat));
    query.set('lon', String(position.lon));
    query.set('radius', String(position.radius));
  }
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `/api/clinics?${text}` : '/api/clinics';
}

interface Probe {
  path: string;
  items: number;
  latencyMs: number;
}

/** One request at a time per path: checks each answers 200 and shows what a lone visitor waits. */
async function probe(baseUrl: string, path: string): Promise<Probe & { nextCursor: string | null }> {
  const times: number[] = [];
  let body: { items: unknown[]; nextCursor: string | null } | undefined;
  for (let round = 0; round < 6; round++) {
    const started = performance.now();
    const response = await fetch(baseUrl + path);
    const text = await response.text();
    if (round > 0) times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    body = JSON.parse(text) as { items: unknown[]; nextCursor: string | null };
  }
  times.sort((a, b) => a - b);
  const latencyMs = times[Math.floor(times.length / 2)] ?? 0;
  return { path, items: body?.items.length ?? 0, nextCursor: body?.nextCursor ?? null, latencyMs };
}

/**
 * Sends each request of a mix alone and prints what it waits, then the second page of those that
 * `withSecondPage` picks (keyset pagination in the mix); returns the mix's paths in that order.
 */
async function probeMix(
  baseUrl: string,
  requests: readonly SearchRequest[],
  withSecondPage: (request: SearchRequest) => boolean,
): Promise<string[]> {
  const probes: Probe[] = [];
  for (const request of requests) {
    const result = await probe(baseUrl, searchPath(request));
    probes.push(result);
    if (withSecondPage(request) && result.nextCursor)
      probes.push(await probe(baseUrl, searchPath(request, result.nextCursor)));
  }
  console.log('  single requests without the page cache (median of 5, no other load):');
  for (const { path, items, latencyMs } of probes) {
    console.log(
      `    ${latencyMs.toFixed(1).padStart(7)} ms  ${String(items).padStart(3)} items  ${decodeURIComponent(path)}`,
    );
  }
  return probes.map(({ path }) => path);
}

/** A statement as the app sent it to the database driver: the text, the parameters, and its name if it had one (queryRowsPlannedOnce). */
export interface CapturedQuery {
  name?: string;
  text: string;
  values: unknown[];
}

interface QueryClient {
  query: (...args: unknown[]) => Promise<unknown>;
}

/**
 * Hands `record` every statement `db` sends, by wrapping its driver's `query` (node-postgres pool or
 * PGlite): the exact text and parameters, as Drizzle built them. The returned function stops it.
 */
export function recordStatements(db: Database, record: (query: CapturedQuery) => void): () => void {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args as [string | { name?: string; text: string }, unknown[] | undefined];
    const { name, text } = typeof config === 'string' ? { name: undefined, text: config } : config;
    record({ ...(name ? { name } : {}), text, values: values ?? [] });
    return original.apply(this, args);
  };
  return () => {
    client.query = original;
  };
}

/**
 * How many requests captureQueries sends at once: one per core, as the database does the work. At a
 * million clinics the Zipf mix's 13,000 requests took 8 minutes one at a time (issue 29 point 4).
 */
const CAPTURE_CONCURRENCY = Math.max(1, cpus().length);

/**
 * Records every statement the app sends for each request (recordStatements), the second time it is
 * asked: CAPTURE_CONCURRENCY at a time through `inject`, each statement told to its request by the async context it was sent in (the
 * one startApp's hook opens for the request's CAPTURE_HEADER).
 */
async function captureQueries(
  app: FastifyInstance,
  handle: DatabaseHandle,
  paths: Iterable<string>,
): Promise<Map<string, { queries: CapturedQuery[]; body: string }>> {
  const stop = recordStatements(handle.registerDb, (query) => requestStatements.getStore()?.push(query));
  const captured = new Map<string, { queries: CapturedQuery[]; body: string }>();
  const times: [number, string][] = [];
  const pending = new Set(paths).values();
  const capture = async (path: string) => {
    // First as the load's warm-up would send it: what the app keeps in memory (a text's register
    // words) is kept then, so the second time sends the statements of every later time.
    await app.inject({ method: 'GET', url: path });
    const queries: CapturedQuery[] = [];
    capturing.set(path, queries);
    const sent = performance.now();
    const response = await app.inject({ method: 'GET', url: path, headers: { [CAPTURE_HEADER]: path } });
    times.push([performance.now() - sent, path]);
    capturing.delete(path);
    if (response.statusCode !== 200)
      throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    captured.set(path, { queries, body: response.body });
  };
  try {
    await Promise.all(
      Array.from({ length: CAPTURE_CONCURRENCY }, async () => {
        for (const path of pending) await capture(path);
      }),
    );
  } finally {
    stop();
  }
  // One request may send none (a text in no register word is in no clinic), all of them only from the page cache.
  if ([...captured.values()].every(({ queries }) => queries.length === 0))
    throw new Error('No request sent a statement to the database: is the page cache off?');
  if (times.length > 100) {
    times.sort((a, b) => b[0] - a[0]);
    const statements = (path: string) => captured.get(path)?.queries.length ?? 0;
    console.log(
      `  slowest of ${times.length} requests, ${CAPTURE_CONCURRENCY} at a time: ${times
        .slice(0, 5)
        .map(([ms, path]) => `${decodeURIComponent(path)} ${ms.toFixed(0)} ms (${statements(path)} statements)`)
        .join(', ')}`,
    );
  }
  return captured;
}

/** The Zipf mix's 10,000 distinct searches, in rank order (bench/explain-search.ts reads them too). */
export function zipfSearches(random = seededRandom(ZIPF_SEED)): string[] {
  return distinctSearches(
    { firstNames: FIRST_NAMES, surnames: SURNAMES, nature: NATURE, kinds: KINDS, cities: CITIES },
    ZIPF_SEARCHES,
    random,
  );
}

interface ZipfMix {
  /** One sequence of paths per connection. */
  sequences: string[][];
  distinctPaths: number;
  topShare: number;
}

/**
 * The long-tailed mix: each connection draws its own sequence of searches (Zipf over 10,000 distinct
 * ones, seeded), and one draw in ten asks for the search's second page when it has one.
 */
function zipfDraws(): { searches: string[]; draws: { rank: number; nextPage: boolean }[][]; topShare: number } {
  const random = seededRandom(ZIPF_SEED);
  const searches = zipfSearches(random);
  const sampler = zipfSampler(searches.length, ZIPF_EXPONENT, random);
  const draws = Array.from({ length: SEARCH_CONNECTIONS }, () =>
    Array.from({ length: ZIPF_DRAWS_PER_CONNECTION }, () => ({
      rank: sampler.draw(),
      nextPage: random() < ZIPF_NEXT_PAGE_SHARE,
    })),
  );
  return { searches, draws, topShare: sampler.shareOfTop(PAGE_CACHE_PAGES) };
}

/** Builds the Zipf mix's paths (second pages need the first page's cursor) and captures the statements of each. */
async function zipfMix(
  app: FastifyInstance,
  handle: DatabaseHandle,
  queries: Map<string, CapturedQuery[]>,
): Promise<ZipfMix> {
  const { searches, draws, topShare } = zipfDraws();
  const drawn = new Set(draws.flat().map(({ rank }) => rank));
  const firstPages = await captureQueries(
    app,
    handle,
    [...drawn].sort((a, b) => a - b).map((rank) => searchPath({ search: searches[rank] ?? '' })),
  );
  const nextPath = new Map<string, string>();
  for (const [path, { queries: statements, body }] of firstPages) {
    queries.set(path, statements);
    const { nextCursor } = JSON.parse(body) as { nextCursor: string | null };
    if (nextCursor) nextPath.set(path, `${path}${path.includes('?') ? '&' : '?'}cursor=${nextCursor}`);
  }
  const sequences = draws.map((connection) =>
    connection.map(({ rank, nextPage }) => {
      const first = searchPath({ search: searches[rank] ?? '' });
      return (nextPage && nextPath.get(first)) || first;
    }),
  );
  const secondPages = await captureQueries(
    app,
    handle,
    sequences.flat().filter((path) => !queries.has(path)),
  );
  for (const [path, { queries: statements }] of secondPages) queries.set(path, statements);
  return { sequences, distinctPaths: new Set(sequences.flat()).size, topShare };
}

/**
 * The Zipf mix's requests as its connections would send them, one round of every connection's next
 * draw after another: wrk's connections take the next path of one list as each answer comes in.
 */
function interleaved(sequences: readonly (readonly string[])[]): string[] {
  const length = Math.max(...sequences.map((sequence) => sequence.length));
  return Array.from({ length }, (_, draw) => sequences.flatMap((sequence) => sequence[draw] ?? [])).flat();
}

interface ReplayResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

/**
 * The ceiling: the statements each request of a mix made, replayed straight through the driver by
 * SEARCH_CONNECTIONS loops (each walking its connection's sequence) over a pool of POOL_SIZE, with no
 * HTTP and no app. A request is all of its statements, one after the other, as the app sends them.
 */
async function replay(
  execute: (query: CapturedQuery) => Promise<unknown>,
  sequences: readonly (readonly string[])[],
  queries: ReadonlyMap<string, CapturedQuery[]>,
  start: number,
  seconds: number,
): Promise<ReplayResult> {
  const latencies: number[] = [];
  const began = performance.now();
  const end = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: SEARCH_CONNECTIONS }, async (_, connection) => {
      const sequence = sequences[connection % sequences.length] ?? [];
      // Loops sharing one sequence start one request apart, as wrk's connections take the next path of
      // one list: in step, every loop sent the same statement at once, which PostgreSQL served from warm
      // caches (the fixed mix at 100,000: 0.94 ms of PostgreSQL per search in step, 1.08 ms a request
      // apart, 1.13 ms under the app).
      const offset = sequences.length === 1 ? connection : 0;
      for (let index = start + offset; performance.now() < end; index++) {
        const statements = queries.get(sequence[index % sequence.length] ?? '') ?? [];
        const sent = performance.now();
        for (const statement of statements) await execute(statement);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), requests: latencies.length };
}

async function load(
  baseUrl: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
  start = 0,
): Promise<LoadResult> {
  return wrkLoad(baseUrl, paths, { connections, seconds, start });
}

function summarize(
  base: Pick<RunSummary, 'engine' | 'clinics' | 'endpoint' | 'connections'>,
  result: LoadResult,
): RunSummary {
  const { requests, seconds } = result;
  return {
    ...base,
    seconds,
    requests,
    rps: requests / seconds,
    p50: Math.round(result.p50),
    p99: Math.round(result.p99),
    failedStatus: result.failedStatus,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: requests > 0 ? result.bytes / requests : 0,
  };
}

function printRun(run: RunSummary): void {
  console.log(
    `  ${run.endpoint}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.requests} requests, ` +
      `status ≥ 400: ${run.failedStatus}, errors ${run.errors} (timeouts ${run.timeouts}), ~${formatBytes(run.bytesPerResponse)}/response` +
      (run.cpu ? `\n    ${formatCpuSplit(run.cpu)}` : ''),
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${bytes.toFixed(0)} B`;
}

type Execute = (query: CapturedQuery) => Promise<unknown>;

/**
 * Seeds, then loads the search mixes and the all-certified answer, then replays the mixes' statements
 * straight on the database (`rawExecute`). `drain` resolves once the database has finished the queries
 * of requests a load run left behind (autocannon drops its connections when time is up, but the server
 * still runs what it has queued), so one phase does not slow the next.
 */
async function benchEngine(
  engine: string,
  handle: DatabaseHandle,
  clinics: number,
  drain: () => Promise<void>,
  rawExecute: Execute,
): Promise<RunSummary[]> {
  let started = performance.now();
  await handle.migrate();
  await seedClinics(handle.db, clinics);
  const visible = await registerClinicCount(handle.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`  seeded ${clinics} clinics (${visible} listed) in ${seconds} s`);

  // First without the page cache (docs/decisions/009), so every request reaches the database: single
  // requests, the search mixes and the original design.
  const runs: RunSummary[] = [];
  const uncached = await startApp(handle, { REGISTER_CACHE_SECONDS: '0' });
  const queries = new Map<string, CapturedQuery[]>();
  let paths: string[];
  let treatmentPaths: string[];
  let nearPaths: string[];
  let zipf: ZipfMix;
  let fixedUncached: RunSummary;
  let treatmentUncached: RunSummary;
  let nearUncached: RunSummary;
  let zipfUncached: RunSummary;
  try {
    const { baseUrl } = uncached;
    // The second page of the unfiltered register, to include keyset pagination in the mix.
    paths = await probeMix(
      baseUrl,
      SEARCHES.map((search) => ({ search })),
      ({ search }) => search === '',
    );
    treatmentPaths = await probeMix(
      baseUrl,
      TREATMENT_SEARCHES,
      ({ search, treatment }) => !search && TREATMENT_SECOND_PAGES.some((second) => second === treatment),
    );
    const near = nearRequests();
    const nearSecondPages = new Set(
      near.filter((request) => !request.search && !request.treatment).slice(0, NEAR_SECOND_PAGES),
    );
    nearPaths = await probeMix(baseUrl, near, (request) => nearSecondPages.has(request));
    for (const [path, { queries: statements }] of await captureQueries(uncached.app, handle, [
      ...paths,
      ...treatmentPaths,
      ...nearPaths,
    ]))
      queries.set(path, statements);

    started = performance.now();
    zipf = await zipfMix(uncached.app, handle, queries);
    console.log(
      `  Zipf mix: ${ZIPF_SEARCHES} searches (exponent ${ZIPF_EXPONENT}, seed ${ZIPF_SEED}), ${zipf.distinctPaths} distinct requests ` +
        `with second pages; the ${PAGE_CACHE_PAGES} most asked get ${(zipf.topShare * 100).toFixed(0)}% of the draws; ` +
        `each asked once and its statements captured in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Each mix through the app, then its statements straight on the database (the ceiling), back to
    // back: this machine's speed drifts by half within an hour, and a ceiling measured after every
    // other run was measured on a warmer database and a different machine (issue 29 point 4).
    const withRaw = async (appRun: RunSummary, endpoint: string, sequences: readonly (readonly string[])[]) => {
      const raw = await replayMix(engine, clinics, endpoint, rawExecute, sequences, queries, drain);
      appRun.rawRps = raw.rps;
      appRun.rawP99 = raw.p99;
      runs.push(appRun, raw);
      return appRun;
    };
    fixedUncached = await withRaw(
      await loadSearchMix(engine, clinics, 'GET /api/clinics (mix, no page cache)', baseUrl, paths, drain),
      'raw database (mix statements)',
      [paths],
    );
    treatmentUncached = await withRaw(
      await loadSearchMix(
        engine,
        clinics,
        'GET /api/clinics?treatment= (mix, no page cache)',
        baseUrl,
        treatmentPaths,
        drain,
      ),
      'raw database (treatment mix statements)',
      [treatmentPaths],
    );
    nearUncached = await withRaw(
      await loadSearchMix(
        engine,
        clinics,
        'GET /api/clinics?lat=&lon= (near-me mix, no page cache)',
        baseUrl,
        nearPaths,
        drain,
      ),
      'raw database (near-me mix statements)',
      [nearPaths],
    );
    zipfUncached = await withRaw(
      await loadZipfMix(engine, clinics, 'GET /api/clinics (Zipf, no page cache)', baseUrl, zipf.sequences, drain),
      'raw database (Zipf statements)',
      zipf.sequences,
    );

    started = performance.now();
    const response = await fetch(`${baseUrl}/bench/all-certified`);
    const bytes = (await response.arrayBuffer()).byteLength;
    const aloneMs = (performance.now() - started).toFixed(0);
    console.log(`  all-certified: one answer is ${formatBytes(bytes)} (${bytes} bytes), alone in ${aloneMs} ms`);
    // At a million clinics one answer is 140 MB, and ten at once filled the bench's heap (4 GB): loaded
    // only where it fits; alone, above, it still shows what the original design costs.
    if (clinics <= ALL_LOAD_MAX_CLINICS) {
      const all = summarize(
        { engine, clinics, endpoint: 'GET /bench/all-certified', connections: ALL_CONNECTIONS },
        await load(baseUrl, ['/bench/all-certified'], ALL_CONNECTIONS, ALL_DURATION_S),
      );
      printRun(all);
      runs.push(all);
      await drain();
    }
  } finally {
    await uncached.close();
  }

  // Then the product as it runs by default.
  const cached = await startApp(handle);
  try {
    const fixed = await loadSearchMix(engine, clinics, 'GET /api/clinics (mix)', cached.baseUrl, paths, drain);
    const treatment = await loadSearchMix(
      engine,
      clinics,
      'GET /api/clinics?treatment= (mix)',
      cached.baseUrl,
      treatmentPaths,
      drain,
    );
    const nearCached = await loadSearchMix(
      engine,
      clinics,
      'GET /api/clinics?lat=&lon= (near-me mix)',
      cached.baseUrl,
      nearPaths,
      drain,
    );
    const zipfCached = await loadZipfMix(
      engine,
      clinics,
      'GET /api/clinics (Zipf)',
      cached.baseUrl,
      zipf.sequences,
      drain,
    );
    runs.push(fixed, treatment, nearCached, zipfCached);

    // Against the ceiling measured beside the mix's uncached run.
    for (const [run, uncachedRun] of [
      [fixed, fixedUncached],
      [treatment, treatmentUncached],
      [nearCached, nearUncached],
      [zipfCached, zipfUncached],
    ] as const) {
      run.rawRps = uncachedRun.rawRps;
      run.rawP99 = uncachedRun.rawP99;
    }
    for (const run of [
      fixedUncached,
      treatmentUncached,
      nearUncached,
      zipfUncached,
      fixed,
      treatment,
      nearCached,
      zipfCached,
    ]) {
      const p99 = run.rawP99 ? `, p99 ${(run.p99 / run.rawP99).toFixed(2)}× the raw p99` : '';
      console.log(`  ${run.endpoint}: ${percentOfRaw(run)} of the raw database rate${p99}`);
    }
  } finally {
    await cached.close();
  }
  return runs;
}

function percentOfRaw(run: RunSummary): string {
  return run.rawRps ? `${((run.rps / run.rawRps) * 100).toFixed(0)}%` : '';
}

async function loadZipfMix(
  engine: string,
  clinics: number,
  endpoint: string,
  baseUrl: string,
  sequences: readonly (readonly string[])[],
  drain: () => Promise<void>,
): Promise<RunSummary> {
  const paths = interleaved(sequences);
  // The warm-up starts half-way through each sequence, so the measured run does not repeat its requests.
  await load(baseUrl, paths, SEARCH_CONNECTIONS, WARMUP_S, (ZIPF_DRAWS_PER_CONNECTION / 2) * sequences.length);
  await drain();
  const before = cpuSnapshot();
  const result = await load(baseUrl, paths, SEARCH_CONNECTIONS, DURATION_S);
  const run = summarize({ engine, clinics, endpoint, connections: SEARCH_CONNECTIONS }, result);
  run.cpu = { ...cpuSplit(before, cpuSnapshot(), run.requests), loadGenerator: result.cpuMs / run.requests };
  printRun(run);
  await drain();
  return run;
}

async function replayMix(
  engine: string,
  clinics: number,
  endpoint: string,
  execute: Execute,
  sequences: readonly (readonly string[])[],
  queries: ReadonlyMap<string, CapturedQuery[]>,
  drain: () => Promise<void>,
): Promise<RunSummary> {
  const half = Math.floor((sequences[0]?.length ?? 0) / 2);
  await replay(execute, sequences, queries, half, WARMUP_S);
  await drain();
  const before = cpuSnapshot();
  const result = await replay(execute, sequences, queries, 0, DURATION_S);
  const cpu = cpuSplit(before, cpuSnapshot(), result.requests);
  const run: RunSummary = {
    engine,
    clinics,
    endpoint,
    connections: SEARCH_CONNECTIONS,
    seconds: DURATION_S,
    requests: result.requests,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    failedStatus: 0,
    errors: 0,
    timeouts: 0,
    bytesPerResponse: 0,
    cpu,
  };
  printRun(run);
  await drain();
  return run;
}

async function loadSearchMix(
  engine: string,
  clinics: number,
  endpoint: string,
  baseUrl: string,
  paths: readonly string[],
  drain: () => Promise<void>,
): Promise<RunSummary> {
  await load(baseUrl, paths, SEARCH_CONNECTIONS, WARMUP_S);
  await drain();
  const before = cpuSnapshot();
  const result = await load(baseUrl, paths, SEARCH_CONNECTIONS, DURATION_S);
  const run = summarize({ engine, clinics, endpoint, connections: SEARCH_CONNECTIONS }, result);
  run.cpu = { ...cpuSplit(before, cpuSnapshot(), run.requests), loadGenerator: result.cpuMs / run.requests };
  printRun(run);
  await drain();
  return run;
}

async function benchPostgres(): Promise<RunSummary[]> {
  const name = `ck_bench_${Date.now()}`;
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let handle: DatabaseHandle | undefined;
  /** Sessions of the app on the bench database; `busyOnly` counts those running a query. */
  const sessions = async (busyOnly: boolean) => {
    const { rows } = await admin.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = $1 AND backend_type = 'client backend' ${busyOnly ? "AND state <> 'idle'" : ''}`,
      [name],
    );
    return rows[0]?.count ?? 0;
  };
  const waitForSessions = async (busyOnly: boolean, timeoutMs: number) => {
    for (let waited = 0; waited < timeoutMs; waited += 100) {
      if ((await sessions(busyOnly)) === 0) return true;
      await delay(100);
    }
    return false;
  };
  let rawPool: pg.Pool | undefined;
  const dropDatabase = async () => {
    await handle?.close().catch(() => undefined);
    handle = undefined;
    await rawPool?.end().catch(() => undefined);
    rawPool = undefined;
    // The pool's connections close a moment after close() resolves; terminating one before that would
    // raise an error on a pool nobody listens to any more, so give them time and terminate only leftovers.
    await waitForSessions(false, 5_000);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    console.log(`  dropped database ${name}`);
  };
  // Ctrl-C would skip the finally below and leave a large database behind.
  const onSignal = () => {
    void dropDatabase().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    console.log(`PostgreSQL: database ${name} on ${databaseUrl.host}`);
    // The register's searches on their own connections, as the app runs them, with a budget no search
    // reaches: the bench measures what a search costs, not where the budget would cut it.
    handle = await openDatabase({
      url: databaseUrl.toString(),
      registerPoolSize: POOL_SIZE,
      searchBudgetMs: 60_000,
    });
    const drain = async () => {
      if (!(await waitForSessions(true, 120_000))) {
        throw new Error('the database was still busy 2 minutes after the load stopped');
      }
    };
    // With the settings of the app's register connections, so both run the same plans.
    rawPool = new pg.Pool({
      connectionString: databaseUrl.toString(),
      max: POOL_SIZE,
      options: REGISTER_SESSION_OPTIONS,
    });
    const raw = rawPool;
    // Named as the app named it: a named statement is parsed once per connection and may keep a generic plan.
    return await benchEngine('postgres', handle, PG_CLINICS, drain, ({ name, text, values }) =>
      raw.query({ name, text, values }),
    );
  } finally {
    process.off('SIGINT', onSignal);
    try {
      await dropDatabase();
    } finally {
      await admin.end();
    }
  }
}

async function benchPglite(): Promise<RunSummary[]> {
  console.log('PGlite: in memory');
  const handle = await openDatabase({});
  try {
    const db = handle.db;
    // PGlite runs one query at a time, in order: once this one answers, every earlier one has finished.
    const drain = async () => {
      await db.execute(sql`SELECT 1`);
    };
    const client = (db as unknown as { $client: QueryClient }).$client;
    return await benchEngine('pglite', handle, PGLITE_CLINICS, drain, (query) =>
      client.query(query.text, query.values),
    );
  } finally {
    await handle.close();
  }
}

function printSummary(runs: readonly RunSummary[]): void {
  const header = [
    ...['engine', 'clinics', 'endpoint', 'conns', 's', 'requests', 'req/s'],
    ...['p50 ms', 'p99 ms', '% of raw', 'status ≥ 400', 'errors', 'timeouts', 'bytes/resp'],
    // CPU per request (bench/cpu-split.ts): PostgreSQL, the app's thread (or the replay's), the rest of the bench, wrk.
    ...['PG CPU ms', 'main ms', 'other ms', 'wrk ms'],
  ];
  const cpuMs = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2));
  const rows = runs.map((run) => [
    run.engine,
    String(run.clinics),
    run.endpoint,
    String(run.connections),
    run.seconds.toFixed(0),
    String(run.requests),
    run.rps.toFixed(0),
    String(run.p50),
    String(run.p99),
    percentOfRaw(run),
    String(run.failedStatus),
    String(run.errors),
    String(run.timeouts),
    run.bytesPerResponse.toFixed(0),
    cpuMs(run.cpu?.postgres),
    cpuMs(run.cpu?.mainThread),
    cpuMs(run.cpu?.otherThreads),
    cpuMs(run.cpu?.loadGenerator),
  ]);
  // At least 3 wide, so every cell of the Markdown delimiter row holds a hyphen.
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  // The first three columns are text (left-aligned), the rest numbers (right-aligned).
  const isText = (column: number) => column < 3;
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (isText(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log('\nSummary (latencies count answered requests only; a timed-out request counts as an error)');
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (isText(column) ? ` ${'-'.repeat(width)} ` : ` ${'-'.repeat(width - 1)}: `)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

// Imported (for seedClinics, e.g. to EXPLAIN queries on the same data) it runs nothing.
if (import.meta.main) {
  const runs: RunSummary[] = [];
  // Other work on the machine skews every number below; the load average tells a reader whether there was any.
  console.log(
    `${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `Search mix: ${SEARCH_CONNECTIONS} connections for ${DURATION_S} s after a ${WARMUP_S} s warm-up; ` +
      `all-certified: ${ALL_CONNECTIONS} connections for ${ALL_DURATION_S} s\n`,
  );
  if (ENGINES.includes('postgres')) runs.push(...(await benchPostgres()));
  if (ENGINES.includes('pglite')) runs.push(...(await benchPglite()));
  printSummary(runs);
}
