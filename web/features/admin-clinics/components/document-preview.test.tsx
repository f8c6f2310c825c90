import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { clinicReview } from '../testing/clinic-review.ts';
import { DocumentPreview } from './document-preview.tsx';

/**
 * pdf.js stands in at its module boundary: jsdom has no canvas to draw on. The fake reads any bytes as
 * a PDF of `pageCount` pages (or fails when `readFails`), and each drawing waits until the test lets it
 * finish (`finishDrawing`), so the steps in between can be seen. The real pdf.js draws in the
 * end-to-end test (e2e/admin-area.spec.ts).
 */
const pdfjs = vi.hoisted(() => {
  /** A promise and its resolve and reject (Promise.withResolvers is ES2024, past this project's lib). */
  function deferred<T>() {
    let resolve: (value: T) => void = () => {};
    let reject: (error: unknown) => void = () => {};
    const promise = new Promise<T>((onResolve, onReject) => {
      resolve = onResolve;
      reject = onReject;
    });
    return { promise, resolve, reject };
  }
  const state = {
    pageCount: 7,
    readFails: false,
    read: deferred<void>(),
    drawings: [] as { pageNumber: number; canvas: HTMLCanvasElement; finish: () => void; fail: () => void }[],
    destroyed: 0,
  };
  const getDocument = vi.fn((_options: { data: Uint8Array }) => ({
    promise: state.read.promise.then(() => {
      if (state.readFails) throw new Error('Invalid PDF structure.');
      return {
        numPages: state.pageCount,
        getPage: async (pageNumber: number) => ({
          getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
          render: ({ canvas }: { canvas: HTMLCanvasElement }) => {
            const drawn = deferred<void>();
            // Rejected as pdf.js rejects a page it cannot draw.
            state.drawings.push({
              pageNumber,
              canvas,
              finish: () => drawn.resolve(),
              fail: () => drawn.reject(new Error('Bad FCHECK in flate stream')),
            });
            return { promise: drawn.promise, cancel: () => drawn.reject(new Error('cancelled')) };
          },
        }),
      };
    }),
    destroy: async () => {
      state.destroyed += 1;
    },
  }));
  return { deferred, state, module: { getDocument, GlobalWorkerOptions: { workerSrc: '' }, version: '6.5.438' } };
});
vi.mock('pdfjs-dist', () => pdfjs.module);
vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

/** The review's PDF (Ansvarsförsäkring 2026.pdf). */
function reviewPdf(): ClinicDocument {
  const document = clinicReview().documents.find((candidate) => candidate.contentType === 'application/pdf');
  if (!document) throw new Error('clinicReview() has a PDF');
  return document;
}
const PDF = reviewPdf();
const DOWNLOAD = `GET /api/admin/documents/${PDF.id}/download`;
const OBJECT_URL = 'blob:http://localhost/9d8c7b6a';
const PDF_BYTES = '%PDF-1.4 the clinic document';

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin']);
});

// jsdom has no object URLs; each one made is kept, to see what the page shows.
let made: Blob[] = [];
beforeEach(() => {
  made = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    made.push(blob);
    return OBJECT_URL;
  });
  URL.revokeObjectURL = vi.fn();
  Object.assign(pdfjs.state, {
    pageCount: 7,
    readFails: false,
    read: pdfjs.deferred<void>(),
    drawings: [],
    destroyed: 0,
  });
  pdfjs.module.getDocument.mockClear();
  vi.mocked(saveFile).mockClear();
});
afterEach(() => vi.restoreAllMocks());

/** Lets pdf.js's reading finish, then every drawing asked for so far. */
async function finishReading() {
  await act(async () => pdfjs.state.read.resolve());
}
async function finishDrawings() {
  await waitFor(() => expect(pdfjs.state.drawings.length).toBeGreaterThan(0));
  await act(async () => pdfjs.state.drawings.forEach((drawing) => drawing.finish()));
}
const drawnPages = () => pdfjs.state.drawings.map((drawing) => drawing.pageNumber);
const status = () => screen.getByRole('status');

describe('DocumentPreview', () => {
  it("draws a clinic's PDF with pdf.js, page by page onto canvases, never in a frame, even when the answer says it is HTML", async () => {
    mockApi({ [DOWNLOAD]: () => new Response(PDF_BYTES, { headers: { 'content-type': 'text/html' } }) });
    renderWithProviders(<DocumentPreview document={PDF} onClose={() => {}} />);

    // The answer's bytes go to pdf.js, as data: no object URL, no frame, no browser PDF plugin.
    await waitFor(() => expect(pdfjs.module.getDocument).toHaveBeenCalledTimes(1));
    const options = pdfjs.module.getDocument.mock.calls[0]?.[0];
    expect(new TextDecoder().decode(options?.data)).toBe(PDF_BYTES);
    expect(options).toMatchObject({ useWasm: false, wasmUrl: '/assets/pdfjs-6.5.438/' });
    expect(pdfjs.module.GlobalWorkerOptions.workerSrc).toMatch(/pdf\.worker\.min.*\.mjs/);
    expect(made).toEqual([]);
    expect(document.querySelector('iframe, object, embed')).toBeNull();

    // The first three of seven pages, each drawn onto its own canvas.
    await finishReading();
    await finishDrawings();
    expect(drawnPages()).toEqual([1, 2, 3]);
    const pages = within(screen.getByRole('region', { name: `Sidorna i ${PDF.fileName}` }));
    const canvases = pages.getAllByRole('img');
    expect(canvases.map((canvas) => canvas.getAttribute('aria-label'))).toEqual(
      [1, 2, 3].map((page) => `Sida ${page} av 7, ${PDF.fileName}`),
    );
    expect(canvases.map((canvas) => canvas.tagName)).toEqual(['CANVAS', 'CANVAS', 'CANVAS']);
    expect(pdfjs.state.drawings.map((drawing) => drawing.canvas)).toEqual(canvases);
    expect(status().textContent).toBe('Sidorna 1–3 av 7 visas.');

    // More on request: the next three, then the last one.
    await userEvent.click(screen.getByRole('button', { name: 'Visa 3 sidor till' }));
    await finishDrawings();
    expect(drawnPages()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(status().textContent).toBe('Sidorna 1–6 av 7 visas.');
    await userEvent.click(screen.getByRole('button', { name: 'Visa nästa sida' }));
    await finishDrawings();
    expect(drawnPages()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(status().textContent).toBe('Sidorna 1–7 av 7 visas.');
    expect(screen.queryByRole('button', { name: /Visa .*sid/ })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows how far it has come while the PDF is fetched, read and drawn', async () => {
    const answer = pdfjs.deferred<Response>();
    mockApi({ [DOWNLOAD]: () => answer.promise });
    pdfjs.state.pageCount = 2;
    renderWithProviders(<DocumentPreview document={PDF} onClose={() => {}} />);

    expect((await screen.findByRole('status')).textContent).toBe('Laddar förhandsgranskningen...');
    answer.resolve(new Response(PDF_BYTES));
    await waitFor(() => expect(status().textContent).toBe('Läser PDF-filen...'));

    await finishReading();
    await waitFor(() => expect(drawnPages()).toEqual([1, 2]));
    expect(status().textContent).toBe('Ritar sidorna: 0 av 2 klara...');
    expect(screen.queryByRole('img')).toBeNull();
    await act(async () => pdfjs.state.drawings[1]?.finish());
    expect(status().textContent).toBe('Ritar sidorna: 1 av 2 klara...');
    expect(screen.getByRole('img', { name: `Sida 2 av 2, ${PDF.fileName}` })).toBeTruthy();
    await act(async () => pdfjs.state.drawings[0]?.finish());
    expect(status().textContent).toBe('Sidorna 1–2 av 2 visas.');
  });

  it('says so when a page cannot be drawn, and shows the others', async () => {
    mockApi({ [DOWNLOAD]: () => new Response(PDF_BYTES) });
    pdfjs.state.pageCount = 2;
    renderWithProviders(<DocumentPreview document={PDF} onClose={() => {}} />);
    await finishReading();
    await waitFor(() => expect(drawnPages()).toEqual([1, 2]));
    await act(async () => {
      pdfjs.state.drawings[0]?.fail();
      pdfjs.state.drawings[1]?.finish();
    });

    expect(screen.getByText('Sida 1 kunde inte ritas.')).toBeTruthy();
    expect(screen.getAllByRole('img').map((canvas) => canvas.getAttribute('aria-label'))).toEqual([
      `Sida 2 av 2, ${PDF.fileName}`,
    ]);
    expect(status().textContent).toBe('Sidorna 1–2 av 2 visas.');
  });

  it('tells the admin a file pdf.js cannot read, and still offers it for download', async () => {
    mockApi({ [DOWNLOAD]: () => new Response(PDF_BYTES) });
    pdfjs.state.readFails = true;
    renderWithProviders(<DocumentPreview document={PDF} onClose={() => {}} />);
    await finishReading();

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Filen kunde inte läsas som PDF. Ladda ner den och öppna den i ett annat program.'),
    ).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: `Ladda ner ${PDF.fileName}` }));
    // The bytes already fetched, typed as the stored PDF: no second request.
    const [file, name] = vi.mocked(saveFile).mock.calls[0] ?? [];
    expect(name).toBe(PDF.fileName);
    expect(file?.type).toBe('application/pdf');
    expect(await file?.text()).toBe(PDF_BYTES);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('ends the reading when the preview closes', async () => {
    mockApi({ [DOWNLOAD]: () => new Response(PDF_BYTES) });
    const { unmount } = renderWithProviders(<DocumentPreview document={PDF} onClose={() => {}} />);
    await finishReading();
    await finishDrawings();
    unmount();
    expect(pdfjs.state.destroyed).toBe(1);
  });

  it('shows an image as an image, never in a frame', async () => {
    const png: ClinicDocument = { ...PDF, fileName: 'Lokalen.png', contentType: 'image/png' };
    mockApi({ [DOWNLOAD]: () => new Response(new Blob(['png'], { type: 'text/html' })) });
    renderWithProviders(<DocumentPreview document={png} onClose={() => {}} />);

    expect((await screen.findByRole('img', { name: 'Lokalen.png' })).getAttribute('src')).toBe(OBJECT_URL);
    expect(document.querySelector('iframe')).toBeNull();
    expect(made.map((blob) => blob.type)).toEqual(['image/png']);
    expect(pdfjs.module.getDocument).not.toHaveBeenCalled();
  });
});
