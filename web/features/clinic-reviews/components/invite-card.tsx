import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeAlertIcon, SendIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REVIEW_VISIT_MAX_AGE_DAYS } from '../../../../contracts/constants.ts';
import { type ReviewInvitationForm, ReviewInvitationFormSchema } from '../../../../contracts/reviews.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { daysBefore, todayInSweden } from '../lib/visit-dates.ts';

const FIELDS = ['email', 'visitDate'] as const;

/** The contract's form, and what the server would refuse of the date said at once (it checks again). */
const inviteFormSchema = (today: string) =>
  ReviewInvitationFormSchema.refine((form) => form.visitDate <= today, {
    path: ['visitDate'],
    message: 'validation:visitDateInFuture',
  }).refine((form) => form.visitDate >= daysBefore(today, REVIEW_VISIT_MAX_AGE_DAYS), {
    path: ['visitDate'],
    message: 'validation:visitDateTooOld',
  });

function InviteForm({ remainingToday }: { remainingToday: number }) {
  const { t } = useTranslation('clinicReviews');
  const today = todayInSweden();
  const schema = useMemo(() => inviteFormSchema(today), [today]);
  const form = useForm<ReviewInvitationForm>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', visitDate: today },
  });
  const create = useCreateInvitation({
    onSuccess: (invitation) =>
      toast({
        title: t('toasts.invited'),
        description: t('toasts.invitedDescription', { email: invitation.email }),
        variant: 'success',
      }),
  });

  const submit = async (values: ReviewInvitationForm) => {
    try {
      await create.mutateAsync(values);
      form.reset({ email: '', visitDate: values.visitDate });
    } catch (error) {
      // A refusal about a field goes on the field; the rest (the day's limit, a lapsed certificate) above the button.
      if (!setServerFieldErrors(error, FIELDS, form.setError))
        form.setError('root', { message: apiErrorMessage(error) });
    }
  };

  const submitting = form.formState.isSubmitting;
  const rootError = form.formState.errors.root?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          control={form.control}
          name="email"
          type="email"
          label={t('invite.email')}
          hint={t('invite.emailHint')}
          autoComplete="off"
          required
        />
        <FormTextField
          control={form.control}
          name="visitDate"
          type="date"
          label={t('invite.visitDate')}
          hint={t('invite.visitDateHint', { days: REVIEW_VISIT_MAX_AGE_DAYS })}
          min={daysBefore(today, REVIEW_VISIT_MAX_AGE_DAYS)}
          max={today}
          required
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {remainingToday > 0 ? t('invite.remaining', { count: remainingToday }) : t('invite.noneLeft')}
      </p>
      {rootError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {rootError}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={remainingToday === 0} pending={submitting}>
        <SendIcon aria-hidden />
        {submitting ? t('invite.submitting') : t('invite.submit')}
      </Button>
    </form>
  );
}

/** Why a clinic without a certificate in force cannot invite yet, where the form would be. */
function NeedsCertificate() {
  const { t } = useTranslation(['clinicReviews', 'validation']);
  return (
    <div className="flex items-start gap-3 rounded-md border border-dashed p-4">
      <BadgeAlertIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid gap-1">
        <p className="font-medium">{t('validation:reviewsNeedCertificate')}</p>
        <p className="text-sm text-muted-foreground">
          {t('invite.needsCertificate')}{' '}
          <Link to={paths.clinicCertification} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('invite.certificationLink')}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** The invitation of a customer after a visit (issue 23): the form, or why the clinic cannot invite yet. */
export function InviteCard() {
  const { t } = useTranslation(['clinicReviews', 'common']);
  const headingId = useId();
  const invitations = useInvitations();
  const state = invitations.data?.pages[0];
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('invite.title')}
        </CardTitle>
        <CardDescription>{t('invite.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {state ? (
          state.canInvite ? (
            <InviteForm remainingToday={state.remainingToday} />
          ) : (
            <NeedsCertificate />
          )
        ) : invitations.isError ? (
          <LoadError
            message={t('loadError')}
            onRetry={() => void invitations.refetch()}
            retrying={invitations.isFetching}
          />
        ) : (
          <div aria-busy="true" className="grid gap-5">
            <p role="status" className="sr-only">
              {t('common:status.loading')}
            </p>
            <div className="grid gap-5 sm:grid-cols-2">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
            <Skeleton className="h-10 w-40" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
