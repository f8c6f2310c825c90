import { lazy, type ReactNode, Suspense } from 'react';
import type { ClinicCard } from '../../../../contracts/clinics.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { i18n } from '../../../lib/i18n.ts';

// As the follow button (follow-action.tsx): the message dialog, its code and its texts load only once
// a customer is signed in, so the public pages' JavaScript for everyone else stays what it was.
const MessageActionButton = lazy(async () => {
  const [module] = await Promise.all([
    import('./message-action-button.tsx'),
    i18n.loadNamespaces(['writeMessage', 'validation']),
  ]);
  return { default: module.MessageActionButton };
});

export type MessageAction = (clinic: Pick<ClinicCard, 'id' | 'fullName'>) => ReactNode;

/**
 * 'Skicka meddelande' to a clinic (issue 11): on its card (`size` sm, beside the follow button) and
 * on its page. For signed-in customers only: the server lets a customer write to a certified clinic.
 */
export function useMessageAction(size: 'sm' | 'default' = 'sm'): MessageAction | undefined {
  const { user } = useAuth();
  if (user?.role !== 'customer') return undefined;
  return (clinic) => (
    <Suspense fallback={null}>
      <MessageActionButton clinic={clinic} size={size} />
    </Suspense>
  );
}
