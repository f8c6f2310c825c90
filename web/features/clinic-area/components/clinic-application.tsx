import { type ReactNode, useId, useState } from 'react';
import type { ApplicationRequirement } from '../../../../contracts/clinic-area.ts';
import { ApplicationInfoCard } from './application-info-card.tsx';
import { ApplicationStatusCard } from './application-status-card.tsx';
import { CardSkeleton } from './card-skeleton.tsx';
import { ChangeRequestCard } from './change-request-card.tsx';
import { ClinicDocumentsCard } from './clinic-documents-card.tsx';
import { FactsCard } from './facts-card.tsx';
import { TreatmentsCard } from './treatments-card.tsx';
import { WithClinicProfile } from './with-clinic-profile.tsx';

/** Focuses the first control inside `section` (a treatment's checkbox, the document picker); focus scrolls to it. */
function focusWithin(section: HTMLElement | null) {
  section?.querySelector<HTMLElement>('[role="checkbox"], input:not([tabindex="-1"]), button')?.focus();
}

/**
 * SPEC section 2 "Clinic area", application: its status, the treatments, the documents, the facts we
 * check (issue 22) and the application information. The list of what is missing leads to each field
 * (issue 28): the treatments and the documents on their cards, the rest in the information's dialog.
 * `notice` comes below the status from another feature, composed by the page (issue 25: the membership to pay first).
 */
export function ClinicApplication({ notice }: { notice?: ReactNode }) {
  const treatmentsId = useId();
  const documentsId = useId();
  const [editing, setEditing] = useState<{ focus?: ApplicationRequirement } | null>(null);
  const goTo = (requirement: ApplicationRequirement) => {
    if (requirement === 'treatments') focusWithin(document.getElementById(treatmentsId));
    else if (requirement === 'documents') focusWithin(document.getElementById(documentsId));
    else setEditing({ focus: requirement });
  };
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
          <ApplicationStatusCard profile={profile} onGoTo={goTo} />
          {notice}
          <ChangeRequestCard profile={profile} />
          <div id={treatmentsId}>
            <TreatmentsCard profile={profile} />
          </div>
          <div id={documentsId}>
            <ClinicDocumentsCard />
          </div>
          <FactsCard profile={profile} />
          <ApplicationInfoCard
            profile={profile}
            open={editing !== null}
            focus={editing?.focus}
            onOpenChange={(open) => setEditing(open ? {} : null)}
          />
        </div>
      )}
    </WithClinicProfile>
  );
}
