import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';

/**
 * The error type of a message the server wrote (already translated); the form's own messages are
 * zod's `validation:key` keys, translated when shown.
 */
export const SERVER_ERROR_TYPE = 'server';

/**
 * Puts the issues of a refused request (400 with `issues[].path[0]` naming a field) on the form's
 * fields; true when at least one landed on a field of `fields`.
 */
export function setServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<TValues>[],
  setError: UseFormSetError<TValues>,
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let placed = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (!field) continue;
    setError(field, { type: SERVER_ERROR_TYPE, message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
