import { type ApiRequestOptions, errorOf, headersFor, networkError, send } from './api-client.ts';

// Writes to the API, apart from api-client.ts so that the public pages, which only read, do not load them.

/** Sends `body` as JSON (or nothing when undefined) to `/api{path}`; resolves with the answer, undefined for 204. */
export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  { signal, accessToken }: ApiRequestOptions = {},
): Promise<T> {
  // No content type without a body: Fastify refuses an empty body announced as JSON.
  const init: RequestInit =
    body === undefined
      ? { method, signal }
      : { method, signal, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const response = await send(path, init, accessToken);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** GETs a file behind a login (an attachment) as a Blob. */
export async function apiGetBlob(path: string, { signal, accessToken }: ApiRequestOptions = {}): Promise<Blob> {
  const response = await send(path, { signal, headers: { accept: '*/*' } }, accessToken);
  return response.blob();
}

export interface ApiUploadOptions extends ApiRequestOptions {
  /** Called as the file goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
}

/**
 * POSTs one file as multipart/form-data (field `file`) to `/api{path}`. XMLHttpRequest rather than
 * fetch: only it reports upload progress (fetch has no upload progress events).
 */
export function apiUpload<T>(
  path: string,
  file: File,
  { signal, accessToken, onProgress }: ApiUploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.responseType = 'json';
    for (const [name, value] of Object.entries(headersFor(accessToken))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as T);
      else reject(errorOf(xhr.status, xhr.response));
    });
    xhr.addEventListener('error', () => reject(networkError()));
    xhr.addEventListener('abort', () => reject(signal?.reason));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
