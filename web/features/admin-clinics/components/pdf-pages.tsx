import { DownloadIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { type PdfDocument, readPdf } from '../lib/pdf-document.ts';

// Pages drawn at first and on each "show more": enough to start reading, little memory for long files.
const PAGES_AT_A_TIME = 3;
// Where layout gives no width (jsdom), the pages are drawn for about the preview's usual width.
const FALLBACK_WIDTH = 800;

type Reading = { status: 'reading' } | { status: 'read'; pdf: PdfDocument } | { status: 'unreadable' };
type PageState = 'drawing' | 'drawn' | 'failed';

/**
 * A PDF's pages drawn by pdf.js onto canvases (web/features/admin-clinics/lib/pdf-document.ts), the
 * first few at once and more on request, with how far it has come in a status line. A file that pdf.js
 * cannot read is said so, with its download at hand. Give it a `key` per file.
 */
export function PdfPages({ file, fileName }: { file: Blob; fileName: string }) {
  const { t } = useTranslation('admin');
  const [reading, setReading] = useState<Reading>({ status: 'reading' });
  const [shownCount, setShownCount] = useState(PAGES_AT_A_TIME);
  const [pages, setPages] = useState<ReadonlyMap<number, PageState>>(new Map());
  // Stable, or each page would start drawing anew on every change of state.
  const onPageState = useCallback(
    (page: number, state: PageState) => setPages((previous) => new Map(previous).set(page, state)),
    [],
  );

  useEffect(() => {
    let stopped = false;
    let close = () => {};
    file
      .arrayBuffer()
      .then((buffer) => {
        if (stopped) return;
        const opened = readPdf(new Uint8Array(buffer));
        close = opened.close;
        return opened.document.then((pdf) => {
          if (!stopped) setReading({ status: 'read', pdf });
        });
      })
      .catch(() => {
        if (!stopped) setReading({ status: 'unreadable' });
      });
    return () => {
      stopped = true;
      close();
    };
  }, [file]);

  if (reading.status === 'unreadable') {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-md border border-dashed bg-card p-6 text-sm text-muted-foreground"
      >
        <p>{t('documents.pdf.unreadable')}</p>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('documents.download', { file: fileName })}
          onClick={() => saveFile(file, fileName)}
        >
          <DownloadIcon aria-hidden />
          {t('documents.downloadShort')}
        </Button>
      </div>
    );
  }

  if (reading.status === 'reading') {
    return (
      <div aria-busy="true" className="grid gap-2">
        <p role="status" className="text-sm text-muted-foreground">
          {t('documents.pdf.reading')}
        </p>
        <Skeleton className="h-[70vh] w-full" />
      </div>
    );
  }

  const { pdf } = reading;
  const count = pdf.pageCount;
  const last = Math.min(shownCount, count);
  const shown = Array.from({ length: last }, (_, index) => index + 1);
  const settled = shown.filter((page) => (pages.get(page) ?? 'drawing') !== 'drawing').length;
  const more = Math.min(PAGES_AT_A_TIME, count - last);

  return (
    <div className="grid gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {settled < shown.length
          ? t('documents.pdf.drawing', { count: shown.length, drawn: settled })
          : t('documents.pdf.shown', { count, last })}
      </p>
      {/* Focusable, so that the keyboard scrolls it too. */}
      <div
        role="region"
        aria-label={t('documents.pdf.pagesLabel', { file: fileName })}
        tabIndex={0}
        className="grid max-h-[70vh] gap-3 overflow-y-auto rounded-md border bg-muted p-3"
      >
        {shown.map((page) => (
          <PdfPage
            key={page}
            pdf={pdf}
            page={page}
            label={t('documents.pdf.page', { page, count, file: fileName })}
            state={pages.get(page) ?? 'drawing'}
            onState={onPageState}
          />
        ))}
        {more > 0 ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-center"
            onClick={() => setShownCount(last + PAGES_AT_A_TIME)}
          >
            {t('documents.pdf.more', { count: more })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function PdfPage({
  pdf,
  page,
  label,
  state,
  onState,
}: {
  pdf: PdfDocument;
  page: number;
  label: string;
  state: PageState;
  onState: (page: number, state: PageState) => void;
}) {
  const { t } = useTranslation('admin');
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let stopped = false;
    const drawing = pdf.drawPage(page, canvas, canvas.parentElement?.clientWidth || FALLBACK_WIDTH);
    drawing.done.then(
      () => {
        if (!stopped) onState(page, 'drawn');
      },
      () => {
        if (!stopped) onState(page, 'failed');
      },
    );
    return () => {
      stopped = true;
      drawing.cancel();
    };
  }, [pdf, page, onState]);

  return (
    <div className="w-full">
      {/* Drawn while hidden: a page shows once it is whole. */}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        hidden={state !== 'drawn'}
        className="block h-auto w-full bg-white shadow-sm"
      />
      {state === 'drawing' ? <Skeleton className="aspect-[1/1.414] w-full" /> : null}
      {state === 'failed' ? (
        <p className="rounded-md border border-dashed bg-card p-6 text-sm text-muted-foreground">
          {t('documents.pdf.pageError', { page })}
        </p>
      ) : null}
    </div>
  );
}
