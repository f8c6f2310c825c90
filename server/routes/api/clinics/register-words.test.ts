import { expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  type ClinicCursor,
  ClinicCursorSchema,
  ClinicPageSchema,
  type ClinicPage,
} from '../../../../contracts/clinics.ts';
import { decodeCursor } from '../../../../contracts/cursors.ts';
import { queryRows } from '../../../db/client.ts';
import {
  profiles,
  registerSearchPairsBackfill,
  registerShortWordsBackfill,
  registerWordPairsBackfill,
  registerWordsBackfill,
} from '../../../db/schema/index.ts';
import { searchClinics } from '../../../services/clinic-register.ts';
import { CLINICS_COUNTED, type RegisterWordLists, registerWordLists } from '../../../services/register-words.ts';
import { describeEachEngine, insertClinics, insertUnlistedClinics, type TestApp } from '../../../testing/test-app.ts';

// Issue 29: a text, and a near match (a typo, or a kind and a town typed together), page in name order
// from the register's words (migration 0028), reading a page's worth of each word's clinics. They must
// find what the other plans find, page by page, and the words must follow every change of a clinic.

async function register(t: TestApp, query: string): Promise<ClinicPage> {
  const response = await t.app.inject({ url: `/api/clinics?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return ClinicPageSchema.parse(response.json());
}

/** Every page of a search, five cards at a time, as the names of its clinics. */
async function allPages(t: TestApp, search: string): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await register(
      t,
      new URLSearchParams({ search, limit: '5', ...(cursor ? { cursor } : {}) }).toString(),
    );
    found.push(...page.items.map((item) => item.fullName));
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

const KINDS = ['Skönhetsklinik', 'Hudvård', 'Hudklinik', 'Estetik', 'Laserklinik'];
const TOWNS = ['Malmö', 'Växjö', 'Stockholm', 'Kalmar', 'Umeå'];
const SURNAMES = ['Ekström', 'Lindqvist', 'Åberg', 'Öhman', 'Dahlén'];

/** What the words of a clinic's name and city should be in register_words: the register's own split. */
const expectedWords = sql`
  SELECT word, ck_register_key(profiles.name_sort_key, profiles.id) AS register_key, profiles.id AS clinic_id
  FROM profiles, ck_register_words_of(profiles.name_search_key, profiles.city_search_key) AS word
  WHERE profiles.role = 'clinic' AND profiles.is_public`;

async function wordsDifferFromClinics(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ differ: number }>(
    t.db,
    sql`SELECT count(*)::int AS differ FROM (
          (SELECT word, register_key, clinic_id FROM register_words EXCEPT ${expectedWords})
          UNION ALL
          (${expectedWords} EXCEPT SELECT word, register_key, clinic_id FROM register_words)) AS difference`,
  );
  return row?.differ ?? -1;
}

/** The 125 clinics of kinds, towns and surnames the comparisons search: every eighth hidden, every seventh uncertified. */
const MIXED_CLINICS = KINDS.flatMap((kind, k) =>
  TOWNS.flatMap((town, c) =>
    SURNAMES.map((surname, s) => {
      const index = k * 25 + c * 5 + s;
      return {
        fullName: index % 3 === 0 ? `${surname}s ${kind}` : `${town}s ${kind} ${index}`,
        city: index % 4 === 0 ? null : town,
        isPublic: index % 8 !== 5,
        isCertified: index % 7 !== 3,
      };
    }),
  ),
);

/** As before register_words: no typed word has a list, so every page is planned as it was then. */
const none = { lists: [], pairInNoClinic: false };
const noWordLists: RegisterWordLists = { ofText: async () => none, ofKeyGroups: async () => none };

/** Every page of a search, three cards at a time, as the names of its clinics, with these word lists. */
async function everyPage(t: TestApp, search: string, wordLists: RegisterWordLists): Promise<string[]> {
  const found: string[] = [];
  let cursor: ClinicCursor | undefined;
  do {
    const page = await searchClinics(t.db, { search, limit: 3, cursor }, undefined, wordLists);
    found.push(...page.items.map((item) => item.fullName));
    cursor = (page.nextCursor && decodeCursor(ClinicCursorSchema, page.nextCursor)) || undefined;
  } while (cursor);
  return found;
}

describeEachEngine('register search: texts and near matches from the register’s words', {}, (t) => {
  it('pages every found text as PostgreSQL’s own plans do, from the first page to the last', async () => {
    await insertClinics(t.db, MIXED_CLINICS);
    const searches = [
      'ekström',
      'MALMÖ',
      'hudklinik',
      'öhmans estetik',
      'umeås laserklinik 1',
      'berg',
      'dahl',
      'xyzzy',
      // One or two letters: from the lists of their words (hu, ek, ö), or as before where a word of as
      // few in a name has them (13, 1).
      'hu',
      'ek',
      'ö',
      '13',
      '1',
    ];
    const searchKey = (text: string | null) => (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const listed = MIXED_CLINICS.filter(({ isPublic, isCertified }) => isPublic && isCertified);
    for (const search of searches) {
      const fromWords = await everyPage(t, search, registerWordLists);
      expect(fromWords, search).toEqual(await everyPage(t, search, noWordLists));
      const containing = listed.filter(({ fullName, city }) =>
        [fullName, city].some((field) => searchKey(field).includes(searchKey(search))),
      );
      expect(fromWords.toSorted(), search).toEqual(containing.map(({ fullName }) => fullName).toSorted());
    }
  });

  it('knows a text is in no clinic from the pairs of its words, as typed with the signs between them', async () => {
    await insertClinics(t.db, [
      { fullName: 'Solens Hud & Laser', city: 'Växjö' },
      { fullName: 'Hud_Laser Studio', city: 'Umeå' },
      { fullName: 'Hud\\Laser Ateljé', city: 'Kalmar' },
      { fullName: 'Ekströms Skönhetsklinik', city: 'Malmö' },
    ]);
    const pairInNoClinic = async (search: string) => (await registerWordLists.ofText(t.db, search)).pairInNoClinic;
    const found = {
      'hud & laser': ['Solens Hud & Laser'],
      'ens hud & las': ['Solens Hud & Laser'],
      hud_laser: ['Hud_Laser Studio'],
      'hud\\laser': ['Hud\\Laser Ateljé'],
      'ekströms skönhetsklinik': ['Ekströms Skönhetsklinik'],
    };
    for (const [search, names] of Object.entries(found)) {
      expect(await pairInNoClinic(search), search).toBe(false);
      expect(await everyPage(t, search, registerWordLists), search).toEqual(names);
    }
    // A kind and a town typed together, two spaces where the name has one, a sign no name has between
    // the words: in no name or city, so only their near matches are asked, and found as without pairs.
    for (const search of ['skönhetsklinik malmö', 'hud  & laser', 'hud%laser', 'laser växjö']) {
      expect(await pairInNoClinic(search), search).toBe(true);
      const nearMatches = await everyPage(t, search, registerWordLists);
      expect(nearMatches.length, search).toBeGreaterThan(0);
      expect(nearMatches, search).toEqual(await everyPage(t, search, noWordLists));
    }
    // A clinic saved later brings its pairs at once (the trigger).
    expect(await pairInNoClinic('hud & spa')).toBe(true);
    await insertClinics(t.db, [{ fullName: 'Ängens Hud & Spa', city: 'Umeå' }]);
    expect(await pairInNoClinic('hud & spa')).toBe(false);
    expect(await everyPage(t, 'hud & spa', registerWordLists)).toEqual(['Ängens Hud & Spa']);
  });

  it('knows a near match is in no clinic when no clinic has a word of one of its lists with a word of another', async () => {
    await insertClinics(t.db, [
      { fullName: 'Solens Estetik', city: 'Kalmar' },
      { fullName: 'Ängens Hudklinik', city: 'Umeå' },
      { fullName: 'Åbergs Estetiska Klinik', city: 'Malmö' },
    ]);
    const apart = async (...keyGroups: string[][]) =>
      (await registerWordLists.ofKeyGroups(t.db, keyGroups)).pairInNoClinic;
    // estetik's one word is in no clinic with klinik's (klinik, hudklinik): proved without reading a list.
    expect(await apart(['estetiksa', 'estetik'], ['klinik'])).toBe(true);
    expect(await apart(['klinik'], ['solens'])).toBe(true);
    // Together in a clinic: name and name, name and city; a word in both lists (hudklinik has hud and klinik).
    expect(await apart(['estetisk'], ['klinik'])).toBe(false);
    expect(await apart(['solens'], ['kalmar'])).toBe(false);
    expect(await apart(['hud'], ['klinik'])).toBe(false);
    expect(await apart(['klinik'])).toBe(false);
    // The typo behind the slowest search at a million: its near match finds what the walk finds, nothing.
    expect(await everyPage(t, 'estetiksa klinik', registerWordLists)).toEqual([]);
    expect(await everyPage(t, 'estetiksa klinik', noWordLists)).toEqual([]);
    expect(await everyPage(t, 'estetisk klinik', registerWordLists)).toEqual(['Åbergs Estetiska Klinik']);
    // A clinic saved later brings its pairs at once (the trigger), and a renamed one its new pairs.
    const [id = ''] = await insertClinics(t.db, [{ fullName: 'Solens Klinik', city: 'Lund' }]);
    expect(await apart(['klinik'], ['solens'])).toBe(false);
    await t.db.update(profiles).set({ fullName: 'Estetik och Klinik' }).where(eq(profiles.id, id));
    expect(await apart(['estetiksa', 'estetik'], ['klinik'])).toBe(false);
    expect(await everyPage(t, 'estetiksa klinik', registerWordLists)).toEqual(['Estetik och Klinik']);
  });

  it('pages a text of one or two letters from its words only while no word of as few in a name has it', async () => {
    await insertClinics(t.db, [
      { fullName: 'Davids Hudvård', city: 'Växjö' },
      { fullName: 'Ingrids Spa', city: 'Kalmar' },
      { fullName: 'Sigrid Ek Estetik', city: 'Umeå' },
    ]);
    const ofText = (search: string) => registerWordLists.ofText(t.db, search);
    expect((await ofText('id')).lists).toEqual([{ words: ['davids', 'ingrids', 'sigrid'], clinics: 3 }]);
    expect(await everyPage(t, 'id', registerWordLists)).toEqual(['Davids Hudvård', 'Ingrids Spa', 'Sigrid Ek Estetik']);
    // "Ek" is a word of two letters: a search of "ek" must find the clinic whose list has no ek…
    expect((await ofText('ek')).lists).toEqual([undefined]);
    expect(await everyPage(t, 'ek', registerWordLists)).toEqual(['Sigrid Ek Estetik']);
    // …and once a name has "Id" alone, so must one of "id".
    await insertClinics(t.db, [{ fullName: 'Id Hudvård', city: 'Malmö' }]);
    expect((await ofText('id')).lists).toEqual([undefined]);
    expect(await everyPage(t, 'id', registerWordLists)).toEqual([
      'Davids Hudvård',
      'Id Hudvård',
      'Ingrids Spa',
      'Sigrid Ek Estetik',
    ]);
  });

  it('finds a text whose other word is rare in a long list, where the merge asks the other plans', async () => {
    // More public clinics with "kalmar" than a merge reads unbounded (CLINICS_COUNTED), none with "zz".
    await insertUnlistedClinics(t.db, { count: CLINICS_COUNTED + 50, prefix: 'Kalmar Hud ' });
    await insertClinics(t.db, [{ fullName: 'Zz Kalmar Hud' }, { fullName: 'Kalmar Hud Zz' }]);
    expect(await everyPage(t, 'zz kalmar', registerWordLists)).toEqual(['Zz Kalmar Hud']);
    expect(await everyPage(t, 'hud zz', registerWordLists)).toEqual(['Kalmar Hud Zz']);
    expect(await everyPage(t, 'zz kalmar', noWordLists)).toEqual(['Zz Kalmar Hud']);
  }, 60_000);

  it('finds a clinic whose name brings a new word as soon as it enters the register, though the text’s words are kept', async () => {
    await insertClinics(t.db, [{ fullName: 'Holmqvists Hudvård', city: 'Kalmar' }]);
    const found = async () => (await allPages(t, 'holmqvi')).toSorted();
    expect(await found()).toEqual(['Holmqvists Hudvård']);
    // "holmqvigens" is a word no clinic had: the lists kept for "holmqvi" did not have it.
    await insertClinics(t.db, [{ fullName: 'Holmqvigens Spa', city: 'Kalmar' }]);
    await vi.waitFor(async () => expect(await found()).toEqual(['Holmqvigens Spa', 'Holmqvists Hudvård']), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it('pages every near match as the walk of the register does, with hidden and uncertified clinics left out', async () => {
    await insertClinics(t.db, MIXED_CLINICS);
    const searches = [
      'skönhetsklinik malmö',
      'hudvård växj',
      'stokholm',
      'laserklinik umeo',
      'ekströms kalmar',
      'lindqvst',
    ];
    const fromWords = await Promise.all(searches.map((search) => everyPage(t, search, registerWordLists)));
    const fromWalk = await Promise.all(searches.map((search) => everyPage(t, search, noWordLists)));
    expect(fromWords).toEqual(fromWalk);
    // Each search nearly matches some clinics: the comparison is of pages, not of empty answers.
    expect(Object.fromEntries(searches.map((search, index) => [search, (fromWords[index] ?? []).length > 0]))).toEqual(
      Object.fromEntries(searches.map((search) => [search, true])),
    );
  });

  it('keeps a clinic’s words as it is renamed, moves, is hidden and is deleted', async () => {
    const [id = ''] = await insertClinics(t.db, [{ fullName: 'Solrosens Hudklinik', city: 'Kalmar' }]);
    const found = async (search: string) => (await register(t, `search=${encodeURIComponent(search)}`)).items.length;
    expect(await found('solrosen kalmr')).toBe(1);

    await t.db.update(profiles).set({ fullName: 'Vallmons Hudklinik' }).where(eq(profiles.id, id));
    expect(await found('solrosen kalmr')).toBe(0);
    expect(await found('vallmon kalmr')).toBe(1);

    await t.db.update(profiles).set({ city: 'Växjö' }).where(eq(profiles.id, id));
    expect(await found('vallmon kalmr')).toBe(0);
    expect(await found('vallmon vaxjö')).toBe(1);

    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, id));
    expect(await found('vallmon vaxjö')).toBe(0);
    await t.db.update(profiles).set({ isPublic: true }).where(eq(profiles.id, id));
    expect(await found('vallmon vaxjö')).toBe(1);
    expect(await wordsDifferFromClinics(t)).toBe(0);

    await t.db.execute(sql`DELETE FROM certificates WHERE clinic_id = ${id}`);
    await t.db.delete(profiles).where(eq(profiles.id, id));
    expect(await queryRows(t.db, sql`SELECT 1 FROM register_words WHERE clinic_id = ${id}`)).toEqual([]);
  });

  it('fills in the clinics saved before its migration after the migrations, and searches from it once filled', async () => {
    await insertClinics(t.db, [
      { fullName: 'Ekströms Skönhetsklinik', city: 'Malmö' },
      { fullName: 'Malmö Hudvård', city: 'Malmö' },
      { fullName: 'Åbergs Skönhetsklinik', city: 'Umeå' },
    ]);
    // As a register saved before migrations 0028 and 0029 has it: no words or pairs, the backfills pending.
    await t.db.execute(sql`DELETE FROM register_words`);
    await t.db.insert(registerWordsBackfill).values({});
    await t.db.execute(sql`DELETE FROM register_search_pairs`);
    await t.db.insert(registerSearchPairsBackfill).values({});
    await t.db.execute(sql`DELETE FROM register_short_words`);
    await t.db.insert(registerShortWordsBackfill).values({});
    await t.db.execute(sql`DELETE FROM register_word_pairs`);
    await t.db.insert(registerWordPairsBackfill).values({});
    const before = await allPages(t, 'skönhetsklinik malmo');
    expect(before).toEqual(['Ekströms Skönhetsklinik']);
    // No pair is there yet, and none is taken for missing.
    expect(await registerWordLists.ofText(t.db, 'ekströms skönhetsklinik')).toEqual({
      lists: [undefined, undefined],
      pairInNoClinic: false,
    });

    await t.handle.migrate();
    expect(await t.db.select().from(registerWordsBackfill)).toEqual([]);
    expect(await t.db.select().from(registerSearchPairsBackfill)).toEqual([]);
    expect(await t.db.select().from(registerShortWordsBackfill)).toEqual([]);
    expect(await t.db.select().from(registerWordPairsBackfill)).toEqual([]);
    expect(await wordsDifferFromClinics(t)).toBe(0);
    const pairs = await queryRows<{ pair: string }>(t.db, sql`SELECT pair FROM register_search_pairs ORDER BY pair`);
    expect(pairs.map(({ pair }) => pair)).toEqual(
      ['ekstroms skonhetsklinik', 'malmo hudvard', 'abergs skonhetsklinik'].toSorted(),
    );
    expect(await allPages(t, 'skönhetsklinik malmo')).toEqual(before);
    expect((await registerWordLists.ofText(t.db, 'skönhetsklinik malmo')).pairInNoClinic).toBe(true);
    const wordPairs = await queryRows<{ first_word: string; second_word: string }>(
      t.db,
      sql`SELECT first_word, second_word FROM register_word_pairs ORDER BY first_word COLLATE "C", second_word COLLATE "C"`,
    );
    expect(wordPairs.map((pair) => `${pair.first_word} ${pair.second_word}`)).toEqual([
      'abergs skonhetsklinik',
      'abergs umea',
      'ekstroms malmo',
      'ekstroms skonhetsklinik',
      'hudvard malmo',
      'malmo skonhetsklinik',
      'skonhetsklinik umea',
    ]);
  });
});
