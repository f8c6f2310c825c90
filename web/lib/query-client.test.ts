import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { createQueryClient } from './query-client.ts';

/** How many times the app's query client calls a load that always fails with `error`. */
async function attempts(error: Error): Promise<number> {
  const load = vi.fn().mockRejectedValue(error);
  await createQueryClient()
    .fetchQuery({ queryKey: ['load'], queryFn: load, retryDelay: 0 })
    .catch(() => undefined);
  return load.mock.calls.length;
}

describe('the query client', () => {
  it('tries a load that failed on the way once more', async () => {
    expect(await attempts(new TypeError('Failed to fetch'))).toBe(2);
    expect(await attempts(new ApiRequestError(503, 'unavailable', 'Tjänsten är inte tillgänglig.'))).toBe(2);
  });

  it('does not ask again what the server refused, such as a search over its time budget', async () => {
    expect(await attempts(new ApiRequestError(422, 'search_too_broad', 'Sökningen tog för lång tid.'))).toBe(1);
    expect(await attempts(new ApiRequestError(404, 'not_found', 'Hittades inte.'))).toBe(1);
  });
});
