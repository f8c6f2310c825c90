import { ApplicationInfoCard } from './application-info-card.tsx';
import { ApplicationStatusCard } from './application-status-card.tsx';
import { CardSkeleton } from './card-skeleton.tsx';
import { ChangeRequestCard } from './change-request-card.tsx';
import { ClinicDocumentsCard } from './clinic-documents-card.tsx';
import { FactsCard } from './facts-card.tsx';
import { TreatmentsCard } from './treatments-card.tsx';
import { WithClinicProfile } from './with-clinic-profile.tsx';

/**
 * SPEC section 2 "Clinic area", application: its status, the treatments, the documents, the facts we
 * check (issue 22) and the application information.
 */
export function ClinicApplication() {
  return (
    <WithClinicProfile
      skeleton={
        <div className="grid gap-6">
          <CardSkeleton />
          <CardSkeleton lines={2} />
          <CardSkeleton lines={2} />
        </div>
      }
    >
      {(profile) => (
        <div className="grid gap-6">
          <ApplicationStatusCard profile={profile} />
          <ChangeRequestCard profile={profile} />
          <TreatmentsCard profile={profile} />
          <ClinicDocumentsCard />
          <FactsCard profile={profile} />
          <ApplicationInfoCard profile={profile} />
        </div>
      )}
    </WithClinicProfile>
  );
}
