import type { ClinicCard } from '../../../../contracts/clinics.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { FollowButton } from '../../../features/follows/components/follow-button.tsx';
import { SignedInUserProvider } from '../../../lib/signed-in-user.tsx';

/** Loaded lazily by follow-action.tsx: the follow button of a public card, acting for the signed-in customer. */
export function FollowActionButton({ clinic, page }: { clinic: ClinicCard; page: readonly ClinicCard[] }) {
  const { user, getAccessToken } = useAuth();
  return (
    <SignedInUserProvider userId={user?.id ?? null} getAccessToken={getAccessToken}>
      <FollowButton clinic={clinic} loadedWith={page.map(({ id }) => id)} />
    </SignedInUserProvider>
  );
}
