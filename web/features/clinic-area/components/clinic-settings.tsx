import { CardSkeleton } from './card-skeleton.tsx';
import { ClinicSettingsForm } from './clinic-settings-form.tsx';
import { CoverImageCard } from './cover-image-card.tsx';
import { VisibilityCard } from './visibility-card.tsx';
import { WithClinicProfile } from './with-clinic-profile.tsx';

/** SPEC section 2 "Clinic area", settings: profile and contact details, cover image, visibility. */
export function ClinicSettings({ onSaved }: { onSaved?: () => void }) {
  return (
    <WithClinicProfile
      skeleton={
        <div className="grid gap-6">
          <CardSkeleton lines={3} />
          <CardSkeleton lines={3} />
        </div>
      }
    >
      {(profile) => (
        <div className="grid gap-6">
          <ClinicSettingsForm profile={profile} onSaved={onSaved} />
          <CoverImageCard profile={profile} />
          <VisibilityCard profile={profile} />
        </div>
      )}
    </WithClinicProfile>
  );
}
