import { XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { getDocumentFile } from '../api/download-document.ts';
import { PdfPages } from './pdf-pages.tsx';

type Preview =
  | { status: 'loading' }
  | { status: 'image'; url: string }
  | { status: 'pdf'; file: Blob }
  | { status: 'failed'; message: string };

/**
 * A PDF or image of a clinic, shown in the page from the downloaded file (the server sends it only as
 * an attachment, with the token). A PDF is drawn by pdf.js onto canvases (PdfPages): no frame and no
 * browser PDF plugin, so nothing in the file can run in the admin's page (issue 27 point 8; Chromium
 * shows no PDF in a sandboxed frame, docs/decisions/022-pdf-preview-with-pdfjs.md). An image is an
 * <img> from an object URL, made and revoked in one effect: only there is the URL freed with the
 * component, even when StrictMode mounts it twice. Give it a `key` per document.
 */
export function DocumentPreview({ document, onClose }: { document: ClinicDocument; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const accessToken = useAccessToken();
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const { id, contentType } = document;

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    accessToken()
      .then((token) => getDocumentFile(token, id, controller.signal))
      .then(
        (blob) => {
          if (controller.signal.aborted) return;
          // The stored type, whatever the answer said: it decides between pdf.js and the image.
          const file = new Blob([blob], { type: contentType });
          if (contentType === 'application/pdf') {
            setPreview({ status: 'pdf', file });
            return;
          }
          url = URL.createObjectURL(file);
          setPreview({ status: 'image', url });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setPreview({ status: 'failed', message: apiErrorMessage(error) });
        },
      );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [accessToken, id, contentType]);

  return (
    <section
      aria-label={t('documents.previewLabel', { file: document.fileName })}
      className="grid gap-3 rounded-md border bg-muted/40 p-3"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="truncate text-sm font-medium">{document.fileName}</p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <XIcon aria-hidden />
          {t('documents.closePreview')}
        </Button>
      </div>
      {preview.status === 'loading' ? (
        <div aria-busy="true" className="grid gap-2">
          <p role="status" className="text-sm text-muted-foreground">
            {t('documents.previewLoading')}
          </p>
          <Skeleton className="h-[70vh] w-full" />
        </div>
      ) : preview.status === 'failed' ? (
        <p role="alert" className="rounded-md border border-dashed bg-card p-6 text-sm text-muted-foreground">
          {t('documents.previewError')} {preview.message}
        </p>
      ) : preview.status === 'pdf' ? (
        <PdfPages file={preview.file} fileName={document.fileName} />
      ) : (
        <img
          src={preview.url}
          alt={document.fileName}
          className="mx-auto max-h-[70vh] w-auto rounded-md border bg-card object-contain"
        />
      )}
    </section>
  );
}
