import type { ApiError } from '../../contracts/errors.ts';
import type { MessageKey } from './messages.ts';

/** Where a refusal points and why: `message` is a message key, translated when answered, or text shown as it is. */
export type FailureIssue = NonNullable<ApiError['error']['issues']>[number];

/**
 * A refusal of `/api`: what a service throws when the asker cannot have what it asked for. The one
 * error handler (server/plugins/app/errors.ts) answers it as `{ error: { code, message, issues } }`
 * with `status`, the message of `key` and the issues' messages in the asker's language. `/auth/v1`
 * refuses with its own AuthError in GoTrue's shape (server/lib/auth-error.ts).
 */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly key: MessageKey;
  readonly issues: FailureIssue[] | undefined;

  constructor(status: number, code: string, key: MessageKey, issues?: FailureIssue[]) {
    super(code);
    this.name = 'ApiFailure';
    this.status = status;
    this.code = code;
    this.key = key;
    this.issues = issues;
  }
}

/** The asker has nothing of that id it may see: the same answer whether it does not exist or is someone else's. */
export const notFound = () => new ApiFailure(404, 'not_found', 'notFound');

/** The value, or a 404 when there is none. */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw notFound();
  return value;
}
