import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Button } from '../ui/button.tsx';

export type AccountState =
  | { kind: 'signedOut' }
  /** A session is stored but not yet confirmed: keep the room of the signed-in buttons, show nothing. */
  | { kind: 'pending' }
  | { kind: 'signedIn'; myPageHref: string; onLogout: () => void };

/** The header's account buttons (SPEC section 2 "Layout"): Log in / Register, or My page / Log out. */
export function AccountActions({ state }: { state: AccountState }) {
  const { t } = useTranslation();
  if (state.kind !== 'signedOut') {
    // Pending: the same buttons, invisible (so neither seen, focused nor read), and nothing moves later.
    const hidden = state.kind === 'pending' ? 'invisible' : undefined;
    return (
      <>
        <Button asChild variant="ghost" size="sm" className={hidden}>
          <Link to={state.kind === 'signedIn' ? state.myPageHref : paths.home}>{t('account.myPage')}</Link>
        </Button>
        <Button size="sm" className={hidden} onClick={state.kind === 'signedIn' ? state.onLogout : undefined}>
          {t('account.logout')}
        </Button>
      </>
    );
  }
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
