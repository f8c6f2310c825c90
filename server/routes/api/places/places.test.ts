import { expect, it } from 'vitest';
import { ClinicPageSchema } from '../../../../contracts/clinics.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import en from '../../../../contracts/locales/en/validation.json' with { type: 'json' };
import { PlaceListSchema } from '../../../../contracts/places.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

// Issue 24: the places the register's "near" field suggests, from the list of Swedish places.

const UPPSALA = { lat: 59.85882, lon: 17.63889 };

describeEachEngine('GET /api/places', {}, (t) => {
  const places = async (q: string) => {
    const response = await t.app.inject({ url: `/api/places?${new URLSearchParams({ q })}` });
    expect(response.statusCode, response.body).toBe(200);
    return PlaceListSchema.parse(response.json()).items;
  };

  it('suggests places by the start of their name, å/ä/ö optional, most populous first, at most 8', async () => {
    const upp = await places('upp');
    expect(upp[0]).toEqual({
      name: 'Uppsala',
      county: 'Uppsala län',
      latitude: UPPSALA.lat,
      longitude: UPPSALA.lon,
      label: 'Uppsala',
    });
    expect(upp.map((place) => place.name)).toContain('Upplands Väsby');
    expect((await places('malmo'))[0]?.name).toBe('Malmö');
    expect((await places('MALMÖ'))[0]?.name).toBe('Malmö');
    expect(await places('s')).toHaveLength(8);
    expect(await places('')).toEqual([]);
    expect(await places('zzz')).toEqual([]);
  });

  it('names the county of a place whose name other places share, and near takes that label', async () => {
    const [anderstorp] = await places('Anderstorp');
    expect(anderstorp?.label).toBe('Anderstorp, Jönköpings län');
    const near = new URLSearchParams({ near: 'Anderstorp, Västra Götalands län' });
    const response = await t.app.inject({ url: `/api/clinics?${near}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(ClinicPageSchema.parse(response.json()).place?.county).toBe('Västra Götalands län');
  });

  it('refuses a text too long with a translated reason', async () => {
    const response = await t.app.inject({
      url: `/api/places?q=${'a'.repeat(101)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).error.issues?.[0]?.message).toBe(en.placeTooLong);
  });
});
