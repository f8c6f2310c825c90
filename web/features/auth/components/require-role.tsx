import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../../../contracts/constants.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useStoredSession } from '../../../lib/stored-session.ts';
import type { SignInLocationState } from '../lib/redirect.ts';
import { useAuth } from './auth-provider.tsx';

/**
 * SPEC section 2 "Route guard": nothing protected renders before the sign-in state is known; a
 * visitor goes to /login (and comes back after signing in), a signed-in user of another role to /.
 *
 * `whileLoading` is what shows meanwhile (a dashboard's frame with placeholders, issue 28 point 8),
 * and only when the session stored in this browser was issued for an allowed role (decision 025):
 * a signed-out visitor or another role sees the spinner until the guard sends them on, never the frame.
 */
export function RequireRole({
  allowedRoles,
  whileLoading,
  children,
}: {
  allowedRoles: readonly Role[];
  whileLoading?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const stored = useStoredSession();
  const location = useLocation();

  if (status === 'loading') {
    const likelyAllowed = stored?.role ? allowedRoles.includes(stored.role) : false;
    if (whileLoading && likelyAllowed) return whileLoading;
    return <Spinner label={t('status.loading')} className="min-h-screen" />;
  }
  if (!user) {
    const state: SignInLocationState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (!user.role || !allowedRoles.includes(user.role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
