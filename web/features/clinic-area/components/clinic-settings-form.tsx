import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ClinicOwnProfile, type ClinicSettings, ClinicSettingsSchema } from '../../../../contracts/clinic-area.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage, ApiRequestError } from '../../../lib/api-client.ts';
import { SERVER_ERROR_TYPE, setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateClinicSettings } from '../api/update-clinic-settings.ts';
import { isReviewLocked, pendingFields, requestedProfile } from '../lib/change-request.ts';

type SettingsValues = z.input<typeof ClinicSettingsSchema>;
type SettingsField = keyof SettingsValues;

interface FieldSpec {
  name: SettingsField;
  type?: ComponentProps<'input'>['type'];
  autoComplete: string;
  required?: boolean;
  rows?: number;
  /** A hint under the field (clinicArea:settings.hints.{name}): what it is for. */
  hinted?: boolean;
}

const PUBLIC_PROFILE_FIELDS: FieldSpec[] = [
  { name: 'fullName', autoComplete: 'organization', required: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'description', autoComplete: 'off', rows: 4 },
];

const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'website', type: 'url', autoComplete: 'url' },
  { name: 'bookingUrl', type: 'url', autoComplete: 'url', hinted: true },
  { name: 'contactPerson', autoComplete: 'name' },
  { name: 'contactEmail', type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel' },
];

const ALL_FIELDS = [...PUBLIC_PROFILE_FIELDS, ...CONTACT_FIELDS].map(({ name }) => name);

/** The form shows what the clinic asked for: a name waiting for review is its name here (issue 27). */
const valuesOf = (profile: ClinicOwnProfile): SettingsValues => {
  const requested = requestedProfile(profile);
  return Object.fromEntries(ALL_FIELDS.map((name) => [name, requested[name] ?? '']));
};

/**
 * The clinic's public profile and contact details, saved together (an empty field clears it).
 * `onSaved` lets the app follow a change of name elsewhere (the dashboard header). Once the
 * application is sent in, the name and company name wait for review: the toast and the fields say so.
 */
export function ClinicSettingsForm({ profile, onSaved }: { profile: ClinicOwnProfile; onSaved?: () => void }) {
  const { t } = useTranslation(['clinicArea', 'validation']);
  const save = useUpdateClinicSettings();
  const form = useForm<SettingsValues, unknown, ClinicSettings>({
    resolver: zodResolver(ClinicSettingsSchema),
    defaultValues: valuesOf(profile),
  });

  const onSubmit = async (settings: ClinicSettings) => {
    try {
      const saved = await save.mutateAsync(settings);
      // The server's normalised values (`www.x.se` → `https://www.x.se`) become the form's.
      form.reset(valuesOf(saved));
      const toastKey = pendingFields(saved).some((field) => (ALL_FIELDS as string[]).includes(field))
        ? 'changePending'
        : 'settingsSaved';
      toast({
        title: t(`clinicArea:toasts.${toastKey}.title`),
        description: t(`clinicArea:toasts.${toastKey}.description`),
        variant: 'success',
      });
      onSaved?.();
    } catch (error) {
      setServerFieldErrors(error, ALL_FIELDS, form.setError);
      // Another listed clinic in the same city has the name: the name is what tells them apart.
      if (error instanceof ApiRequestError && error.code === 'name_taken')
        form.setError('fullName', { type: SERVER_ERROR_TYPE, message: error.message }, { shouldFocus: true });
      toast({
        title: t('clinicArea:toasts.settingsSaveError'),
        description: apiErrorMessage(error),
        variant: 'destructive',
      });
    }
  };

  const pending: string[] = pendingFields(profile);
  const fields = (specs: FieldSpec[]) =>
    specs.map(({ name, hinted, ...spec }) => (
      <FormTextField
        key={name}
        control={form.control}
        name={name}
        label={t(`clinicArea:settings.fields.${name}`)}
        className={spec.rows ? 'sm:col-span-2' : undefined}
        hint={
          pending.includes(name)
            ? t('clinicArea:changeRequest.pendingHint', {
                value: profile[name] || t('clinicArea:application.info.notGiven'),
              })
            : hinted
              ? t(`clinicArea:settings.hints.${name}`)
              : undefined
        }
        {...spec}
      />
    ));

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('clinicArea:settings.publicProfile.title')}</CardTitle>
          <CardDescription>{t('clinicArea:settings.publicProfile.description')}</CardDescription>
          {isReviewLocked(profile) ? (
            <CardDescription>{t('clinicArea:changeRequest.lockedNote')}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">{fields(PUBLIC_PROFILE_FIELDS)}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('clinicArea:settings.contact.title')}</CardTitle>
          <CardDescription>{t('clinicArea:settings.contact.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">{fields(CONTACT_FIELDS)}</CardContent>
      </Card>
      <Button type="submit" size="lg" disabled={submitting} className="w-fit">
        <SaveIcon aria-hidden />
        {submitting ? t('clinicArea:settings.saving') : t('clinicArea:settings.save')}
      </Button>
    </form>
  );
}
