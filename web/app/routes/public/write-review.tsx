import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import {
  type InvitationViewer,
  ReviewInvitation,
} from '../../../features/customer-reviews/components/review-invitation.tsx';
import { SignedInUserProvider } from '../../../lib/signed-in-user.tsx';

/** The page an invitation's link opens (`/omdome/:token`): the invited customer signs in and writes the review (issue 23). */
export function Component() {
  const { t } = useTranslation('customerReviews');
  const { token = '' } = useParams();
  const { status, user, getAccessToken, signOut } = useAuth();
  const viewer: InvitationViewer =
    status === 'loading'
      ? { status: 'loading' }
      : user
        ? { status: 'signed-in', role: user.role, email: user.email }
        : { status: 'anonymous' };
  return (
    <>
      <PageHeader title={t('write.title')} intro={t('write.intro')} />
      <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
        <SignedInUserProvider userId={user?.id ?? null} getAccessToken={getAccessToken}>
          {/* A new session (signing in or out here) starts the page's requests afresh. */}
          <ReviewInvitation
            key={user?.id ?? 'anonymous'}
            token={token}
            viewer={viewer}
            onSignOut={() => void signOut()}
          />
        </SignedInUserProvider>
      </div>
    </>
  );
}
