import type { ApiError } from '../../contracts/errors.ts';
import { i18n } from './i18n.ts';

export type ApiIssue = NonNullable<ApiError['error']['issues']>[number];

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** For refused input: the fields (`path`) and why (translated by the server). */
  readonly issues: ApiIssue[];

  constructor(status: number, code: string, message: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

function isApiError(body: unknown): body is ApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof (body as ApiError).error?.message === 'string'
  );
}

/** The error of a failed answer: the server's code and translated message, or a generic one (a proxy's HTML page). */
export function errorOf(status: number, body: unknown): ApiRequestError {
  return isApiError(body)
    ? new ApiRequestError(status, body.error.code, body.error.message, body.error.issues)
    : new ApiRequestError(status, 'unknown', i18n.t('common:errors.unexpected'));
}

/** The server could not be reached (offline, connection dropped): a message the person can act on. */
export const networkError = () => new ApiRequestError(0, 'network_error', i18n.t('common:errors.network'));

/** What to show a person about a failed call: the server's message, or a generic one for anything else. */
export function apiErrorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : i18n.t('common:errors.unexpected');
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
  /** The signed-in person's access token, for the routes behind a login (`/api/me/...` and the like). */
  accessToken?: string;
}

export function headersFor(accessToken: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.resolvedLanguage ?? 'sv',
  };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return headers;
}

/** Fetches `/api{path}` with the language and token headers; a failure becomes an ApiRequestError. */
export async function send(path: string, init: RequestInit, accessToken: string | undefined): Promise<Response> {
  try {
    const response = await fetch(`/api${path}`, { ...init, headers: { ...headersFor(accessToken), ...init.headers } });
    if (!response.ok) throw errorOf(response.status, await response.json().catch(() => null));
    return response;
  } catch (error) {
    // fetch rejects with a TypeError when the server is unreachable; an abort stays an abort for TanStack Query.
    if (error instanceof TypeError && !init.signal?.aborted) throw networkError();
    throw error;
  }
}

/**
 * GETs `/api{path}`. The answer's type comes from the contract (the server validates what it sends),
 * so the landing page needs no zod at runtime; failures carry the server's translated message.
 */
export async function apiGet<T>(path: string, { signal, accessToken }: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, { signal }, accessToken);
  return (await response.json()) as T;
}
