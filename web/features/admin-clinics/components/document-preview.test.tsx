import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { clinicReview } from '../testing/clinic-review.ts';
import { DocumentPreview } from './document-preview.tsx';

/** The review's PDF (Ansvarsförsäkring 2026.pdf). */
function reviewPdf(): ClinicDocument {
  const document = clinicReview().documents.find((candidate) => candidate.contentType === 'application/pdf');
  if (!document) throw new Error('clinicReview() has a PDF');
  return document;
}
const PDF = reviewPdf();
const OBJECT_URL = 'blob:http://localhost/9d8c7b6a';

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['admin']);
});

// jsdom has no object URLs; each one made is kept, to see what the frame shows.
let made: Blob[] = [];
beforeEach(() => {
  made = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    made.push(blob);
    return OBJECT_URL;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('DocumentPreview', () => {
  // Not sandboxed: Chromium shows no PDF in any sandboxed frame (see the component). What the frame
  // may show is therefore held to the stored type: a PDF, whatever the answer claimed to be.
  it("frames a clinic's PDF only as a PDF, even when the answer says it is HTML", async () => {
    mockApi({ [`GET /api/admin/documents/${PDF.id}/download`]: () => new Response('<script>alert(1)</script>', { headers: { 'content-type': 'text/html' } }) });
    renderWithProviders(<DocumentPreview document={PDF} onClose={() => {}} />);

    const frame = await screen.findByTitle(PDF.fileName);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(OBJECT_URL);
    expect(made.map((blob) => blob.type)).toEqual(['application/pdf']);
  });

  it('shows an image as an image, never in a frame', async () => {
    const png: ClinicDocument = { ...PDF, fileName: 'Lokalen.png', contentType: 'image/png' };
    mockApi({ [`GET /api/admin/documents/${PDF.id}/download`]: () => new Response(new Blob(['png'], { type: 'text/html' })) });
    renderWithProviders(<DocumentPreview document={png} onClose={() => {}} />);

    expect((await screen.findByRole('img', { name: 'Lokalen.png' })).getAttribute('src')).toBe(OBJECT_URL);
    expect(document.querySelector('iframe')).toBeNull();
    expect(made.map((blob) => blob.type)).toEqual(['image/png']);
  });
});
