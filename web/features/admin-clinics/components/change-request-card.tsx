import { CheckIcon, XIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicReview } from '../../../../contracts/admin.ts';
import { type ChangeRequest, type ClinicOwnProfile, REVIEWED_FIELDS } from '../../../../contracts/clinic-area.ts';
import { CRITERIA_IDS } from '../../../../contracts/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useApproveChangeRequest } from '../api/approve-change-request.ts';
import { useRefuseChangeRequest } from '../api/refuse-change-request.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** One requested change: what the register shows now, and what the clinic asked for. */
interface ChangeLine {
  key: string;
  label: string;
  reviewed: string;
  requested: string;
}

function changeLines(
  t: (key: string) => string,
  clinic: ClinicOwnProfile,
  request: ChangeRequest,
  documents: ClinicReview['documents'],
): ChangeLine[] {
  const missing = t('review.info.missing');
  const fields = REVIEWED_FIELDS.filter((field) => request.changes[field] !== undefined).map((field) => ({
    key: field,
    label: t(`review.changeRequest.fields.${field}`),
    reviewed: clinic[field] ?? missing,
    requested: request.changes[field] ?? missing,
  }));
  const criteria = CRITERIA_IDS.filter((id) => request.changes.criteria?.[id] !== undefined).map((id) => ({
    key: id,
    label: t(`review.criteria.${id}`),
    reviewed: clinic.criteria[id] ? t('review.criteria.confirmed') : t('review.criteria.notConfirmed'),
    requested: request.changes.criteria?.[id] ? t('review.criteria.confirmed') : t('review.criteria.notConfirmed'),
  }));
  const named = (ids: string[]) =>
    documents.filter((document) => ids.includes(document.id)).map((document) => document.fileName);
  const added = named(request.addedDocumentIds).map((fileName) => ({
    key: `add-${fileName}`,
    label: t('review.changeRequest.addedDocument'),
    reviewed: '—',
    requested: fileName,
  }));
  const removed = named(request.removedDocumentIds).map((fileName) => ({
    key: `remove-${fileName}`,
    label: t('review.changeRequest.removedDocument'),
    reviewed: fileName,
    requested: '—',
  }));
  return [...fields, ...criteria, ...added, ...removed];
}

/**
 * The clinic's request to change what its certificate vouches for (issue 27): each value as the
 * register shows it and as asked, approved or refused with the reason the clinic reads.
 */
export function ChangeRequestCard({ review }: { review: ClinicReview }) {
  const { t } = useTranslation('admin');
  const { clinic, documents } = review;
  const [refusing, setRefusing] = useState(false);
  const refuseButton = useRef<HTMLButtonElement>(null);
  const approve = useApproveChangeRequest({
    onSuccess: () => toast({ title: t('review.changeRequest.toasts.approved'), variant: 'success' }),
    onError: (error) =>
      toast({
        title: t('review.changeRequest.toasts.decideError'),
        description: apiErrorMessage(error),
        variant: 'destructive',
      }),
  });
  const refuse = useRefuseChangeRequest({
    onSuccess: () => toast({ title: t('review.changeRequest.toasts.refused'), variant: 'success' }),
    onError: (error) =>
      toast({
        title: t('review.changeRequest.toasts.decideError'),
        description: apiErrorMessage(error),
        variant: 'destructive',
      }),
  });
  const request = clinic.changeRequest;
  if (!request) return null;
  const lines = changeLines(t, clinic, request, documents);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('review.changeRequest.title')}</CardTitle>
        <CardDescription>
          {t('review.changeRequest.description', { date: formatDateTime(request.updatedAt) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('review.changeRequest.title')}</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="pb-2 font-normal">
                {t('review.changeRequest.columns.what')}
              </th>
              <th scope="col" className="pb-2 font-normal">
                {t('review.changeRequest.columns.reviewed')}
              </th>
              <th scope="col" className="pb-2 font-normal">
                {t('review.changeRequest.columns.requested')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {lines.map((line) => (
              <tr key={line.key}>
                <th scope="row" className="py-2 pr-3 text-left font-normal text-muted-foreground">
                  {line.label}
                </th>
                <td className="py-2 pr-3 break-words">{line.reviewed}</td>
                <td className="py-2 font-medium break-words">{line.requested}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex flex-wrap gap-2">
          <Button
            pending={approve.isPending}
            disabled={refuse.isPending}
            onClick={() => approve.mutate({ clinicId: clinic.id })}
          >
            <CheckIcon aria-hidden />
            {approve.isPending ? t('review.changeRequest.approving') : t('review.changeRequest.approve')}
          </Button>
          <Button
            ref={refuseButton}
            variant="outline"
            className="text-destructive hover:bg-destructive/10"
            disabled={approve.isPending}
            onClick={() => setRefusing(true)}
          >
            <XIcon aria-hidden />
            {t('review.changeRequest.refuse')}
          </Button>
        </div>
      </CardContent>
      <ReasonDialog
        open={refusing}
        onOpenChange={setRefusing}
        onCloseAutoFocus={() => refuseButton.current?.focus()}
        texts={{
          title: t('review.changeRequest.refuseDialog.title', { name: clinic.fullName }),
          description: t('review.changeRequest.refuseDialog.description'),
          submit: t('review.changeRequest.refuseDialog.submit'),
          submitting: t('review.changeRequest.refuseDialog.submitting'),
        }}
        onSubmit={async (reason) => {
          await refuse.mutateAsync({ clinicId: clinic.id, reason });
          setRefusing(false);
        }}
      />
    </Card>
  );
}
