import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type ApplicationInfo,
  ApplicationInfoSchema,
  type ApplicationRequirement,
  type ClinicOwnProfile,
  type REQUIRED_APPLICATION_FIELDS,
} from '../../../../contracts/clinic-area.ts';
import { CRITERIA_IDS } from '../../../../contracts/constants.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateApplicationInfo } from '../api/update-application-info.ts';
import { isReviewLocked, pendingCriteria, pendingFields, requestedProfile } from '../lib/change-request.ts';

type ApplicationInfoValues = z.input<typeof ApplicationInfoSchema>;
type TextFieldName = (typeof REQUIRED_APPLICATION_FIELDS)[number] | 'postalCode' | 'discountCode';

/**
 * The text fields of the form, in order. An example is a placeholder that says it is one ("t.ex.
 * 556677-8899", muted), never a value that looks filled in (issue 28); the city says where it is shown.
 */
export const APPLICATION_TEXT_FIELDS: {
  name: TextFieldName;
  type?: ComponentProps<'input'>['type'];
  autoComplete: string;
  placeholder?: boolean;
  hint?: boolean;
}[] = [
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'orgNumber', autoComplete: 'off', placeholder: true },
  { name: 'website', type: 'url', autoComplete: 'url', placeholder: true },
  { name: 'address', autoComplete: 'street-address', placeholder: true },
  { name: 'postalCode', autoComplete: 'postal-code', placeholder: true },
  { name: 'city', autoComplete: 'address-level2', placeholder: true, hint: true },
  { name: 'contactPerson', autoComplete: 'name' },
  { name: 'contactEmail', type: 'email', autoComplete: 'email' },
  { name: 'discountCode', autoComplete: 'off' },
];

/**
 * The saved application as form values, with the changes waiting for review on top (issue 27). The
 * company name starts as the clinic's name until one is saved; the examples are placeholders, never
 * values (unlike the original's sample values).
 */
function valuesOf(reviewed: ClinicOwnProfile): ApplicationInfoValues {
  const profile = requestedProfile(reviewed);
  return {
    companyName: profile.companyName ?? profile.fullName,
    orgNumber: profile.orgNumber ?? '',
    website: profile.website ?? '',
    address: profile.address ?? '',
    postalCode: profile.postalCode ?? '',
    city: profile.city ?? '',
    contactPerson: profile.contactPerson ?? '',
    contactEmail: profile.contactEmail ?? '',
    discountCode: profile.discountCode ?? '',
    criteria: { ...profile.criteria },
    isPublic: profile.isPublic,
  };
}

/** The dialog's form; DialogContent mounts it on each opening, so it always starts from the saved values. */
function ApplicationInfoForm({ profile, onSaved }: { profile: ClinicOwnProfile; onSaved: () => void }) {
  const { t } = useTranslation(['clinicArea', 'validation']);
  const criteriaId = useId();
  const visibilityId = useId();
  const save = useUpdateApplicationInfo();
  const form = useForm<ApplicationInfoValues, unknown, ApplicationInfo>({
    resolver: zodResolver(ApplicationInfoSchema),
    defaultValues: valuesOf(profile),
  });

  const onSubmit = async (info: ApplicationInfo) => {
    try {
      const saved = await save.mutateAsync(info);
      const toastKey =
        pendingFields(saved).some((field) => field !== 'fullName') || pendingCriteria(saved).length > 0
          ? 'changePending'
          : 'applicationSaved';
      toast({
        title: t(`clinicArea:toasts.${toastKey}.title`),
        description: t(`clinicArea:toasts.${toastKey}.description`),
        variant: 'success',
      });
      onSaved();
    } catch (error) {
      setServerFieldErrors(
        error,
        APPLICATION_TEXT_FIELDS.map(({ name }) => name),
        form.setError,
      );
      toast({ title: t('clinicArea:toasts.saveError'), description: apiErrorMessage(error), variant: 'destructive' });
    }
  };

  const submitting = form.formState.isSubmitting;
  const pending: string[] = pendingFields(profile);
  const criteriaPending = pendingCriteria(profile);
  const pendingHint = (value: string | null) =>
    t('clinicArea:changeRequest.pendingHint', { value: value || t('clinicArea:application.info.notGiven') });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
      {isReviewLocked(profile) ? (
        <p className="text-sm text-muted-foreground">{t('clinicArea:changeRequest.lockedNote')}</p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {APPLICATION_TEXT_FIELDS.map(({ name, type, autoComplete, placeholder, hint }) => (
          <FormTextField
            key={name}
            control={form.control}
            name={name}
            label={t(`clinicArea:application.info.fields.${name}.label`)}
            type={type}
            autoComplete={autoComplete}
            placeholder={placeholder ? t(`clinicArea:application.info.fields.${name}.placeholder`) : undefined}
            hint={
              pending.includes(name)
                ? pendingHint(profile[name])
                : hint
                  ? t(`clinicArea:application.info.fields.${name}.hint`)
                  : undefined
            }
          />
        ))}
      </div>
      <fieldset className="grid gap-3" aria-describedby={`${criteriaId}-hint`} data-requirement="criteria">
        <legend className="font-semibold">{t('clinicArea:application.info.criteria.title')}</legend>
        <p id={`${criteriaId}-hint`} className="-mt-1 text-sm text-muted-foreground">
          {t('clinicArea:application.info.criteria.description')}
        </p>
        {CRITERIA_IDS.map((id) => (
          <Controller
            key={id}
            name={`criteria.${id}`}
            control={form.control}
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id={`${criteriaId}-${id}`}
                  name={field.name}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  aria-describedby={criteriaPending.includes(id) ? `${criteriaId}-${id}-pending` : undefined}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={`${criteriaId}-${id}`} className="leading-snug font-normal">
                    {t(`clinicArea:application.info.criteria.${id}`)}
                  </Label>
                  {criteriaPending.includes(id) ? (
                    <p id={`${criteriaId}-${id}-pending`} className="text-sm text-muted-foreground">
                      {pendingHint(
                        profile.criteria[id]
                          ? t('clinicArea:changeRequest.confirmed')
                          : t('clinicArea:changeRequest.notConfirmed'),
                      )}
                    </p>
                  ) : null}
                </div>
              </div>
            )}
          />
        ))}
      </fieldset>
      <Controller
        name="isPublic"
        control={form.control}
        render={({ field }) => (
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <Checkbox
              id={visibilityId}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-describedby={`${visibilityId}-hint`}
              className="mt-0.5"
            />
            <div className="grid gap-0.5">
              <Label htmlFor={visibilityId} className="leading-snug">
                {t('clinicArea:application.info.visibility.label')}
              </Label>
              <p id={`${visibilityId}-hint`} className="text-sm text-muted-foreground">
                {t('clinicArea:application.info.visibility.hint')}
              </p>
            </div>
          </div>
        )}
      />
      <DialogFormFooter
        cancelLabel={t('clinicArea:application.info.dialog.cancel')}
        submitLabel={t('clinicArea:application.info.dialog.save')}
        submittingLabel={t('clinicArea:application.info.dialog.saving')}
        submitting={submitting}
        icon={<SaveIcon aria-hidden />}
      />
    </form>
  );
}

/**
 * The field of the form that a missing requirement names: its input, or the first criterion not yet
 * confirmed. The treatments and the documents have cards of their own.
 */
function fieldFor(form: HTMLElement, requirement: ApplicationRequirement): HTMLElement | null {
  return requirement === 'criteria'
    ? form.querySelector('[data-requirement="criteria"] [role="checkbox"][aria-checked="false"]')
    : form.querySelector(`[name="${requirement}"]`);
}

/**
 * 'Redigera Ansökningsinformation': saves the application information as a draft (filled fields must be
 * valid). Opened from the list of what is missing, it starts on that field (`focus`) instead of the first.
 */
export function ApplicationInfoDialog({
  profile,
  onSaved,
  focus,
}: {
  profile: ClinicOwnProfile;
  onSaved: () => void;
  focus?: ApplicationRequirement;
}) {
  const { t } = useTranslation('clinicArea');
  return (
    <DialogContent
      closeLabel={t('dialog.close')}
      className="max-w-2xl"
      onOpenAutoFocus={(event) => {
        const field = focus && event.currentTarget instanceof HTMLElement ? fieldFor(event.currentTarget, focus) : null;
        if (!field) return;
        event.preventDefault();
        field.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>{t('application.info.dialog.title')}</DialogTitle>
        <DialogDescription>{t('application.info.dialog.description')}</DialogDescription>
      </DialogHeader>
      <ApplicationInfoForm profile={profile} onSaved={onSaved} />
    </DialogContent>
  );
}
