import type { GoTrueClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from '../../contracts/session-hint.ts';

let clientPromise: Promise<GoTrueClient> | undefined;

/**
 * The one GoTrueClient of the app, pointed at the server's `/auth/v1`. auth-js is loaded on demand
 * (docs/decisions/008-lazy-auth-client.md): it stays out of the landing page's initial JavaScript,
 * and `web/main.tsx` starts loading it at boot without waiting for it. Its own defaults give SPEC
 * section 9's refresh timing (a check every 30 s, refresh three ticks before expiry).
 */
export function loadAuthClient(): Promise<GoTrueClient> {
  clientPromise ??= import('@supabase/auth-js').then(
    ({ GoTrueClient: Client }) =>
      new Client({
        url: `${window.location.origin}/auth/v1`,
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: false,
        flowType: 'implicit',
      }),
    (error: unknown) => {
      // A failed chunk download (offline for a moment) must not stick: the next call tries again.
      clientPromise = undefined;
      throw error;
    },
  );
  return clientPromise;
}
