import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AccessTokenProvider } from '../lib/access-token.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export const ACCESS_TOKEN = 'test-access-token';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiRequest {
  url: URL;
  body: unknown;
  headers: Headers;
}

export type ApiHandler = (request: ApiRequest) => Response | Promise<Response>;

/**
 * Answers the page's fetch calls from `routes`, keyed `"METHOD /api/path"` (without the query);
 * any other call fails the test. Each handler sees the URL, the JSON body and the headers sent.
 */
export function mockApi(routes: Record<string, ApiHandler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected request: ${key}`);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ url, body, headers: new Headers(init?.headers) });
  });
}

/** Renders inside what a signed-in area's pages have around them: queries, an access token, a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: InitialEntry } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AccessTokenProvider getAccessToken={async () => ACCESS_TOKEN}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AccessTokenProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Radix's checkbox measures itself; jsdom has no ResizeObserver. Call in beforeAll. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
