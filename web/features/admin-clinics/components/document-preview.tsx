import { XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { getDocumentFile } from '../api/download-document.ts';

type Preview = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; message: string };

/**
 * A PDF or image shown in the page from an object URL of the downloaded file (the server sends it
 * only as an attachment, with the token). The file is fetched and its URL made and revoked in one
 * effect: only there is the URL freed with the component, even when StrictMode mounts it twice.
 * Give it a `key` per document.
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
          // The stored type, whatever the answer said: it decides between the frame and the image.
          url = URL.createObjectURL(new Blob([blob], { type: contentType }));
          setPreview({ status: 'ready', url });
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
    <section aria-label={t('documents.previewLabel', { file: document.fileName })} className="grid gap-3 rounded-md border bg-muted/40 p-3">
      <div className="flex items-center justify-between gap-3">
        <p className="truncate text-sm font-medium">{document.fileName}</p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <XIcon aria-hidden />
          {t('documents.closePreview')}
        </Button>
      </div>
      {preview.status === 'loading' ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            {t('documents.previewLoading')}
          </p>
          <Skeleton className="h-[70vh] w-full" />
        </div>
      ) : preview.status === 'failed' ? (
        <p role="alert" className="rounded-md border border-dashed bg-card p-6 text-sm text-muted-foreground">
          {t('documents.previewError')} {preview.message}
        </p>
      ) : contentType === 'application/pdf' ? (
        // No `sandbox`: Chromium blocks its PDF viewer in every sandboxed frame, whatever the allow-
        // tokens ("This page has been blocked by Chromium", checked on Chromium 156). What guards the
        // admin's page instead: the blob is typed as the stored PDF above (never HTML, even if the answer
        // said so), the server checked it is a PDF, and a blob document inherits this page's CSP
        // (script-src 'self', object-src 'none'), so no inline or foreign script runs in it.
        <iframe src={preview.url} title={document.fileName} className="h-[70vh] w-full rounded-md border bg-card" />
      ) : (
        <img src={preview.url} alt={document.fileName} className="mx-auto max-h-[70vh] w-auto rounded-md border bg-card object-contain" />
      )}
    </section>
  );
}
