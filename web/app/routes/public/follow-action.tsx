import { lazy, Suspense } from 'react';
import type { ClinicCardAction } from '../../../features/clinic-register/components/clinic-grid.tsx';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { i18n } from '../../../lib/i18n.ts';

// The follow feature (its code and its texts) loads only once a customer is signed in: the register's
// and the landing page's JavaScript for everyone else stays what it was.
const FollowActionButton = lazy(async () => {
  const [module] = await Promise.all([import('./follow-action-button.tsx'), i18n.loadNamespaces('follows')]);
  return { default: module.FollowActionButton };
});

/** The public clinic cards' follow button: SPEC section 2 shows it to signed-in customers only. */
export function useFollowAction(): ClinicCardAction | undefined {
  const { user } = useAuth();
  if (user?.role !== 'customer') return undefined;
  return (clinic, page) => (
    <Suspense fallback={null}>
      <FollowActionButton clinic={clinic} page={page} />
    </Suspense>
  );
}
