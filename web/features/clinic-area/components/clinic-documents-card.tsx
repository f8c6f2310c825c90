import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES } from '../../../../contracts/constants.ts';
import { DocumentRows } from '../../../components/document-rows.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteClinicDocument } from '../api/delete-clinic-document.ts';
import { useDownloadClinicDocument } from '../api/download-clinic-document.ts';
import { useClinicDocuments } from '../api/get-clinic-documents.ts';
import { useUploadClinicDocument } from '../api/upload-clinic-document.ts';
import { megabytes } from '../lib/format.ts';
import { FilePicker } from './file-picker.tsx';
import { UploadProgress } from './upload-progress.tsx';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function DocumentList() {
  const { t } = useTranslation('clinicArea');
  const documents = useClinicDocuments();
  const download = useDownloadClinicDocument({
    onError: (error) =>
      toast({ title: t('toasts.downloadError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const remove = useDeleteClinicDocument({
    onSuccess: (result, document) =>
      toast({
        title: t(result === 'removal_requested' ? 'toasts.removalRequested' : 'toasts.deleted', {
          file: document.fileName,
        }),
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: t('toasts.deleteError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  if (documents.isPending) return <ListSkeleton rows={2} rowClassName="h-16" />;
  if (documents.isError) {
    return (
      <LoadError
        message={t('documents.loadError')}
        onRetry={() => void documents.refetch()}
        retrying={documents.isFetching}
        className="p-4"
      />
    );
  }
  return (
    <DocumentRows
      documents={documents.data.items}
      label={t('documents.listLabel')}
      emptyText={t('documents.empty')}
      status={(document) =>
        document.state === 'reviewed' ? null : (
          <Badge variant={document.state === 'added' ? 'warning' : 'muted'} className="mt-1">
            {t(`documents.state.${document.state}`)}
          </Badge>
        )
      }
      actions={(document) => (
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('documents.download', { file: document.fileName })}
            pending={download.isPending && download.variables.id === document.id}
            onClick={() => download.mutate(document)}
          >
            <DownloadIcon aria-hidden />
          </Button>
          {/* Asked to be removed already: it goes when the admin approves the change (issue 27). */}
          {document.state === 'removal_requested' ? null : (
            <Button
              variant="ghost"
              size="icon"
              className="text-destructive hover:bg-destructive/10"
              aria-label={t('documents.delete', { file: document.fileName })}
              onClick={() => remove.mutate(document)}
            >
              <Trash2Icon aria-hidden />
            </Button>
          )}
        </div>
      )}
    />
  );
}

/** 'Certifieringskriterier & Dokument': the documents the review needs, uploaded one at a time. */
export function ClinicDocumentsCard() {
  const { t } = useTranslation('clinicArea');
  const [fraction, setFraction] = useState(0);
  const upload = useUploadClinicDocument({
    onProgress: setFraction,
    onSuccess: (document) =>
      toast({
        title: t('toasts.uploaded', { file: document.fileName }),
        ...(document.state === 'added' ? { description: t('toasts.uploadedPending') } : {}),
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: t('toasts.uploadError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const start = (file: File) => {
    setFraction(0);
    upload.mutate(file);
  };

  const tooLarge = (file: File) =>
    toast({
      title: t('toasts.tooLarge.title'),
      description: t('toasts.tooLarge.description', {
        max: DOCUMENT_MAX_BYTES / 1024 / 1024,
        size: megabytes(file.size),
      }),
      variant: 'destructive',
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('documents.title')}</CardTitle>
        <CardDescription>{t('documents.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <FilePicker
            label={t('documents.choose')}
            accept={ACCEPT}
            maxBytes={DOCUMENT_MAX_BYTES}
            pending={upload.isPending}
            onTooLarge={tooLarge}
            onFile={start}
          />
        </div>
        {upload.isPending ? <UploadProgress fileName={upload.variables.name} fraction={fraction} /> : null}
        <DocumentList />
      </CardContent>
    </Card>
  );
}
