import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ClinicCard, ClinicCardSchema, type ClinicPage, ClinicPageSchema } from '../../../../contracts/clinics.ts';
import { CLINIC_PAGE_SIZE } from '../../../../contracts/constants.ts';
import { encodeCursor } from '../../../../contracts/cursors.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { queryRows } from '../../../db/client.ts';
import { profiles } from '../../../db/schema/index.ts';
import { dateInSweden } from '../../../lib/swedish-date.ts';
import { issueCertificate, suspendCertificates, withdrawActiveCertificate } from '../../../services/certificates.ts';
import { SUSPENDED_CLINIC } from '../../../services/demo/scope.ts';
import { DEMO_CLINICS } from '../../../services/demo/seed.ts';
import { createTestApp, describeEachEngine, insertClinics, type TestApp } from '../../../testing/test-app.ts';

// The demo's suspended certificate takes its clinic out of the register (issue 22).
const REGISTER = DEMO_CLINICS.filter(
  (clinic) => (clinic.certified ?? true) && (clinic.isPublic ?? true) && clinic.name !== SUSPENDED_CLINIC,
);
const swedish = new Intl.Collator('sv');

async function getClinics(
  t: TestApp,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await t.app.inject({ url: `/api/clinics?${params}`, headers });
  return response;
}

async function getPage(t: TestApp, query: Record<string, string | number> = {}): Promise<ClinicPage> {
  const response = await getClinics(t, query);
  expect(response.statusCode, response.body).toBe(200);
  // Exactly the schema's fields: the route sends its page unchecked (uncheckedJsonSerializer).
  const page = ClinicPageSchema.parse(response.json());
  expect(response.json()).toEqual(page);
  return page;
}

/** Follows nextCursor from the first page to the last, as the register page does. */
async function getAllPages(t: TestApp, query: Record<string, string | number>): Promise<ClinicCard[][]> {
  const pages: ClinicCard[][] = [];
  let cursor: string | null = null;
  do {
    const page: ClinicPage = await getPage(t, cursor ? { ...query, cursor } : query);
    pages.push(page.items);
    cursor = page.nextCursor;
    if (pages.length > 200) throw new Error('the cursor never ends');
  } while (cursor);
  return pages;
}

const names = (items: ClinicCard[]) => items.map((item) => item.fullName);

describeEachEngine('GET /api/clinics', { demo: true }, (t) => {
  describe('what the register shows', () => {
    it('lists every certified, public clinic and nothing else', async () => {
      await insertClinics(t.db, [
        { fullName: 'Kund med Flaggor', role: 'customer', isCertified: true, isPublic: true },
        { fullName: 'Admin med Flaggor', role: 'admin', isCertified: true, isPublic: true },
        { fullName: 'Ansökt men Dold Klinik', isCertified: false, isPublic: false },
      ]);
      const page = await getPage(t, { limit: 100 });
      expect(names(page.items).toSorted()).toEqual(REGISTER.map((clinic) => clinic.name).toSorted());
      expect(page.nextCursor).toBeNull();
      for (const hidden of [
        'Nyöppnade Ytans Klinik',
        'Granskas Hudvård',
        'Dolda Dammens Hudklinik',
        'Väntande Vågens Estetik',
      ]) {
        expect(names(page.items)).not.toContain(hidden);
      }
    });

    it('shows a clinic once it is certified and public, and hides it again when it is not', async () => {
      const [visible, uncertified, private_] = await insertClinics(t.db, [
        { fullName: 'Synlig Testklinik' },
        { fullName: 'Ocertifierad Testklinik', isCertified: false },
        { fullName: 'Privat Testklinik', isPublic: false },
      ]);
      const page = await getPage(t, { search: 'testklinik' });
      expect(page.items.map((item) => item.id)).toEqual([visible]);
      expect(page.items.map((item) => item.id)).not.toContain(uncertified);
      expect(page.items.map((item) => item.id)).not.toContain(private_);
    });

    it('gives cards with public fields only', async () => {
      const page = await getPage(t, { search: 'Åkerblads' });
      expect(page.items).toEqual([
        {
          id: expect.any(String),
          fullName: 'Åkerblads Hudvård',
          city: 'Göteborg',
          website: 'https://akerblads.example',
          coverImageUrl: '/images/covers/cover-1.svg',
          isCertified: true,
          slug: 'akerblads-hudvard',
          // No reviews from verified visits: no rating, never an invented one (issue 23).
          rating: null,
          // Placed at its town's centre, as the list of places has Göteborg (issue 24).
          position: { latitude: 57.70716, longitude: 11.96679 },
        },
      ]);
      expect(Object.keys(page.items[0] ?? {}).toSorted()).toEqual(Object.keys(ClinicCardSchema.shape).toSorted());
    });

    it(`gives ${CLINIC_PAGE_SIZE} clinics a page unless asked for another size`, async () => {
      const page = await getPage(t);
      expect(page.items).toHaveLength(CLINIC_PAGE_SIZE);
      expect(page.nextCursor).toEqual(expect.any(String));
    });
  });

  describe('Swedish order', () => {
    it('sorts the whole register as Swedish does: å, ä, ö after z', async () => {
      const page = await getPage(t, { limit: 100 });
      const listed = names(page.items);
      expect(listed).toEqual(listed.toSorted(swedish.compare));
      expect(listed.slice(-6)).toEqual([
        'Zenit Hudterapi',
        'Åkerblads Hudvård',
        'Ädelstenen Skönhetsklinik',
        'Ängens Skönhetsklinik',
        'Öresunds Estetiska Klinik',
        'Östermalms Hudinstitut',
      ]);
    });

    it('ignores case and reads é as e', async () => {
      await insertClinics(t.db, [
        { fullName: 'Öbergs Testklinik' },
        { fullName: 'ärtans testklinik' },
        { fullName: 'Åhléns Testklinik' },
        { fullName: 'Zorns Testklinik' },
        { fullName: 'Ängby Testklinik' },
        { fullName: 'Élises Testklinik' },
        { fullName: 'adams testklinik' },
        { fullName: 'Ebbas Testklinik' },
        { fullName: 'Fannys Testklinik' },
      ]);
      const page = await getPage(t, { search: 'testklinik' });
      expect(names(page.items)).toEqual([
        'adams testklinik',
        'Ebbas Testklinik',
        'Élises Testklinik',
        'Fannys Testklinik',
        'Zorns Testklinik',
        'Åhléns Testklinik',
        'Ängby Testklinik',
        'ärtans testklinik',
        'Öbergs Testklinik',
      ]);
    });
  });

  describe('search', () => {
    const GOTEBORG = ['Göta Hud & Laser', 'Åkerblads Hudvård'];
    const STOCKHOLM = ['Klara Hudmottagning', 'Söders Estetik', 'Östermalms Hudinstitut'];

    it.each(['goteborg', 'GÖTEBORG', 'Göteborg', 'göteborg', '  GoTeBoRg  ', 'götebo'])(
      'finds the Göteborg clinics by city with %j',
      async (search) => {
        const page = await getPage(t, { search });
        expect(names(page.items)).toEqual(GOTEBORG);
      },
    );

    it('tolerates a typo in the city', async () => {
      const page = await getPage(t, { search: 'Göteborj' });
      expect(names(page.items)).toEqual(expect.arrayContaining(GOTEBORG));
    });

    it('finds the city whose name is closest to a misspelt one', async () => {
      expect(names((await getPage(t, { search: 'stokholm' })).items)).toEqual(STOCKHOLM);
      expect(names((await getPage(t, { search: 'Götebrog' })).items)).toEqual(GOTEBORG);
    });

    it('finds a clinic by words of its name and city together, in any order and with a typo', async () => {
      expect(names((await getPage(t, { search: 'hudvård göteborg' })).items)).toEqual(['Åkerblads Hudvård']);
      expect(names((await getPage(t, { search: 'Stokholm Hudinstitut' })).items)).toEqual(['Östermalms Hudinstitut']);
    });

    it('tolerates typos in the words of a clinic registered after start', async () => {
      await insertClinics(t.db, [{ fullName: 'Zyxbergs Hudvård', city: 'Mora' }]);
      expect(names((await getPage(t, { search: 'Zyxbärgs' })).items)).toEqual(['Zyxbergs Hudvård']);
    });

    it('tolerates typos in the words of a clinic once it is certified and public', async () => {
      const [id = ''] = await insertClinics(t.db, [{ fullName: 'Qwåbergs Hudvård', city: 'Mora', isCertified: false }]);
      expect((await getPage(t, { search: 'Qwåbergz' })).items).toEqual([]);
      await issueCertificate(t.db, id, new Date());
      expect(names((await getPage(t, { search: 'Qwåbergz' })).items)).toEqual(['Qwåbergs Hudvård']);
    });

    it('does not stretch a typo to a word that is only a little alike', async () => {
      expect(await getPage(t, { search: 'lazer' })).toEqual({ items: [], nextCursor: null });
    });

    it('shows near matches only when no clinic contains the text itself', async () => {
      await insertClinics(t.db, [{ fullName: 'Göteborj Testklinik', city: 'Mora' }]);
      // "Göteborj" is now contained in a name: only that clinic, not the Göteborg ones it resembles.
      expect(names((await getPage(t, { search: 'Göteborj' })).items)).toEqual(['Göteborj Testklinik']);
    });

    it('pages through near matches with the same rule on every page', async () => {
      const whole = await getPage(t, { search: 'Göteborj', limit: 100 });
      expect(names(whole.items)).toEqual(expect.arrayContaining(GOTEBORG));
      const pages = await getAllPages(t, { search: 'Göteborj', limit: 1 });
      expect(names(pages.flat())).toEqual(names(whole.items));
    });

    it.each([
      [
        'hudvård',
        [
          'Citadellets Hudvård',
          'Kustens Hudvård',
          'Lunds Hudvårdsateljé',
          'Mälardalens Hudvårdscenter',
          'Storsjöns Hudvård',
          'Stångåns Hudvård',
          'Åkerblads Hudvård',
        ],
      ],
      [
        'HUDVARD',
        [
          'Citadellets Hudvård',
          'Kustens Hudvård',
          'Lunds Hudvårdsateljé',
          'Mälardalens Hudvårdscenter',
          'Storsjöns Hudvård',
          'Stångåns Hudvård',
          'Åkerblads Hudvård',
        ],
      ],
      ['skonhet', ['Fyrisåns Skönhetsrum', 'Sjöbergs Skönhet', 'Ädelstenen Skönhetsklinik', 'Ängens Skönhetsklinik']],
      ['MALARDALENS', ['Mälardalens Hudvårdscenter']],
      ['ateljé', ['Lunds Hudvårdsateljé']],
      ['öresunds', ['Öresunds Estetiska Klinik']],
      ['ostermalm', ['Östermalms Hudinstitut']],
      ['hud & laser', ['Göta Hud & Laser']],
    ])('finds by a part of the name, ignoring case and accents: %j', async (search, expected) => {
      const page = await getPage(t, { search });
      expect(names(page.items)).toEqual(expected);
    });

    it('finds by a part of the city', async () => {
      const page = await getPage(t, { search: 'stockh' });
      expect(names(page.items)).toEqual(['Klara Hudmottagning', 'Söders Estetik', 'Östermalms Hudinstitut']);
    });

    it('never shows hidden clinics, whatever the search', async () => {
      for (const search of ['Granskas', 'Dolda Dammens', 'Nyöppnade', 'Väntande', 'Kalmar', 'Sundsvall']) {
        const page = await getPage(t, { search });
        expect(page.items, search).toEqual([]);
      }
    });

    it('treats % and _ as text, not as patterns', async () => {
      for (const search of ['%', '_', '%%%%', '____', '\\']) {
        const page = await getPage(t, { search });
        expect(page.items, search).toEqual([]);
      }
      await insertClinics(t.db, [{ fullName: '100% Hud_Klinik' }]);
      // Short enough that only the substring match applies, not the typo-tolerant one.
      expect(names((await getPage(t, { search: '0%' })).items)).toEqual(['100% Hud_Klinik']);
      expect(names((await getPage(t, { search: 'd_k' })).items)).toEqual(['100% Hud_Klinik']);
    });

    it('answers an empty page when nothing matches', async () => {
      expect(await getPage(t, { search: 'xyzzyqwv' })).toEqual({ items: [], nextCursor: null });
    });

    it('treats a blank search as no search', async () => {
      const page = await getPage(t, { search: '   ', limit: 100 });
      expect(page.items).toHaveLength(REGISTER.length);
    });

    it('takes 200 characters of search text', async () => {
      const response = await getClinics(t, { search: 'ö'.repeat(200) });
      expect(response.statusCode).toBe(200);
    });

    it('refuses more than 200 characters of search text with 400', async () => {
      const response = await getClinics(t, { search: 'a'.repeat(201) });
      expect(response.statusCode).toBe(400);
      const { error } = ApiErrorSchema.parse(response.json());
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain(sv.searchTooLong);
      expect(error.issues).toEqual([{ path: ['search'], message: sv.searchTooLong }]);
    });
  });

  describe('filter by treatment', () => {
    /**
     * Public clinics with a certificate in force this year whose scope is `treatments`: as approval
     * leaves them, but for the scope. `chosen` is what the clinic asked for in its application.
     */
    async function scopedClinics(
      clinics: { fullName: string; city?: string; treatments: TreatmentId[]; chosen?: TreatmentId[] }[],
    ): Promise<string[]> {
      const ids = await insertClinics(
        t.db,
        clinics.map(({ fullName, city }) => ({ fullName, city, isCertified: false })),
      );
      for (const [index, id] of ids.entries()) {
        const { treatments, chosen = treatments } = clinics[index] ?? { treatments: [] };
        await t.db.update(profiles).set({ treatments: chosen }).where(eq(profiles.id, id));
        await issueCertificate(t.db, id, new Date(), undefined, { treatments });
      }
      return ids;
    }

    it('lists only clinics whose certificate in force covers the treatment, not what a clinic chose', async () => {
      const [covered, , suspended = '', withdrawn = '', hidden = '', expired = '', renewed = ''] = await scopedClinics([
        { fullName: 'Fyllda Omfångstest', treatments: ['facial', 'fillers'] },
        { fullName: 'Valda Omfångstest', treatments: ['facial'], chosen: ['facial', 'fillers'] },
        { fullName: 'Avstängda Omfångstest', treatments: ['fillers'] },
        { fullName: 'Återkallade Omfångstest', treatments: ['fillers'] },
        { fullName: 'Dolda Omfångstest', treatments: ['fillers'] },
        { fullName: 'Utgångna Omfångstest', treatments: [] },
        { fullName: 'Förnyade Omfångstest', treatments: ['facial'] },
      ]);
      await suspendCertificates(t.db, suspended, 'Försäkringen har löpt ut.', new Date(), null);
      await withdrawActiveCertificate(t.db, withdrawn, 'Återkallat.', new Date());
      await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, hidden));
      // Last year's certificate covered fillers; this year's covers nothing.
      const lastYear = `${Number(dateInSweden(new Date()).slice(0, 4)) - 1}-01-01`;
      await issueCertificate(t.db, expired, new Date(), lastYear, { treatments: ['fillers'] });
      // Next year's certificate, renewed with fillers, is not in force yet.
      const nextYear = `${Number(dateInSweden(new Date()).slice(0, 4)) + 1}-01-01`;
      await issueCertificate(t.db, renewed, new Date(), nextYear, { treatments: ['fillers'], kind: 'renewed' });

      const page = await getPage(t, { search: 'omfångstest', treatment: 'fillers' });
      expect(page.items.map((item) => item.id)).toEqual([covered]);
      expect(names((await getPage(t, { search: 'omfångstest', treatment: 'facial' })).items)).toEqual([
        'Fyllda Omfångstest',
        'Förnyade Omfångstest',
        'Valda Omfångstest',
      ]);
      // Without the filter every listed one shows, whatever its scope.
      expect(names((await getPage(t, { search: 'omfångstest' })).items)).toEqual([
        'Fyllda Omfångstest',
        'Förnyade Omfångstest',
        'Utgångna Omfångstest',
        'Valda Omfångstest',
      ]);
    });

    it('filters the whole register without a search text', async () => {
      const [pierced = ''] = await scopedClinics([
        { fullName: 'Ringarnas Omfångstest', treatments: ['piercing'] },
        { fullName: 'Vaxade Omfångstest', treatments: ['waxing'] },
      ]);
      const pages = await getAllPages(t, { treatment: 'piercing', limit: 3 });
      const ids = pages.flat().map((item) => item.id);
      expect(ids).toContain(pierced);
      const covering = await queryRows<{ id: string }>(
        t.db,
        sql`SELECT clinic_id AS id FROM certificates
            WHERE status = 'active' AND valid_from <= ${dateInSweden(new Date())}::date
              AND valid_to >= ${dateInSweden(new Date())}::date AND treatments @> ARRAY['piercing']::text[]`,
      );
      expect(ids.toSorted()).toEqual(covering.map((row) => row.id).toSorted());
      expect(names(pages.flat())).toEqual(names(pages.flat()).toSorted(swedish.compare));
    });

    it('pages through a search within a treatment, every clinic once, in Swedish order', async () => {
      await scopedClinics([
        ...['Ö', 'A', 'Å', 'E', 'B', 'Ä', 'C'].map((letter) => ({
          fullName: `${letter} Vaxningstest`,
          city: 'Omfångsby',
          treatments: ['facial', 'waxing'] as TreatmentId[],
        })),
        ...['D', 'F', 'G'].map((letter) => ({
          fullName: `${letter} Vaxningstest`,
          city: 'Omfångsby',
          treatments: ['facial'] as TreatmentId[],
        })),
      ]);
      const expected = ['A', 'B', 'C', 'E', 'Å', 'Ä', 'Ö'].map((letter) => `${letter} Vaxningstest`);
      const pages = await getAllPages(t, { search: 'vaxningstest', treatment: 'waxing', limit: 2 });
      expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
      expect(names(pages.flat())).toEqual(expected);
      // By the city as well, and the whole of it in one page.
      expect(names((await getPage(t, { search: 'OMFANGSBY', treatment: 'waxing', limit: 100 })).items)).toEqual(
        expected,
      );
    });

    it('tolerates a typo within the treatment, and near-matches only clinics that cover it', async () => {
      await scopedClinics([
        { fullName: 'Nålarnas Hudateljé', city: 'Storuman', treatments: ['microneedling'] },
        { fullName: 'Ytans Hudateljé', city: 'Storuman', treatments: ['facial'] },
        { fullName: 'Ansiktets Hudateljé', city: 'Storuman', treatments: ['facial', 'waxing'] },
      ]);
      expect(names((await getPage(t, { search: 'storumann', treatment: 'microneedling' })).items)).toEqual([
        'Nålarnas Hudateljé',
      ]);
      const pages = await getAllPages(t, { search: 'storumann', treatment: 'facial', limit: 1 });
      expect(names(pages.flat())).toEqual(['Ansiktets Hudateljé', 'Ytans Hudateljé']);
      expect(await getPage(t, { search: 'storuman', treatment: 'tattoo_removal' })).toEqual({
        items: [],
        nextCursor: null,
      });
    });

    it.each([
      ['an unknown treatment', 'botox'],
      ['a treatment in another case', 'FILLERS'],
      ['no treatment', ''],
      ['a NUL character', 'fillers\u0000'],
    ])('refuses %s with 400 naming the field', async (_label, treatment) => {
      for (const [headers, messages] of [
        [{}, sv],
        [{ 'accept-language': 'en' }, en],
      ] as const) {
        const response = await getClinics(t, { treatment }, headers);
        expect(response.statusCode).toBe(400);
        const { error } = ApiErrorSchema.parse(response.json());
        expect(error.code).toBe('invalid_request');
        expect(error.issues).toEqual([{ path: ['treatment'], message: messages.treatmentUnknown }]);
      }
    });

    it('refuses a treatment given twice with 400', async () => {
      const response = await t.app.inject({ url: '/api/clinics?treatment=facial&treatment=fillers' });
      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).error.issues?.[0]?.path).toEqual(['treatment']);
    });
  });

  describe('keyset pagination', () => {
    it('covers every clinic exactly once, in order, and ends with nextCursor null', async () => {
      const all = names((await getPage(t, { limit: 100 })).items);
      const pages = await getAllPages(t, { limit: 5 });
      const sizes = Array.from({ length: Math.ceil(REGISTER.length / 5) }, (_, page) =>
        Math.min(5, REGISTER.length - page * 5),
      );
      expect(pages.map((page) => page.length)).toEqual(sizes);
      expect(pages.flat().map((item) => item.fullName)).toEqual(all);
      expect(new Set(pages.flat().map((item) => item.id)).size).toBe(REGISTER.length);
    });

    it('leaves no empty page when the last page is full', async () => {
      // A size that divides the register (27 clinics), so its last page is full.
      const size = [7, 9, 4, 3].find((limit) => REGISTER.length % limit === 0) ?? 1;
      const pages = await getAllPages(t, { limit: size });
      expect(pages.map((page) => page.length)).toEqual(Array<number>(REGISTER.length / size).fill(size));
    });

    it('pages through one clinic at a time', async () => {
      const pages = await getAllPages(t, { limit: 1 });
      expect(pages).toHaveLength(REGISTER.length);
      expect(pages.flat().map((item) => item.fullName)).toEqual(names((await getPage(t, { limit: 100 })).items));
    });

    it('keeps the search across pages', async () => {
      const pages = await getAllPages(t, { search: 'hud', limit: 2 });
      const found = pages.flat();
      expect(found.length).toBeGreaterThan(10);
      expect(found.every((item) => /hud/i.test(`${item.fullName} ${item.city}`))).toBe(true);
      expect(names(found)).toEqual(names((await getPage(t, { search: 'hud', limit: 100 })).items));
    });

    it('orders clinics of the same name by id, so none is lost or repeated', async () => {
      const ids = await insertClinics(
        t.db,
        Array.from({ length: 7 }, () => ({ fullName: 'Samma Namn Testklinik' })),
      );
      const pages = await getAllPages(t, { search: 'samma namn', limit: 2 });
      expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
      expect(pages.flat().map((item) => item.id)).toEqual(ids.toSorted());
    });

    it('is not thrown off by clinics added between pages', async () => {
      const first = await getPage(t, { limit: 10 });
      await insertClinics(t.db, [{ fullName: 'Aaa Först Testklinik' }, { fullName: 'Ööö Sist Testklinik' }]);
      const rest = await getAllPages(t, { limit: 10, cursor: first.nextCursor ?? '' });
      const seen = [...names(first.items), ...rest.flat().map((item) => item.fullName)];
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toContain('Ööö Sist Testklinik');
      expect(seen).not.toContain('Aaa Först Testklinik');
    });

    it('answers an empty last page for a cursor past the end', async () => {
      const cursor = encodeCursor(['~~~~', '00000000-0000-4000-8000-000000000000']);
      expect(await getPage(t, { cursor })).toEqual({ items: [], nextCursor: null });
    });
  });

  describe('bad input', () => {
    it.each(['0', '101', '-1', '2.5', 'abc', '1e9', ''])('refuses limit=%j with 400 and the reason', async (limit) => {
      const response = await getClinics(t, { limit });
      expect(response.statusCode).toBe(400);
      const { error } = ApiErrorSchema.parse(response.json());
      expect(error).toEqual({
        code: 'invalid_request',
        message: expect.stringContaining(sv.limitRange),
        issues: [{ path: ['limit'], message: sv.limitRange }],
      });
    });

    it.each(['1', '100'])('takes limit=%s', async (limit) => {
      const page = await getPage(t, { limit });
      expect(page.items).toHaveLength(Math.min(Number(limit), REGISTER.length));
    });

    it('gives the reason in English for Accept-Language: en', async () => {
      const response = await getClinics(t, { limit: 0 }, { 'accept-language': 'en-US,en;q=0.8,sv;q=0.5' });
      expect(response.statusCode).toBe(400);
      const { error } = ApiErrorSchema.parse(response.json());
      expect(error.message).toContain(en.limitRange);
      expect(error.issues).toEqual([{ path: ['limit'], message: en.limitRange }]);
    });

    it('gives the reason in English for ?lng=en', async () => {
      const response = await getClinics(t, { limit: 500, lng: 'en' });
      expect(ApiErrorSchema.parse(response.json()).error.message).toContain(en.limitRange);
    });

    it('gives the reason in Swedish by default and for other languages', async () => {
      const asked: Record<string, string>[] = [{}, { 'accept-language': 'de-DE' }, { 'accept-language': 'sv-SE' }];
      for (const headers of asked) {
        const response = await getClinics(t, { limit: 0 }, headers);
        expect(ApiErrorSchema.parse(response.json()).error.message).toContain(sv.limitRange);
      }
    });

    it('refuses a NUL character in the search text with 400, before it reaches the database', async () => {
      for (const search of ['\u0000', 'göte\u0000borg']) {
        const response = await getClinics(t, { search });
        expect(response.statusCode).toBe(400);
        expect(ApiErrorSchema.parse(response.json()).error.issues).toEqual([
          { path: ['search'], message: sv.textInvalid },
        ]);
      }
    });

    it('refuses a cursor holding a NUL character with 400', async () => {
      const cursor = Buffer.from(JSON.stringify(['a\u0000', '0f8fad5b-d9cb-469f-a165-70867728950e'])).toString(
        'base64url',
      );
      const response = await getClinics(t, { cursor });
      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).error.issues).toEqual([
        { path: ['cursor'], message: sv.cursorInvalid },
      ]);
    });

    it.each([
      ['not base64 at all', '***'],
      ['base64 of text', Buffer.from('hello').toString('base64url')],
      ['a cursor without an id', Buffer.from(JSON.stringify(['abc'])).toString('base64url')],
      ['a cursor with a bad id', Buffer.from(JSON.stringify(['abc', '1 OR 1=1'])).toString('base64url')],
      ['a cursor too long', 'A'.repeat(2001)],
    ])('refuses a malformed cursor (%s) with 400', async (_label, cursor) => {
      const response = await getClinics(t, { cursor }, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(400);
      const { error } = ApiErrorSchema.parse(response.json());
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain(en.cursorInvalid);
      expect(error.issues).toEqual([{ path: ['cursor'], message: en.cursorInvalid }]);
    });
  });
});

describeEachEngine(
  'GET /api/clinics with the page cache',
  { demo: true, env: { REGISTER_CACHE_SECONDS: '1' } },
  (t) => {
    it('answers a page asked again within the cache time from memory when no change is announced, and the current register after it', async () => {
      // The reseeding before each test announces a change, which PostgreSQL delivers a moment later.
      await delay(300);
      expect((await getPage(t, { search: 'Cachetestklinik' })).items).toEqual([]);
      // As if the notice of the change were lost: only the cache time bounds how long the old page shows.
      // A clinic enters the register with its certificate (docs/decisions/023).
      await t.db.execute(sql`ALTER TABLE certificates DISABLE TRIGGER certificates_register_changed`);
      try {
        await insertClinics(t.db, [{ fullName: 'Nya Cachetestkliniken' }]);
      } finally {
        await t.db.execute(sql`ALTER TABLE certificates ENABLE TRIGGER certificates_register_changed`);
      }
      expect((await getPage(t, { search: 'Cachetestklinik' })).items).toEqual([]);
      await delay(1_100);
      expect(names((await getPage(t, { search: 'Cachetestklinik' })).items)).toEqual(['Nya Cachetestkliniken']);
    });

    it('keeps each search, size and page apart', async () => {
      expect(names((await getPage(t, { search: 'göteborg' })).items)).toEqual([
        'Göta Hud & Laser',
        'Åkerblads Hudvård',
      ]);
      expect(names((await getPage(t, { search: 'stockholm' })).items)).toEqual([
        'Klara Hudmottagning',
        'Söders Estetik',
        'Östermalms Hudinstitut',
      ]);
      const first = await getPage(t, { search: 'stockholm', limit: 1 });
      expect(names(first.items)).toEqual(['Klara Hudmottagning']);
      expect(
        names((await getPage(t, { search: 'stockholm', limit: 1, cursor: first.nextCursor ?? '' })).items),
      ).toEqual(['Söders Estetik']);
    });

    it('keeps each treatment apart', async () => {
      const [waxed = '', plain = ''] = await insertClinics(t.db, [
        { fullName: 'Vaxade Cachetest', isCertified: false },
        { fullName: 'Släta Cachetest', isCertified: false },
      ]);
      await issueCertificate(t.db, waxed, new Date(), undefined, { treatments: ['waxing'] });
      await issueCertificate(t.db, plain, new Date(), undefined, { treatments: ['facial'] });
      expect(names((await getPage(t, { search: 'cachetest' })).items)).toEqual(['Släta Cachetest', 'Vaxade Cachetest']);
      expect(names((await getPage(t, { search: 'cachetest', treatment: 'waxing' })).items)).toEqual([
        'Vaxade Cachetest',
      ]);
      expect(names((await getPage(t, { search: 'cachetest', treatment: 'facial' })).items)).toEqual([
        'Släta Cachetest',
      ]);
    });

    it('answers every search when more distinct searches are asked at once than it keeps pages', async () => {
      // 600 distinct pages in flight together, over the 500 kept: the first ones are pushed out while fetched.
      const queries = ['a', 'e', 'i', 'o', 'u', 'k'].flatMap((search) =>
        Array.from({ length: 100 }, (_, index) => ({ search, limit: index + 1 })),
      );
      const responses = await Promise.all(queries.map((query) => getClinics(t, query)));
      expect(responses.map((response) => response.statusCode)).toEqual(queries.map(() => 200));
      const { items } = ClinicPageSchema.parse(responses[0]?.json());
      expect(names(items)).toEqual(names((await getPage(t, { search: 'a' })).items).slice(0, 1));
      // 600 searches on PGlite's one connection: 13 s beside another file, 16 s on a busy machine.
    }, 60_000);

    it('still refuses bad input before looking in the cache', async () => {
      expect((await getClinics(t, { limit: 0 })).statusCode).toBe(400);
      expect((await getClinics(t, { limit: 0 })).statusCode).toBe(400);
    });
  },
);

describeEachEngine(
  'GET /api/clinics with the page cache in two apps',
  { demo: true, env: { REGISTER_CACHE_SECONDS: '600' } },
  (t) => {
    let other: TestApp | undefined;
    beforeAll(async () => {
      other = await createTestApp({ database: t.handle, env: { REGISTER_CACHE_SECONDS: '600' } });
    });
    afterAll(async () => {
      await other?.close();
    });

    /** What both apps answer, once each has the page in its cache. */
    async function bothApps(search: string): Promise<string[][]> {
      if (!other) throw new Error('The second app is not built.');
      return [names((await getPage(t, { search })).items), names((await getPage(other, { search })).items)];
    }

    /** Within a second, far inside the ten minutes the pages would otherwise be kept. */
    const eventually = (search: string, expected: string[]) =>
      vi.waitFor(async () => expect(await bothApps(search)).toEqual([expected, expected]), {
        timeout: 1_000,
        interval: 20,
      });

    it('shows a clinic that enters, changes in or leaves the register at once in every app on the database', async () => {
      expect(await bothApps('Tvåappskliniken')).toEqual([[], []]);
      const [id] = await insertClinics(t.db, [{ fullName: 'Tvåappskliniken', city: 'Umeå' }]);
      await eventually('Tvåappskliniken', ['Tvåappskliniken']);

      await t.db
        .update(profiles)
        .set({ fullName: 'Tvåappskliniken Nord' })
        .where(eq(profiles.id, id as string));
      await eventually('Tvåappskliniken', ['Tvåappskliniken Nord']);

      await t.db
        .update(profiles)
        .set({ isPublic: false })
        .where(eq(profiles.id, id as string));
      await eventually('Tvåappskliniken', []);
    });

    it('keeps the pages when a change does not touch the register', async () => {
      const [hidden] = await insertClinics(t.db, [{ fullName: 'Dold Tvåappsklinik', isPublic: false }]);
      expect(await bothApps('Tvåapps')).toEqual([[], []]);
      // Found by a search only if the cache were dropped and the row were public: neither happens.
      await t.db.execute(sql`ALTER TABLE profiles DISABLE TRIGGER profiles_register_changed_update`);
      try {
        await t.db
          .update(profiles)
          .set({ isPublic: true })
          .where(eq(profiles.id, hidden as string));
      } finally {
        await t.db.execute(sql`ALTER TABLE profiles ENABLE TRIGGER profiles_register_changed_update`);
      }
      await t.db
        .update(profiles)
        .set({ description: 'Ny beskrivning' })
        .where(eq(profiles.id, hidden as string));
      await delay(200);
      expect(await bothApps('Tvåapps')).toEqual([[], []]);
    });
  },
);
