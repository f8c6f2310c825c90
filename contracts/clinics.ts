import { z } from 'zod';
import { CLINIC_PAGE_SIZE, CLINIC_SEARCH_MAX_LENGTH } from './constants.ts';
import { cursorParam, keysetCursorSchema, keysetPageSchema, pageLimit } from './cursors.ts';
import { TREATMENT_IDS } from './treatments.ts';

/** One treatment of the catalogue (contracts/treatments.ts); anything else is refused with a translated reason. */
export const TreatmentIdSchema = z.enum(TREATMENT_IDS, { error: 'validation:treatmentUnknown' });

// PostgreSQL text cannot hold a NUL character: such input is refused before it reaches the database.
export const hasNoNul = (text: string) => !text.includes('\u0000');

/** Position after the last clinic of a page: its Swedish sort key and id (keyset pagination). */
export const ClinicCursorSchema = keysetCursorSchema(z.string().max(1000).refine(hasNoNul));
export type ClinicCursor = z.infer<typeof ClinicCursorSchema>;

/** The register's distance search (issue 24): its radius in km, when a place or position is given. */
export const NEAR_RADIUS_KM = { fallback: 25, min: 1, max: 500 } as const;
/** The longest place name `near` and the place suggestions take. */
export const PLACE_NAME_MAX_LENGTH = 100;

/** A place name as typed: trimmed, at most PLACE_NAME_MAX_LENGTH characters. */
export const PlaceNameSchema = z
  .string()
  .trim()
  .max(PLACE_NAME_MAX_LENGTH, 'validation:placeTooLong')
  .refine(hasNoNul, 'validation:textInvalid');

/**
 * A decimal number in a query, between -limit and limit (or `min` and limit); anything else, an empty
 * value included (which Number() would read as 0), is refused with `message`.
 */
const decimalParam = (message: string, limit: number, min = -limit) =>
  z
    .string()
    .trim()
    .regex(/^[-+]?\d{1,10}(?:\.\d{1,15})?$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(limit, message));

export const ClinicSearchQuerySchema = z
  .object({
    search: z
      .string()
      .trim()
      .max(CLINIC_SEARCH_MAX_LENGTH, 'validation:searchTooLong')
      .refine(hasNoNul, 'validation:textInvalid')
      .default(''),
    limit: pageLimit(CLINIC_PAGE_SIZE),
    cursor: cursorParam(ClinicCursorSchema).optional(),
    /** Only clinics whose certificate in force covers this treatment (its verified scope, issue 22). */
    treatment: TreatmentIdSchema.optional(),
    /**
     * Only clinics within `radius` of this place (its name, å/ä/ö optional, or "name, county": a
     * suggestion's `label`), nearest first (issue 24); 400 placeUnknown for a place the list does not have.
     */
    near: PlaceNameSchema.optional(),
    /** Only clinics within `radius` of this position (WGS 84 degrees, both or neither), nearest first. */
    lat: decimalParam('validation:latitudeRange', 90).optional(),
    lon: decimalParam('validation:longitudeRange', 180).optional(),
    /** Kilometres from the place or position; NEAR_RADIUS_KM.fallback when left out. */
    radius: decimalParam('validation:radiusRange', NEAR_RADIUS_KM.max, NEAR_RADIUS_KM.min).optional(),
  })
  .superRefine(({ near, lat, lon }, ctx) => {
    if ((lat === undefined) !== (lon === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [lat === undefined ? 'lat' : 'lon'],
        message: 'validation:positionIncomplete',
      });
    } else if (near && lat !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['near'], message: 'validation:nearOrPosition' });
    }
  });
export type ClinicSearchQuery = z.input<typeof ClinicSearchQuerySchema>;
/** The search as the route hands it to the service: defaults filled in, the cursor decoded. */
export type ClinicSearch = z.output<typeof ClinicSearchQuerySchema>;

/** A clinic's rating: the average of its published reviews and their number; only from MIN_REVIEWS_FOR_RATING on. */
export const RatingSummarySchema = z.object({
  /** Rounded to one decimal, as it is shown (sv "4,6", en "4.6"). */
  average: z.number(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** Where a register clinic is (its town's centre, or where an admin placed it), for the map (issue 24). */
export const MapPointSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type MapPoint = z.infer<typeof MapPointSchema>;

export const ClinicCardSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  city: z.string().nullable(),
  website: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  isCertified: z.boolean(),
  /** The clinic's public page: `/kliniker/{slug}`. */
  slug: z.string(),
  /** The average of its published reviews from verified visits (issue 23); null below MIN_REVIEWS_FOR_RATING. */
  rating: RatingSummarySchema.nullable(),
  /** Null: not placed yet (no city the list of places knows); the card stays in the list, off the map. */
  position: MapPointSchema.nullable(),
});
export type ClinicCard = z.infer<typeof ClinicCardSchema>;

/** GET /api/clinics/by-slug/:slug: the public page of a register clinic, `/kliniker/{slug}`. */
export const ClinicProfileSchema = ClinicCardSchema.extend({
  description: z.string().nullable(),
  address: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** Its own booking page (https), behind "Boka en behandling"; null: no button (issue 28). */
  bookingUrl: z.string().nullable(),
  /** Its published reviews, also when too few for a rating. */
  reviewCount: z.number().int(),
  /** The certificate in force: every register clinic has one. `treatments` is its scope (issue 22). */
  certificate: z.object({
    number: z.string(),
    validFrom: z.iso.date(),
    validTo: z.iso.date(),
    treatments: z.array(TreatmentIdSchema),
  }),
});
export type ClinicProfile = z.infer<typeof ClinicProfileSchema>;
// NUL cannot be in a PostgreSQL text value: looking it up would fail in the database (found by server/fuzz).
export const ClinicSlugParamsSchema = z.object({
  slug: z.string().max(200).refine(hasNoNul, 'validation:textInvalid'),
});

/** A place of the list of Swedish places (GeoNames, issue 24): what `near` found, and what GET /api/places suggests. */
export const PlaceSchema = z.object({
  name: z.string(),
  county: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** What `near` takes to find this place again: its name, or "name, county" when other places share the name. */
  label: z.string(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** A card of the register's list: with a place or position, how far the clinic is from it. */
export const RegisterCardSchema = ClinicCardSchema.extend({
  /** Kilometres as the crow flies (on a sphere, to the metre) from the place or position asked for; only then. */
  distanceKm: z.number().optional(),
});
export type RegisterCard = z.infer<typeof RegisterCardSchema>;

export const ClinicPageSchema = keysetPageSchema(RegisterCardSchema).extend({
  /** The place `near` named, as the list has it; only with `near`. */
  place: PlaceSchema.optional(),
});
export type ClinicPage = z.infer<typeof ClinicPageSchema>;
