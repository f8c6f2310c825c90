import type { ReactElement } from 'react';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CLINIC_ID } from '../../../testing/clinic-profile-fixtures.ts';
import { ClinicSessionProvider } from '../components/clinic-session.tsx';

export { CLINIC_ID, clinicProfile, completeApplication } from '../../../testing/clinic-profile-fixtures.ts';

/** Renders as a page of the clinic area, signed in as CLINIC_ID. */
export const renderInClinicArea = (ui: ReactElement) =>
  renderWithProviders(<ClinicSessionProvider clinicId={CLINIC_ID}>{ui}</ClinicSessionProvider>);
