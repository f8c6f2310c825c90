import type { ReactElement } from 'react';
import { SignedInUserProvider } from '../../../lib/signed-in-user.tsx';
import { CLINIC_ID } from '../../../testing/clinic-profile-fixtures.ts';
import { ACCESS_TOKEN, renderWithProviders } from '../../../testing/test-utils.tsx';

/** Renders as a page of the clinic area, signed in as CLINIC_ID. */
export const renderAsClinic = (ui: ReactElement) =>
  renderWithProviders(
    <SignedInUserProvider userId={CLINIC_ID} getAccessToken={async () => ACCESS_TOKEN}>
      {ui}
    </SignedInUserProvider>,
  );
