import type { ApiError } from '../../contracts/errors.ts';
import { i18n } from './i18n.ts';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
  }
}

function isApiError(body: unknown): body is ApiError {
  return typeof body === 'object' && body !== null && 'error' in body && typeof (body as ApiError).error?.message === 'string';
}

export interface ApiGetOptions {
  signal?: AbortSignal;
  /** The signed-in person's access token, for the routes behind a login (`/api/me/...` and the like). */
  accessToken?: string;
}

/**
 * GETs `/api{path}`. The answer's type comes from the contract (the server validates what it sends),
 * so the landing page needs no zod at runtime; failures carry the server's translated message.
 */
export async function apiGet<T>(path: string, { signal, accessToken }: ApiGetOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.resolvedLanguage ?? 'sv' };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const response = await fetch(`/api${path}`, { headers, signal });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw isApiError(body)
      ? new ApiRequestError(response.status, body.error.code, body.error.message)
      : new ApiRequestError(response.status, 'unknown', response.statusText);
  }
  return body as T;
}
