import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

/** One page being drawn: `done` settles when it is drawn; after `cancel` it may reject, to be ignored. */
export interface PdfPageDrawing {
  done: Promise<void>;
  cancel: () => void;
}

/** A PDF that pdf.js has read. */
export interface PdfDocument {
  pageCount: number;
  /** Draws page `pageNumber` (from 1) onto `canvas`, sharp at `cssWidth` CSS pixels wide. */
  drawPage: (pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number) => PdfPageDrawing;
}

/** Reading a PDF: `document` rejects when pdf.js cannot read it; `close` ends the reading and frees its worker. */
export interface PdfReading {
  document: Promise<PdfDocument>;
  close: () => void;
}

// Sharper than this on high-density screens costs memory without showing more of a document.
const MAX_PIXEL_RATIO = 2;

/**
 * pdf.js and its worker, loaded the first time an admin opens a PDF: the import is dynamic, so neither
 * weighs on any page until then (the landing page's budget, build/budgets.ts). The worker is a file of
 * the build (Vite's `?url`), so it runs from this origin under the CSP's script-src 'self'
 * (server/plugins/external/security.ts: worker-src is not set and falls back to it).
 */
async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * Reads a clinic's PDF with pdf.js (docs/decisions/022-pdf-preview-with-pdfjs.md): it is parsed in a
 * worker and drawn onto canvases, so nothing of the file runs in the admin's page, and no frame and no
 * browser PDF plugin is involved. pdf.js runs no script of a PDF (scripting needs its viewer's sandbox,
 * not used here) and, since 5.7, no `eval` at all: its `isEvalSupported` option, the guard against
 * CVE-2024-4367 (fixed in 4.2.67), went with the PostScript compiler it switched off (mozilla/pdf.js#21005).
 * The version is pinned in package.json; the CSP has no 'unsafe-eval' in any case.
 */
export function readPdf(data: Uint8Array): PdfReading {
  let task: PDFDocumentLoadingTask | null = null;
  let closed = false;
  const document = loadPdfjs().then(async (pdfjs) => {
    if (closed) throw new Error('closed');
    task = pdfjs.getDocument({
      data,
      // WebAssembly needs 'wasm-unsafe-eval', which the CSP does not give: pdf.js then uses the
      // JavaScript builds of its image decoders, from this origin (build/pdfjs-decoders-plugin.ts), and
      // computes PostScript functions in JavaScript. Colours in ICC profiles fall back to their
      // alternate colour space.
      useWasm: false,
      wasmUrl: `/assets/pdfjs-${pdfjs.version}/`,
      // Fonts a PDF names without embedding them (Helvetica, Times: standardFontDataUrl is not set)
      // are drawn with the system's fonts, pdf.js's default on the web; nothing is fetched for them.
      useSystemFonts: true,
    });
    const proxy = await task.promise;
    return {
      pageCount: proxy.numPages,
      drawPage: (pageNumber, canvas, cssWidth) => drawPage(proxy, pageNumber, canvas, cssWidth),
    } satisfies PdfDocument;
  });
  return {
    document,
    close: () => {
      closed = true;
      void task?.destroy();
    },
  };
}

function drawPage(
  proxy: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): PdfPageDrawing {
  let cancelled = false;
  let rendering: RenderTask | null = null;
  const done = proxy.getPage(pageNumber).then(async (page) => {
    if (cancelled) return;
    const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const viewport = page.getViewport({ scale: (cssWidth / page.getViewport({ scale: 1 }).width) * pixelRatio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    rendering = page.render({ canvas, viewport });
    await rendering.promise;
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      rendering?.cancel();
    },
  };
}
