import { PencilIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApplicationRequirement, ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { CRITERIA_IDS } from '../../../../contracts/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { pendingCriteria, pendingFields, requestedProfile } from '../lib/change-request.ts';
import { visibilityState } from '../lib/visibility.ts';
import { APPLICATION_TEXT_FIELDS, ApplicationInfoDialog } from './application-info-dialog.tsx';

function hasApplicationInfo(profile: ClinicOwnProfile): boolean {
  return (
    APPLICATION_TEXT_FIELDS.some(({ name }) => profile[name] !== null) ||
    CRITERIA_IDS.some((id) => profile.criteria[id])
  );
}

/** What the clinic saved; a value waiting for review (issue 27) shows with the reviewed one shown meanwhile. */
function SavedInformation({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const requested = requestedProfile(profile);
  if (!hasApplicationInfo(requested))
    return <p className="text-sm text-muted-foreground">{t('application.info.empty')}</p>;
  const confirmed = CRITERIA_IDS.filter((id) => requested.criteria[id]).length;
  const pending: string[] = pendingFields(profile);
  const pendingNote = (value: string) => (
    <p className="mt-0.5 text-xs font-normal text-muted-foreground">{t('changeRequest.pendingHint', { value })}</p>
  );
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
      {APPLICATION_TEXT_FIELDS.map(({ name }) => (
        <div key={name} className="min-w-0">
          <dt className="text-muted-foreground">{t(`application.info.fields.${name}.label`)}</dt>
          <dd className="mt-0.5 font-medium break-words">
            {requested[name] ?? (
              <span className="font-normal text-muted-foreground">{t('application.info.notGiven')}</span>
            )}
            {pending.includes(name) ? pendingNote(profile[name] || t('application.info.notGiven')) : null}
          </dd>
        </div>
      ))}
      <div className="sm:col-span-2">
        <dt className="text-muted-foreground">{t('application.info.criteria.title')}</dt>
        <dd className="mt-0.5 font-medium">
          {t('application.info.criteriaConfirmed', { confirmed, total: CRITERIA_IDS.length })}
          {pendingCriteria(profile).length > 0
            ? pendingNote(
                t('application.info.criteriaConfirmed', {
                  confirmed: CRITERIA_IDS.filter((id) => profile.criteria[id]).length,
                  total: CRITERIA_IDS.length,
                }),
              )
            : null}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-muted-foreground">{t('application.info.visibility.title')}</dt>
        <dd className="mt-0.5 font-medium">{t(`visibility.states.${visibilityState(profile)}.title`)}</dd>
      </div>
    </dl>
  );
}

/**
 * 'Ansökningsinformation': what is saved of the application, and the dialog that edits it. The page
 * holds whether the dialog is open, so that the list of what is missing can open it at a field (`focus`).
 */
export function ApplicationInfoCard({
  profile,
  open,
  focus,
  onOpenChange,
}: {
  profile: ClinicOwnProfile;
  open: boolean;
  focus?: ApplicationRequirement;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('clinicArea');
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">{t('application.info.title')}</CardTitle>
          <CardDescription>{t('application.info.description')}</CardDescription>
        </div>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="outline" className="w-fit">
              <PencilIcon aria-hidden />
              {t('application.info.edit')}
            </Button>
          </DialogTrigger>
          <ApplicationInfoDialog profile={profile} focus={focus} onSaved={() => onOpenChange(false)} />
        </Dialog>
      </CardHeader>
      <CardContent>
        <SavedInformation profile={profile} />
      </CardContent>
    </Card>
  );
}
