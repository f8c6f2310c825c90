import { CircleXIcon, Undo2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChangeRequest, ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useClinicDocuments } from '../api/get-clinic-documents.ts';
import { useWithdrawChangeRequest } from '../api/withdraw-change-request.ts';
import { pendingCriteria, pendingFields } from '../lib/change-request.ts';

function ChangeRow({ label, change }: { label: string; change: string }) {
  return (
    <li className="grid gap-0.5">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium break-words">{change}</span>
    </li>
  );
}

/** The documents the request adds and removes, by file name (their count until the list is loaded). */
function DocumentChanges({ request }: { request: ChangeRequest }) {
  const { t } = useTranslation('clinicArea');
  const documents = useClinicDocuments();
  const groups = [
    { key: 'addedDocuments', ids: request.addedDocumentIds },
    { key: 'removedDocuments', ids: request.removedDocumentIds },
  ].filter(({ ids }) => ids.length > 0);
  return groups.map(({ key, ids }) => {
    const named = documents.data?.items.filter((document) => ids.includes(document.id));
    return (
      <div key={key} className="text-sm">
        <p className="text-muted-foreground">{t(`changeRequest.${key}`)}</p>
        {named ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5 font-medium">
            {named.map((document) => (
              <li key={document.id} className="break-words">
                {document.fileName}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-0.5 font-medium">{t('changeRequest.documentCount', { count: ids.length })}</p>
        )}
      </div>
    );
  });
}

function PendingChanges({
  profile,
  request,
  className,
}: {
  profile: ClinicOwnProfile;
  request: ChangeRequest;
  className?: string;
}) {
  const { t } = useTranslation('clinicArea');
  const withdraw = useWithdrawChangeRequest({
    onSuccess: () => toast({ title: t('toasts.withdrawn'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.withdrawError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const fields = pendingFields(profile);
  const criteria = pendingCriteria(profile);
  const hasDocuments = request.addedDocumentIds.length + request.removedDocumentIds.length > 0;
  const shown = (value: string | null | undefined) => value || t('application.info.notGiven');
  const confirmation = (confirmed: boolean) =>
    confirmed ? t('changeRequest.confirmed') : t('changeRequest.notConfirmed');
  const requested = formatDate(request.createdAt);
  const updated = formatDate(request.updatedAt);

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2">{t('changeRequest.title')}</CardTitle>
        <CardDescription>{t('changeRequest.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          {updated === requested
            ? t('changeRequest.requestedAt', { date: requested })
            : t('changeRequest.requestedAndUpdated', { date: requested, updated })}
        </p>
        {fields.length + criteria.length > 0 ? (
          <ul className="grid gap-3 text-sm">
            {fields.map((field) => (
              <ChangeRow
                key={field}
                label={t(`changeRequest.fields.${field}`)}
                change={t('changeRequest.change', {
                  reviewed: shown(profile[field]),
                  requested: shown(request.changes[field]),
                })}
              />
            ))}
            {criteria.map((id) => (
              <ChangeRow
                key={id}
                label={t(`application.info.criteria.${id}`)}
                change={t('changeRequest.change', {
                  reviewed: confirmation(profile.criteria[id]),
                  requested: confirmation(!profile.criteria[id]),
                })}
              />
            ))}
          </ul>
        ) : null}
        {hasDocuments ? <DocumentChanges request={request} /> : null}
        {fields.length + criteria.length === 0 && !hasDocuments ? (
          <p className="text-sm">{t('changeRequest.empty')}</p>
        ) : null}
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" className="w-fit" pending={withdraw.isPending}>
              <Undo2Icon aria-hidden />
              {withdraw.isPending ? t('changeRequest.withdrawing') : t('changeRequest.withdraw')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('changeRequest.confirm.title')}</AlertDialogTitle>
              <AlertDialogDescription>{t('changeRequest.confirm.text')}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('changeRequest.confirm.cancel')}</AlertDialogCancel>
              <AlertDialogAction onClick={() => withdraw.mutate()}>
                {t('changeRequest.confirm.action')}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

function RefusedChange({
  refusal,
  className,
}: {
  refusal: NonNullable<ClinicOwnProfile['refusedChange']>;
  className?: string;
}) {
  const { t } = useTranslation('clinicArea');
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2">{t('changeRequest.refused.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex gap-3 rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm">
          <CircleXIcon className="size-5 shrink-0 text-destructive" aria-hidden />
          <div className="grid gap-1">
            <p className="font-medium whitespace-pre-line">
              {t('changeRequest.refused.text', { reason: refusal.reason })}
            </p>
            <p className="text-muted-foreground">
              {t('changeRequest.refused.decidedAt', { date: formatDate(refusal.decidedAt) })}
            </p>
            <p>{t('changeRequest.refused.next')}</p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Issue 27: the clinic's changes to its reviewed values that wait for an admin (reviewed → requested,
 * with a withdrawal), or the admin's reason for refusing the last ones. Nothing without either.
 */
export function ChangeRequestCard({ profile, className }: { profile: ClinicOwnProfile; className?: string }) {
  if (profile.changeRequest)
    return <PendingChanges profile={profile} request={profile.changeRequest} className={className} />;
  if (profile.refusedChange) return <RefusedChange refusal={profile.refusedChange} className={className} />;
  return null;
}
