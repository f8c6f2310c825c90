import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { type AccountState, AccountActions } from '../../../components/layouts/account-actions.tsx';
import { PublicLayout } from '../../../components/layouts/public-layout.tsx';
import { myPageHref } from '../../../config/paths.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { useSiteTitle } from '../../../features/site/api/get-site-settings.ts';
import { DocumentTitle } from '../../../features/site/components/document-title.tsx';
import { hasStoredSession } from '../../../lib/auth-client.ts';

function useAccountState(): AccountState {
  const { status, user, logout } = useAuth();
  if (status === 'authenticated' && user)
    return { kind: 'signedIn', myPageHref: myPageHref(user.role), onLogout: () => void logout() };
  // Before auth-js has answered, a stored session keeps the signed-in buttons' room: nothing jumps.
  if (status === 'loading' && hasStoredSession()) return { kind: 'pending' };
  return { kind: 'signedOut' };
}

/** Header, footer and title around every public page. */
export function PublicRoot() {
  const siteTitle = useSiteTitle();
  const accountState = useAccountState();

  return (
    <PublicLayout siteTitle={siteTitle} accountActions={<AccountActions state={accountState} />}>
      <DocumentTitle title={siteTitle} />
      {/* On the first load the header shows before the page: the placeholder keeps the footer below the fold, so nothing shifts in view. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <Outlet />
      </Suspense>
    </PublicLayout>
  );
}
