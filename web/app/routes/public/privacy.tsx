import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { PrivacyPolicy, type PrivacyReader } from '../../../features/privacy-policy/components/privacy-policy.tsx';
import { useSiteTitle } from '../../../features/site/api/get-site-settings.ts';
import { useStoredSession } from '../../../lib/stored-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The signed-in role, or the stored session's while auth-js loads, as the header tells it (root.tsx). */
function useReader(): PrivacyReader {
  const { status, user } = useAuth();
  const stored = useStoredSession();
  if (status === 'authenticated' && user) return { kind: 'signedIn', role: user.role };
  if (status === 'loading' && stored) return { kind: 'signedIn', role: stored.role };
  return { kind: 'signedOut' };
}

/**
 * /integritet (issue 26 point 4; /privacy sends there in English). `reader` is given by the server's copy
 * of the page (web/app/prerender-pages.tsx), which cannot know who reads it.
 */
export function Component({ reader }: { reader?: PrivacyReader }) {
  const { t } = useTranslation('privacy');
  const site = useSiteTitle();
  const current = useReader();
  // The tab's title as the server's head has it (server/services/page-heads.ts), in the visitor's language.
  useDocumentTitle(t('documentTitle', { site }));
  return <PrivacyPolicy reader={reader ?? current} />;
}
