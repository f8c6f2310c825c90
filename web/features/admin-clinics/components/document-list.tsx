import { DownloadIcon, EyeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { DocumentRows } from '../../../components/document-rows.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadDocument } from '../api/download-document.ts';
import { isNewSinceDecision } from '../lib/last-decision.ts';

/** What the preview shows: PDFs drawn by pdf.js, PNG and JPEG as images. */
const PREVIEWABLE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

const isPreviewable = (document: ClinicDocument) => PREVIEWABLE_TYPES.has(document.contentType);

/**
 * A clinic's documents, each downloaded as an attachment with the admin's token; previewed when
 * `onPreview` is given; marked new when uploaded after `newSince` (the last decision, issue 28).
 */
export function DocumentList({
  documents,
  onPreview,
  previewingId,
  newSince = null,
}: {
  documents: ClinicDocument[];
  onPreview?: (document: ClinicDocument) => void;
  previewingId?: string | null;
  newSince?: string | null;
}) {
  const { t } = useTranslation('admin');
  const download = useDownloadDocument({
    onError: (error) =>
      toast({
        title: t('documents.toasts.downloadError'),
        description: apiErrorMessage(error),
        variant: 'destructive',
      }),
  });

  return (
    <DocumentRows
      documents={documents}
      label={t('documents.listLabel')}
      emptyText={t('documents.empty')}
      // A document added or asked to be removed since sending in is part of the clinic's change request (issue 27).
      status={(document) => {
        if (document.state !== 'reviewed')
          return (
            <Badge variant={document.state === 'added' ? 'warning' : 'muted'} className="mt-1">
              {t(`documents.state.${document.state}`)}
            </Badge>
          );
        return isNewSinceDecision(document.createdAt, newSince) ? (
          <Badge variant="warning" className="mt-1">
            {t('review.documents.newSinceDecision')}
          </Badge>
        ) : null;
      }}
      actions={(document) => (
        <div className="flex shrink-0 gap-2">
          {onPreview && isPreviewable(document) ? (
            <Button
              variant={previewingId === document.id ? 'secondary' : 'outline'}
              size="sm"
              aria-label={t('documents.preview', { file: document.fileName })}
              aria-pressed={previewingId === document.id}
              onClick={() => onPreview(document)}
            >
              <EyeIcon aria-hidden />
              {t('documents.previewShort')}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            aria-label={t('documents.download', { file: document.fileName })}
            pending={download.isPending && download.variables.id === document.id}
            onClick={() => download.mutate(document)}
          >
            <DownloadIcon aria-hidden />
            {t('documents.downloadShort')}
          </Button>
        </div>
      )}
    />
  );
}
