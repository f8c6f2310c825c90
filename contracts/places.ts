import { z } from 'zod';
import { PlaceNameSchema, PlaceSchema } from './clinics.ts';

// GET /api/places (issue 24): the places the register's "near" field suggests as a visitor types.

/** The most places one suggestion answers. */
export const PLACE_SUGGESTIONS_MAX = 8;

/** `?q=`: the start of a place's name, å/ä/ö optional; empty answers no places. */
export const PlaceSuggestionQuerySchema = z.object({ q: PlaceNameSchema.default('') });
export type PlaceSuggestionQuery = z.infer<typeof PlaceSuggestionQuerySchema>;

/** Places whose name begins with `q`, most populous first, at most PLACE_SUGGESTIONS_MAX. */
export const PlaceListSchema = z.object({ items: z.array(PlaceSchema) });
export type PlaceList = z.infer<typeof PlaceListSchema>;
