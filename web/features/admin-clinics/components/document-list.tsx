import { DownloadIcon, EyeIcon, FileTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatFileSize } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadDocument } from '../api/download-document.ts';

/** What a browser shows itself from an object URL: PDFs in a frame, PNG and JPEG as images. */
const PREVIEWABLE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

const isPreviewable = (document: ClinicDocument) => PREVIEWABLE_TYPES.has(document.contentType);

/** A clinic's documents, each downloaded as an attachment with the admin's token; previewed when `onPreview` is given. */
export function DocumentList({
  documents,
  onPreview,
  previewingId,
}: {
  documents: ClinicDocument[];
  onPreview?: (document: ClinicDocument) => void;
  previewingId?: string | null;
}) {
  const { t } = useTranslation('admin');
  const download = useDownloadDocument({
    onError: (error) => toast({ title: t('documents.toasts.downloadError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  if (documents.length === 0) {
    return <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t('documents.empty')}</p>;
  }
  return (
    <ul aria-label={t('documents.listLabel')} className="divide-y rounded-md border">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
          <FileTextIcon className="size-8 shrink-0 rounded-md bg-secondary p-1.5 text-secondary-foreground" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" title={document.fileName}>
              {document.fileName}
            </p>
            <p className="text-xs text-muted-foreground">
              {formatFileSize(document.sizeBytes)} · {formatDate(document.createdAt)}
            </p>
          </div>
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
              disabled={download.isPending && download.variables.id === document.id}
              onClick={() => download.mutate(document)}
            >
              <DownloadIcon aria-hidden />
              {t('documents.downloadShort')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
