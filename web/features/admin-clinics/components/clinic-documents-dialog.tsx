import { ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { adminApplicationHref } from '../../../config/paths.ts';
import { useClinicReview } from '../api/get-clinic-review.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';
import { DocumentList } from './document-list.tsx';

function ClinicDocuments({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('admin');
  const review = useClinicReview(clinicId, 'admin:documents.toasts.loadError');
  if (review.data) return <DocumentList documents={review.data.documents} />;
  if (review.isError)
    return (
      <LoadError
        message={t('documents.loadError')}
        onRetry={() => void review.refetch()}
        retrying={review.isFetching}
      />
    );
  return <ListSkeleton rows={3} rowClassName="h-16" />;
}

/** 'Visa dokument': the clinic's documents to download; the application's page also previews them. */
export function ClinicDocumentsDialog({ clinic, open, onOpenChange, onCloseAutoFocus }: ClinicDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('dialog.close')} className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('documents.dialogTitle', { name: clinic.fullName })}</DialogTitle>
          <DialogDescription>{t('documents.dialogDescription')}</DialogDescription>
        </DialogHeader>
        <ClinicDocuments clinicId={clinic.id} />
        <Link
          to={adminApplicationHref(clinic.id)}
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ExternalLinkIcon className="size-4" aria-hidden />
          {t('documents.openApplication')}
        </Link>
      </DialogContent>
    </Dialog>
  );
}
