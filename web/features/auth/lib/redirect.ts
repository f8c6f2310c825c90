import type { Role } from '../../../../contracts/constants.ts';
import { myPageHref, paths } from '../../../config/paths.ts';

/** What the guard passes to /login in the location state: the page that was asked for. */
export interface SignInLocationState {
  from?: string;
  /** An address to fill in, which the person may change: the one a review invitation was sent to. */
  email?: string;
}

const SIGN_IN_PAGES: string[] = [
  paths.login,
  paths.register,
  paths.adminLogin,
  paths.forgotPassword,
  paths.resetPassword,
  paths.confirmEmail,
];

/** The dashboard area a path lies in, with the one role that may use it (SPEC section 2 "Route guard"). */
export function areaRoleOf(pathname: string): Role | null {
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (pathname === paths.adminLogin) return null;
  if (within(paths.adminDashboard)) return 'admin';
  if (within(paths.clinicDashboard)) return 'clinic';
  if (within(paths.customerDashboard)) return 'customer';
  return null;
}

/** The asked-for page from the location state, if it is a path on this site. */
export function requestedPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state as SignInLocationState;
  // Only paths on this origin: "//host" would leave the site.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** The address to fill in from the location state; empty without one. */
export function requestedEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  const { email } = state as SignInLocationState;
  return typeof email === 'string' ? email : '';
}

/**
 * Where to go after signing in: back to the asked-for page when this role may see it, otherwise
 * the role's own area (SPEC section 2 "/login": admin → /admin, clinic → /clinic-dashboard, else /dashboard).
 */
export function pathAfterSignIn(role: Role | null, requested: string | null): string {
  if (requested) {
    const pathname = new URL(requested, 'http://localhost').pathname;
    const areaRole = areaRoleOf(pathname);
    if (!SIGN_IN_PAGES.includes(pathname) && (areaRole === null || areaRole === role)) return requested;
  }
  return role === null ? paths.customerDashboard : myPageHref(role);
}
