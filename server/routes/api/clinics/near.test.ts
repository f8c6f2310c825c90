import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ClinicReviewSchema } from '../../../../contracts/admin.ts';
import { ClinicOwnProfileSchema } from '../../../../contracts/clinic-area.ts';
import { type ClinicPage, ClinicPageSchema, type RegisterCard } from '../../../../contracts/clinics.ts';
import { encodeCursor } from '../../../../contracts/cursors.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { auditLog, certificates, profiles } from '../../../db/schema/index.ts';
import { findPlace } from '../../../lib/places/places.ts';
import { placeUnplacedClinics } from '../../../services/clinic-position.ts';
import { DEMO_CLINICS } from '../../../services/demo/seed.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { describeEachEngine, insertClinics, type TestApp } from '../../../testing/test-app.ts';

// Issue 24: clinics are placed at their town from the list of Swedish places (or where an admin puts
// them), and the register searches near a place or a position, nearest first, with the distance.

const UPPSALA = { lat: 59.85882, lon: 17.63889 };

/** Register clinics at these towns of the list of places (positioned as saving the city would), each with its scope. */
async function clinicsIn(t: TestApp, clinics: { fullName: string; city: string; treatments?: TreatmentId[] }[]) {
  const ids = await insertClinics(t.db, clinics);
  for (const [index, id] of ids.entries()) {
    const clinic = clinics[index];
    const place = clinic && findPlace(clinic.city);
    if (!clinic || !place) throw new Error(`${clinic?.city} is not in the list of places`);
    await t.db
      .update(profiles)
      .set({ latitude: place.latitude, longitude: place.longitude, positionSource: 'town' })
      .where(eq(profiles.id, id));
    if (clinic.treatments) {
      await t.db.update(certificates).set({ treatments: clinic.treatments }).where(eq(certificates.clinicId, id));
    }
  }
  return ids;
}

const AROUND_UPPSALA = [
  { fullName: 'Östra Hudvården', city: 'Uppsala', treatments: ['facial'] as TreatmentId[] },
  { fullName: 'Fyris Hudklinik', city: 'Uppsala', treatments: ['waxing'] as TreatmentId[] },
  { fullName: 'Storvreta Skönhet', city: 'Storvreta', treatments: ['facial'] as TreatmentId[] },
  { fullName: 'Knivsta Hudvård', city: 'Knivsta' },
  { fullName: 'Märsta Hudklinik', city: 'Märsta', treatments: ['facial'] as TreatmentId[] },
  { fullName: 'Stockholms Hudvård', city: 'Stockholm', treatments: ['facial'] as TreatmentId[] },
  { fullName: 'Malmö Hudklinik', city: 'Malmö' },
];

async function search(t: TestApp, query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return t.app.inject({ url: `/api/clinics?${params}`, headers });
}

async function page(t: TestApp, query: Record<string, string | number>): Promise<ClinicPage> {
  const response = await search(t, query);
  expect(response.statusCode, response.body).toBe(200);
  // Exactly the schema's fields, distances and the place included (the route sends its page unchecked).
  const answer = ClinicPageSchema.parse(response.json());
  expect(response.json()).toEqual(answer);
  return answer;
}

const names = (items: readonly RegisterCard[]) => items.map((item) => item.fullName);
const distances = (items: readonly RegisterCard[]) =>
  Object.fromEntries(items.map((item) => [item.fullName, item.distanceKm]));

describeEachEngine('the register near a place or a position', {}, (t) => {
  it('lists the clinics within the radius nearest first, then by name, each with its distance', async () => {
    await clinicsIn(t, AROUND_UPPSALA);
    const near = await page(t, { near: 'Uppsala', radius: 100 });
    expect(names(near.items)).toEqual([
      // Both in Uppsala, at its position: in Swedish order (Ö after F).
      'Fyris Hudklinik',
      'Östra Hudvården',
      'Storvreta Skönhet',
      'Knivsta Hudvård',
      'Märsta Hudklinik',
      'Stockholms Hudvård',
    ]);
    const km = distances(near.items);
    expect(km['Fyris Hudklinik']).toBe(0);
    expect(km['Storvreta Skönhet']).toBeCloseTo(11.8, 1);
    expect(km['Knivsta Hudvård']).toBeCloseTo(17.0, 1);
    expect(km['Märsta Hudklinik']).toBeCloseTo(29.05, 1);
    expect(km['Stockholms Hudvård']).toBeCloseTo(63.72, 1);
    expect(near.place).toEqual({
      name: 'Uppsala',
      county: 'Uppsala län',
      latitude: UPPSALA.lat,
      longitude: UPPSALA.lon,
      label: 'Uppsala',
    });

    // Near Stockholm the same clinics come the other way round.
    const stockholm = await page(t, { near: 'stockholm', radius: 100 });
    expect(names(stockholm.items).slice(0, 2)).toEqual(['Stockholms Hudvård', 'Märsta Hudklinik']);
    expect(distances(stockholm.items)['Märsta Hudklinik']).toBeCloseTo(34.7, 1);
  });

  it('finds the place with or without å, ä and ö, in any case, and a position gives the same list', async () => {
    await clinicsIn(t, AROUND_UPPSALA);
    const named = await page(t, { near: 'Märsta', radius: 50 });
    expect(await page(t, { near: 'marsta', radius: 50 })).toEqual(named);
    expect(await page(t, { near: 'MÄRSTA', radius: 50 })).toEqual(named);
    const position = await page(t, { lat: UPPSALA.lat, lon: UPPSALA.lon, radius: 100 });
    const place = await page(t, { near: 'Uppsala', radius: 100 });
    expect(position.items).toEqual(place.items);
    expect(position.place).toBeUndefined();
  });

  it('keeps to the radius, 25 km unless asked', async () => {
    await clinicsIn(t, AROUND_UPPSALA);
    expect(names((await page(t, { near: 'Uppsala' })).items)).toEqual([
      'Fyris Hudklinik',
      'Östra Hudvården',
      'Storvreta Skönhet',
      'Knivsta Hudvård',
    ]);
    expect(names((await page(t, { near: 'Uppsala', radius: 12 })).items)).toEqual([
      'Fyris Hudklinik',
      'Östra Hudvården',
      'Storvreta Skönhet',
    ]);
    expect(names((await page(t, { near: 'Uppsala', radius: 1 })).items)).toEqual([
      'Fyris Hudklinik',
      'Östra Hudvården',
    ]);
    expect((await page(t, { near: 'Kiruna', radius: 500 })).items).toEqual([]);
    // Without a place or position the register is in name order and has no distances.
    const all = await page(t, {});
    expect(all.items.every((item) => item.distanceKm === undefined)).toBe(true);
    expect(names(all.items)[0]).toBe('Fyris Hudklinik');
  });

  it('combines with the text search and the treatment filter, which only narrow it', async () => {
    await clinicsIn(t, AROUND_UPPSALA);
    expect(names((await page(t, { near: 'Uppsala', radius: 100, search: 'hudvård' })).items)).toEqual([
      'Östra Hudvården',
      'Knivsta Hudvård',
      'Stockholms Hudvård',
    ]);
    expect(names((await page(t, { near: 'Uppsala', radius: 100, treatment: 'facial' })).items)).toEqual([
      'Östra Hudvården',
      'Storvreta Skönhet',
      'Märsta Hudklinik',
      'Stockholms Hudvård',
    ]);
    expect(names((await page(t, { near: 'Uppsala', radius: 100, treatment: 'facial', search: 'hud' })).items)).toEqual([
      'Östra Hudvården',
      'Märsta Hudklinik',
      'Stockholms Hudvård',
    ]);
    // A typo finds its near word within the radius too.
    expect(names((await page(t, { near: 'Uppsala', radius: 30, search: 'knivstta' })).items)).toEqual([
      'Knivsta Hudvård',
    ]);
  });

  it('pages nearest first with the cursor, every clinic once', async () => {
    await clinicsIn(t, AROUND_UPPSALA);
    const whole = names((await page(t, { near: 'Uppsala', radius: 100 })).items);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: ClinicPage = await page(t, { near: 'Uppsala', radius: 100, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...names(next.items));
      cursor = next.nextCursor;
    } while (cursor && seen.length < 20);
    expect(seen).toEqual(whole);
  });

  it('places a clinic at the town it saves, Malmö, malmo and MALMÖ alike; a town not in the list leaves it unplaced', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Sundets Hudklinik');
    const save = async (url: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'PATCH', url, payload, headers: bearer(clinic.token) });
      expect(response.statusCode, response.body).toBe(200);
      return ClinicOwnProfileSchema.parse(response.json());
    };
    const malmo = findPlace('Malmö');
    const expected = { latitude: malmo?.latitude, longitude: malmo?.longitude, source: 'town' };
    expect((await save('/api/clinic/application', { city: 'Malmö', postalCode: '21120' })).position).toEqual(expected);
    expect((await save('/api/clinic/settings', { city: 'malmo' })).position).toEqual(expected);
    const saved = await save('/api/clinic/application', { city: 'MALMÖ' });
    expect(saved.position).toEqual(expected);
    expect(saved.postalCode).toBe('211 20');
    expect((await save('/api/clinic/settings', { city: 'Lund' })).position).toMatchObject({
      latitude: findPlace('Lund')?.latitude,
      source: 'town',
    });
    expect((await save('/api/clinic/settings', { city: 'Ingenstans' })).position).toBeNull();
    expect((await save('/api/clinic/settings', { city: null })).position).toBeNull();
  });

  it('refuses a postal code that is not five digits', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/clinic/application',
      payload: { postalCode: '1234' },
      headers: { ...bearer(clinic.token), 'accept-language': 'sv' },
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).error.issues?.[0]?.message).toBe(sv.postalCodeInvalid);
  });

  it('places clinics saved before positions existed at their towns, and leaves unknown towns unplaced', async () => {
    const [known, unknown] = await insertClinics(t.db, [
      { fullName: 'Gamla Hudkliniken', city: 'Västerås' },
      { fullName: 'Okända Hudkliniken', city: 'Ingenstans' },
    ]);
    expect(await placeUnplacedClinics(t.db)).toBe(1);
    const rows = await t.db
      .select({ id: profiles.id, latitude: profiles.latitude, source: profiles.positionSource })
      .from(profiles)
      .where(eq(profiles.role, 'clinic'));
    expect(rows.find((row) => row.id === known)).toMatchObject({
      latitude: findPlace('Västerås')?.latitude,
      source: 'town',
    });
    expect(rows.find((row) => row.id === unknown)).toMatchObject({ latitude: null, source: null });
    expect(await placeUnplacedClinics(t.db)).toBe(0);
  });

  describe('bad input: 400 with the reason in the asker’s language, never a 500', () => {
    const cases: [string, Record<string, string | number>, keyof typeof sv][] = [
      ['an unknown place', { near: 'Atlantis' }, 'placeUnknown'],
      ['a place of another county', { near: 'Malmö, Uppsala län' }, 'placeUnknown'],
      ['a latitude above 90', { lat: 91, lon: 18 }, 'latitudeRange'],
      ['a latitude below -90', { lat: -90.5, lon: 18 }, 'latitudeRange'],
      ['a longitude above 180', { lat: 59, lon: 181 }, 'longitudeRange'],
      ['a latitude that is no number', { lat: 'norr', lon: 18 }, 'latitudeRange'],
      ['an empty latitude', { lat: '', lon: 18 }, 'latitudeRange'],
      ['a latitude without a longitude', { lat: 59 }, 'positionIncomplete'],
      ['a longitude without a latitude', { lon: 18 }, 'positionIncomplete'],
      ['a place and a position', { near: 'Uppsala', lat: 59, lon: 18 }, 'nearOrPosition'],
      ['a radius of 0', { near: 'Uppsala', radius: 0 }, 'radiusRange'],
      ['a radius of 10,000 km', { near: 'Uppsala', radius: 10_000 }, 'radiusRange'],
      ['a negative radius', { near: 'Uppsala', radius: -5 }, 'radiusRange'],
      ['a place name too long', { near: 'a'.repeat(101) }, 'placeTooLong'],
      ['a name-order cursor', { near: 'Uppsala', cursor: encodeCursor(['hudklinik', UUID]) }, 'cursorInvalid'],
    ];
    for (const [what, query, key] of cases) {
      it(`${what}: ${sv[key]}`, async () => {
        for (const [language, messages] of [
          ['sv', sv],
          ['en', en],
        ] as const) {
          const response = await search(t, query, { 'accept-language': language });
          expect(response.statusCode, response.body).toBe(400);
          const { error } = ApiErrorSchema.parse(response.json());
          expect(error.issues?.map((issue) => issue.message)).toContain(messages[key]);
        }
      });
    }
  });
});

const UUID = '00000000-0000-4000-8000-000000000000';

describeEachEngine('an admin corrects a clinic’s position', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });

  it('moves the clinic for the register, logs it, and keeps it while the clinic saves the same town', async () => {
    const [clinicId = ''] = await clinicsIn(t, [{ fullName: 'Flyttade Hudkliniken', city: 'Stockholm' }]);
    const admin = await signUpAs(t.app, 'admin');
    // Really in Knivsta, though its city says Stockholm.
    const knivsta = { latitude: 59.72564, longitude: 17.78753 };
    const response = await call(admin.token, {
      method: 'PUT',
      url: `/api/admin/clinics/${clinicId}/position`,
      payload: knivsta,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ClinicReviewSchema.parse(response.json()).clinic.position).toEqual({ ...knivsta, source: 'admin' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, clinicId), eq(auditLog.action, 'clinic.position_corrected')));
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.details).toMatchObject({
      before: { position: { source: 'town', latitude: findPlace('Stockholm')?.latitude } },
      after: { position: { ...knivsta, source: 'admin' } },
    });
    const near = await page(t, { near: 'Uppsala', radius: 30 });
    expect(distances(near.items)['Flyttade Hudkliniken']).toBeCloseTo(17.0, 1);
  });

  it('keeps the correction while the clinic saves the same town, and gives way to another town', async () => {
    const clinic = await signUpAs(t.app, 'clinic', 'Flyttande Hudkliniken');
    const admin = await signUpAs(t.app, 'admin');
    const saveCity = async (city: string) => {
      const response = await call(clinic.token, { method: 'PATCH', url: '/api/clinic/settings', payload: { city } });
      expect(response.statusCode, response.body).toBe(200);
      return ClinicOwnProfileSchema.parse(response.json()).position;
    };
    await saveCity('Stockholm');
    const knivsta = { latitude: 59.72564, longitude: 17.78753 };
    await call(admin.token, { method: 'PUT', url: `/api/admin/clinics/${clinic.id}/position`, payload: knivsta });
    expect(await saveCity('stockholm')).toEqual({ ...knivsta, source: 'admin' });
    expect(await saveCity('Uppsala')).toEqual({ latitude: UPPSALA.lat, longitude: UPPSALA.lon, source: 'town' });
  });

  it('refuses a position outside Sweden and a clinic that does not exist', async () => {
    const [clinicId = ''] = await clinicsIn(t, [{ fullName: 'Kvarstående Hudkliniken', city: 'Uppsala' }]);
    const admin = await signUpAs(t.app, 'admin');
    for (const payload of [
      { latitude: 17.63889, longitude: 59.85882 },
      { latitude: 91, longitude: 18 },
      { latitude: '59.8', longitude: 17.6 },
      { latitude: 59.8 },
    ]) {
      const response = await call(admin.token, {
        method: 'PUT',
        url: `/api/admin/clinics/${clinicId}/position`,
        payload,
        headers: { 'accept-language': 'sv' },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).error.issues?.map((issue) => issue.message)).toContain(
        sv.positionOutsideSweden,
      );
    }
    const missing = await call(admin.token, {
      method: 'PUT',
      url: `/api/admin/clinics/${UUID}/position`,
      payload: { latitude: 59.8, longitude: 17.6 },
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, clinicId));
    expect(row).toMatchObject({ latitude: findPlace('Uppsala')?.latitude, positionSource: 'town' });
  });
});

describeEachEngine('the demo register’s positions', { demo: true }, (t) => {
  it('places every demo clinic at its town', async () => {
    const rows = await t.db
      .select({ city: profiles.city, latitude: profiles.latitude, source: profiles.positionSource })
      .from(profiles)
      .where(eq(profiles.role, 'clinic'));
    const demoCities = new Set(DEMO_CLINICS.map((clinic) => clinic.city));
    for (const row of rows.filter((candidate) => demoCities.has(candidate.city ?? ''))) {
      expect(row, row.city ?? '').toMatchObject({ latitude: findPlace(row.city ?? '')?.latitude, source: 'town' });
    }
    // The demo's one clinic in Uppsala is the nearest to it.
    expect((await page(t, { near: 'Uppsala' })).items[0]?.fullName).toBe('Fyrisåns Skönhetsrum');
  });
});

describeEachEngine(
  'the register’s page cache near a place',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, REGISTER_CACHE_SECONDS: '600' } },
  (t) => {
    it('keeps a page per place, position and radius, and drops them when an admin moves a clinic', async () => {
      const [clinicId = ''] = await clinicsIn(t, AROUND_UPPSALA);
      const within = async (query: Record<string, string | number>) => names((await page(t, query)).items);
      expect(await within({ near: 'Uppsala', radius: 12 })).toHaveLength(3);
      expect(await within({ near: 'Uppsala', radius: 100 })).toHaveLength(6);
      expect(await within({ lat: 55.60587, lon: 13.00073, radius: 5 })).toEqual(['Malmö Hudklinik']);
      expect(await within({ near: 'Malmö', radius: 5 })).toEqual(['Malmö Hudklinik']);

      // Östra Hudvården really is in Malmö: the cached pages near Uppsala and Malmö give way at once.
      const admin = await signUpAs(t.app, 'admin');
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/clinics/${clinicId}/position`,
        payload: { latitude: 55.60587, longitude: 13.00073 },
        headers: bearer(admin.token),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await vi.waitFor(async () => {
        expect(await within({ near: 'Malmö', radius: 5 })).toEqual(['Malmö Hudklinik', 'Östra Hudvården']);
      });
      expect(await within({ near: 'Uppsala', radius: 12 })).toEqual(['Fyris Hudklinik', 'Storvreta Skönhet']);
    });
  },
);
