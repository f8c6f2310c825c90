import { useMemo, useSyncExternalStore } from 'react';
import { type Role, ROLES } from '../../contracts/constants.ts';
import { AUTH_STORAGE_KEY } from '../../contracts/session-hint.ts';

/** A session auth-js has stored, as far as the header needs it before auth-js has loaded. */
export interface StoredSession {
  /** The role the session was issued with (`app_metadata.role`), null when it names none. */
  role: Role | null;
}

const SIGNED_OUT = '-';
const NO_ROLE = '';

const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

let lastStored: string | null = null;
let lastSnapshot = SIGNED_OUT;

/** The stored session as a string (a role, NO_ROLE or SIGNED_OUT), read synchronously from localStorage. */
function readSnapshot(): string {
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy settings); auth-js then keeps no session either.
    return SIGNED_OUT;
  }
  if (stored !== lastStored) {
    lastStored = stored;
    try {
      const role: unknown = stored === null ? undefined : JSON.parse(stored)?.user?.app_metadata?.role;
      lastSnapshot = stored === null ? SIGNED_OUT : isRole(role) ? role : NO_ROLE;
    } catch {
      // Not a session auth-js could read either.
      lastSnapshot = SIGNED_OUT;
    }
  }
  return lastSnapshot;
}

function subscribe(onChange: () => void): () => void {
  // Another tab signing in or out; this tab's own changes reach the header through auth-js's events.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * The session stored in this browser, known at the first render without auth-js (decision 025); null when
 * none is stored. Rendered without a browser, nothing is known: null.
 */
export function useStoredSession(): StoredSession | null {
  const snapshot = useSyncExternalStore(subscribe, readSnapshot, () => SIGNED_OUT);
  return useMemo(
    () => (snapshot === SIGNED_OUT ? null : { role: snapshot === NO_ROLE ? null : (snapshot as Role) }),
    [snapshot],
  );
}
