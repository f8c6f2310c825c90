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
