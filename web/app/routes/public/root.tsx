import { Suspense, useEffect } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { type AccountState, AccountActions } from '../../../components/layouts/account-actions.tsx';
import { PublicLayout } from '../../../components/layouts/public-layout.tsx';
import { myPageHref, SIGN_OUT_PARAM } from '../../../config/paths.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { useSiteTitle, useSocialLinks } from '../../../features/site/api/get-site-settings.ts';
import { DocumentTitle } from '../../../features/site/components/document-title.tsx';
import { useStoredSession } from '../../../lib/stored-session.ts';

/**
 * The header's sign-in state: auth-js's once it has answered; until then the session stored in this
 * browser, read at the first render, as the server's copy of the page showed it (decision 025).
 */
function useAccountState(): AccountState {
  const { status, user, logout } = useAuth();
  const stored = useStoredSession();
  const onLogout = () => void logout();
  if (status === 'authenticated' && user) return { kind: 'signedIn', myPageHref: myPageHref(user.role), onLogout };
  if (status === 'loading' && stored) return { kind: 'signedIn', myPageHref: myPageHref(stored.role), onLogout };
  return { kind: 'signedOut' };
}

/** A sign-out asked from the server's copy of the header (`signOutHref`) is done once the app runs. */
function useSignOutLink() {
  const { logout } = useAuth();
  const [params] = useSearchParams();
  const asked = params.has(SIGN_OUT_PARAM);
  useEffect(() => {
    if (asked) void logout();
  }, [asked, logout]);
}

/** Header, footer and title around every public page. */
export function PublicRoot() {
  const siteTitle = useSiteTitle();
  const socialLinks = useSocialLinks();
  const accountState = useAccountState();
  useSignOutLink();

  return (
    <PublicLayout
      siteTitle={siteTitle}
      socialLinks={socialLinks}
      accountActions={<AccountActions state={accountState} />}
    >
      <DocumentTitle title={siteTitle} />
      {/* On the first load the header shows before the page: the placeholder keeps the footer below the fold, so nothing shifts in view. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <Outlet />
      </Suspense>
    </PublicLayout>
  );
}
