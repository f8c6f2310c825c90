import type { ComponentProps } from 'react';
import type { ClinicCard } from '../../../../contracts/clinics.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { WriteMessageDialog } from '../../../features/messages/components/write-message-dialog.tsx';
import { AccessTokenProvider } from '../../../lib/access-token.tsx';

/** Loaded lazily by message-action.tsx: 'Skicka meddelande' to a clinic, written by the signed-in customer. */
export function MessageActionButton({
  clinic,
  size,
}: {
  clinic: Pick<ClinicCard, 'id' | 'fullName'>;
  size: ComponentProps<typeof WriteMessageDialog>['size'];
}) {
  const { getAccessToken } = useAuth();
  return (
    <AccessTokenProvider getAccessToken={getAccessToken}>
      <WriteMessageDialog recipient={clinic} size={size} />
    </AccessTokenProvider>
  );
}
