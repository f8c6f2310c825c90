import { GoTrueClient } from '@supabase/auth-js';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** Where the clients of the tests believe the server is; requests never leave the process. */
export const TEST_ORIGIN = 'http://klinik.test';

/**
 * A `fetch` that hands each request to `app.inject`, so the unchanged auth-js client talks to the
 * app as a browser would, without a port. `remoteAddress` is the client IP the rate limits see.
 */
export function injectFetch(app: FastifyInstance, remoteAddress = '127.0.0.1'): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      remoteAddress,
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.payload, { status: response.statusCode, headers });
  };
}

/** The web app's auth client (@supabase/auth-js GoTrueClient), pointed at `/auth/v1` of the app under test. */
export function createAuthClient(
  app: FastifyInstance,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
): GoTrueClient {
  return new GoTrueClient({
    url: `${TEST_ORIGIN}/auth/v1`,
    fetch: injectFetch(app, options.remoteAddress),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

export interface TestAccount {
  email: string;
  password: string;
  fullName?: string;
  /** The registration tab: `customer` or `clinic` (anything else is tried by the tests on purpose). */
  role?: string;
}

let accountCounter = 0;
/** A fresh, valid account for a test; each call gets a new email. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  accountCounter += 1;
  return {
    email: `person${accountCounter}-${Date.now()}@test.example`,
    password: 'ett-bra-lösenord',
    fullName: 'Åsa Öberg',
    role: 'customer',
    ...overrides,
  };
}

/** Registers through auth-js and returns the session it received (the client now holds it). */
export async function signUpWith(client: GoTrueClient, account: TestAccount) {
  const { data, error } = await client.signUp({
    email: account.email,
    password: account.password,
    options: { data: { full_name: account.fullName, role: account.role } },
  });
  if (error || !data.session) throw error ?? new Error('sign-up gave no session');
  return data.session;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The ADMIN_EMAIL of the tests that need an admin: registering with it gives role admin. */
export const TEST_ADMIN_EMAIL = 'chef@klinik.example';

/**
 * A new account of this role, signed in: its id, access token and email. An admin registers with
 * TEST_ADMIN_EMAIL, so the app must be built with `env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }`.
 */
export async function signUpAs(
  app: FastifyInstance,
  role: 'clinic' | 'customer' | 'admin',
  fullName = role === 'admin' ? 'Chefen' : 'Hudkliniken',
) {
  const account = role === 'admin' ? newAccount({ email: TEST_ADMIN_EMAIL, fullName }) : newAccount({ role, fullName });
  const session = await signUpWith(createAuthClient(app), account);
  return { id: session.user.id, token: session.access_token, email: account.email };
}
