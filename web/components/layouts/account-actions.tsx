import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES } from '../../../contracts/constants.ts';
import { myPageHref, paths, signOutHref } from '../../config/paths.ts';
import { Button } from '../ui/button.tsx';

export type AccountState =
  | { kind: 'signedOut' }
  | { kind: 'signedIn'; myPageHref: string; onLogout: () => void }
  /**
   * The server's copy of a page, which cannot know the session: it holds the links of every state, and
   * the stored session's mark on `<html>` (contracts/session-hint.ts) shows the visitor's (web/styles.css).
   */
  | { kind: 'unknown' };

function SignedOutActions() {
  const { t } = useTranslation();
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.login}>{t('account.login')}</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.register}>{t('account.register')}</Link>
      </Button>
    </>
  );
}

function SignedInActions({ href, onLogout }: { href: string; onLogout?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={href}>{t('account.myPage')}</Link>
      </Button>
      {onLogout ? (
        <Button size="sm" onClick={onLogout}>
          {t('account.logout')}
        </Button>
      ) : (
        // The server's copy, usable before the app has loaded: the app finishes it (web/app/routes/public/root.tsx).
        <Button asChild size="sm">
          <a href={signOutHref}>{t('account.logout')}</a>
        </Button>
      )}
    </>
  );
}

/** The header's account buttons (SPEC section 2 "Layout"): Log in / Register, or My page / Log out. */
export function AccountActions({ state }: { state: AccountState }) {
  if (state.kind === 'signedOut') return <SignedOutActions />;
  if (state.kind === 'signedIn') return <SignedInActions href={state.myPageHref} onLogout={state.onLogout} />;
  return (
    <>
      <span data-session-state="signed-out" className="contents">
        <SignedOutActions />
      </span>
      {[...ROLES, null].map((role) => (
        <span key={role ?? ''} data-session-state={role ?? ''} className="contents">
          <SignedInActions href={myPageHref(role)} />
        </span>
      ))}
    </>
  );
}
