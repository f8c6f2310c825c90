import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthProvider } from '../../features/auth/components/auth-provider.tsx';

/** Around every route: the sign-in state, and each navigation starting at the top of the page. */
export function AppRoot() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
