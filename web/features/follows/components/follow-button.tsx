import { HeartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ClinicCard } from '../../../../contracts/clinics.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiRequestError, apiErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useFollowStatus } from '../api/get-follow-status.ts';
import { useSetFollowing } from '../api/set-following.ts';

type FollowedClinic = Pick<ClinicCard, 'id' | 'fullName'>;

/** The session ended or is not a customer's (SPEC section 5: following needs a signed-in customer). */
const isNotCustomer = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

/**
 * Follows or stops following one clinic (SPEC section 4): disabled while its request runs and until
 * the state is known, the result told in a toast with the clinic's name.
 */
export function FollowToggle({ clinic, followed }: { clinic: FollowedClinic; followed: boolean | undefined }) {
  const { t } = useTranslation('follows');
  const setFollowing = useSetFollowing({
    onSuccess: (_result, change) =>
      toast(
        change.following
          ? { title: t('toasts.followSuccess', { name: change.clinic.fullName }), variant: 'success' }
          : { title: t('toasts.unfollowSuccess', { name: change.clinic.fullName }) },
      ),
    onError: (error) =>
      toast(
        isNotCustomer(error)
          ? { title: t('toasts.customerOnly'), variant: 'destructive' }
          : { title: t('toasts.followError'), description: apiErrorMessage(error), variant: 'destructive' },
      ),
  });
  const pending = setFollowing.isPending;
  return (
    <Button
      type="button"
      size="sm"
      variant={followed ? 'secondary' : 'outline'}
      className="ml-auto"
      disabled={followed === undefined}
      pending={pending}
      onClick={() => setFollowing.mutate({ clinic, following: !followed })}
    >
      <HeartIcon className={cn(followed && 'fill-current')} aria-hidden />
      {followed ? t('unfollow') : t('follow')} <span className="sr-only">{clinic.fullName}</span>
    </Button>
  );
}

/**
 * The follow button of a card in the register or the featured list. `loadedWith` are the ids of the
 * cards of its page: every button of the page asks with the same ids, so the page's state comes in
 * one request, never one per card.
 */
export function FollowButton({ clinic, loadedWith }: { clinic: FollowedClinic; loadedWith: readonly string[] }) {
  const status = useFollowStatus(loadedWith);
  // A failed status is only logged (SPEC section 8): following is then offered, and doing it again is harmless.
  const followed = status.data ? status.data.followed.includes(clinic.id) : status.isError ? false : undefined;
  return <FollowToggle clinic={clinic} followed={followed} />;
}
