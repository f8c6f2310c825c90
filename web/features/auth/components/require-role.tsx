import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../../../contracts/constants.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import type { SignInLocationState } from '../lib/redirect.ts';
import { useAuth } from './auth-provider.tsx';

/**
 * SPEC section 2 "Route guard": nothing protected renders before the sign-in state is known; a
 * visitor goes to /login (and comes back after signing in), a signed-in user of another role to /.
 */
export function RequireRole({ allowedRoles, children }: { allowedRoles: readonly Role[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const location = useLocation();

  if (status === 'loading') return <Spinner label={t('status.loading')} className="min-h-screen" />;
  if (!user) {
    const state: SignInLocationState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (!user.role || !allowedRoles.includes(user.role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
