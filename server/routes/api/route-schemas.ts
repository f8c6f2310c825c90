import { ApiErrorSchema } from '../../../contracts/errors.ts';

/** The OpenAPI security of a signed-in route: the access token as `Authorization: Bearer`. */
export const security = [{ bearer: [] }];

/** Response schemas of the refusals a route answers, one `{ error }` body each (server/plugins/app/errors.ts). */
export function refusals<const Statuses extends number[]>(
  ...statuses: Statuses
): Record<Statuses[number], typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    Statuses[number],
    typeof ApiErrorSchema
  >;
}

/** A signed-in route's refusals: bad input, not signed in, a role not let in, and those named. */
export const signedInRefusals = <const More extends number[]>(...more: More) => refusals(400, 401, 403, ...more);

/**
 * The answer as plain JSON, not checked by zod on its way out: for the register search only, the
 * product's hottest route (GET /api/clinics). Its page is built field by field from typed rows
 * (clinic-register.ts toPage), TypeScript checks it against the route's schema, and the tests parse its
 * answers with that schema; zod's check of 24 cards cost a tenth of the route's rate (decision 043).
 */
export const uncheckedJsonSerializer = () => (data: unknown) => JSON.stringify(data);
