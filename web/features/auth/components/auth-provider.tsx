import type { Session } from '@supabase/auth-js';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginForm, RegisterForm } from '../../../../contracts/auth.ts';
import { paths } from '../../../config/paths.ts';
import { AUTH_STORAGE_KEY } from '../../../../contracts/session-hint.ts';
import { loadAuthClient } from '../../../lib/auth-client.ts';
import { getOwnProfileQueryOptions, ownProfileKeys } from '../api/get-own-profile.ts';
import { type AuthUser, toAuthUser } from '../lib/auth-user.ts';

/** SPEC section 4: loading first, then authenticated or anonymous. */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** Signs in; resolves with the signed-in user, rejects with auth-js's error. */
  login: (credentials: LoginForm) => Promise<AuthUser>;
  /** Registers (auto-confirmed, so signed in at once); resolves with the user, rejects with auth-js's error. */
  register: (form: RegisterForm) => Promise<AuthUser>;
  /** Goes to the start page and ends the session. */
  logout: () => Promise<void>;
  /** Ends the session and stays on the page (the admin login turns a non-admin away with it). */
  signOut: () => Promise<void>;
  /** A valid access token for the API (auth-js refreshes it when needed), or null when signed out. */
  getAccessToken: () => Promise<string | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface SessionState {
  /** auth-js has loaded and told the stored session (its INITIAL_SESSION event). */
  known: boolean;
  session: Session | null;
}

/**
 * Holds the session of auth-js (persisted, auto-refreshed) and follows its events; the signed-in
 * user is the auth user plus the own profile (GET /api/me/profile), loaded on every new session.
 * Lives inside the router so that logging out can navigate.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [{ known, session }, setSessionState] = useState<SessionState>({ known: false, session: null });

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    loadAuthClient().then(
      (client) => {
        if (!active) return;
        const { data } = client.onAuthStateChange((event, next) => {
          setSessionState({ known: true, session: next });
          if (!next) queryClient.removeQueries({ queryKey: ownProfileKeys.all });
          // Every other event brings a new access token, hence a new profile query; this one keeps it.
          else if (event === 'USER_UPDATED') void queryClient.invalidateQueries({ queryKey: ownProfileKeys.all });
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      (error: unknown) => {
        console.error('Could not load the sign-in client', error);
        if (active) setSessionState({ known: true, session: null });
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [queryClient]);

  const profile = useQuery({
    ...getOwnProfileQueryOptions(session?.access_token ?? ''),
    enabled: Boolean(session),
    // A refreshed token keeps showing the profile while it loads again.
    placeholderData: keepPreviousData,
  });

  const { status, user } = useMemo((): { status: AuthStatus; user: AuthUser | null } => {
    if (!known) return { status: 'loading', user: null };
    if (!session) return { status: 'anonymous', user: null };
    const ownProfile = profile.data?.id === session.user.id ? profile.data : undefined;
    if (ownProfile || profile.isError) return { status: 'authenticated', user: toAuthUser(session.user, ownProfile) };
    return { status: 'loading', user: null };
  }, [known, session, profile.data, profile.isError]);

  const userOf = useCallback(
    async (next: Session): Promise<AuthUser> => {
      const ownProfile = await queryClient.fetchQuery(getOwnProfileQueryOptions(next.access_token)).catch(() => null);
      return toAuthUser(next.user, ownProfile);
    },
    [queryClient],
  );

  const login = useCallback(
    async ({ email, password }: LoginForm) => {
      const client = await loadAuthClient();
      const { data, error } = await client.signInWithPassword({ email, password });
      if (error) throw error;
      return userOf(data.session);
    },
    [userOf],
  );

  const register = useCallback(
    async ({ email, password, fullName, role }: RegisterForm) => {
      const client = await loadAuthClient();
      const { data, error } = await client.signUp({
        email,
        password,
        options: { data: { full_name: fullName, role } },
      });
      if (error) throw error;
      if (!data.session) throw new Error('The sign-up answered without a session');
      return userOf(data.session);
    },
    [userOf],
  );

  const signOut = useCallback(async () => {
    const client = await loadAuthClient();
    const { error } = await client.signOut({ scope: 'local' });
    if (error) {
      // The server could not be reached: the person asked to leave, so forget the session here anyway.
      console.error('Signing out on the server failed; forgetting the session in this browser', error);
      window.localStorage.removeItem(AUTH_STORAGE_KEY);
      window.location.assign(paths.home);
    }
  }, []);

  const logout = useCallback(async () => {
    // Leave first: a guarded page would otherwise send the now anonymous visitor to /login.
    await navigate(paths.home);
    await signOut();
  }, [navigate, signOut]);

  const getAccessToken = useCallback(async () => {
    const client = await loadAuthClient();
    const { data } = await client.getSession();
    return data.session?.access_token ?? null;
  }, []);

  const value = useMemo(
    () => ({ status, user, login, register, logout, signOut, getAccessToken }),
    [status, user, login, register, logout, signOut, getAccessToken],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
