import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartFile(
  fileName: string,
  content: Buffer,
  { field = 'file', contentType = 'application/octet-stream' } = {},
) {
  const boundary = `----ck-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName.replaceAll('"', '%22')}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

/** Small files of every kind the uploads meet, real enough for a content check. */
export const sampleFiles = {
  pdf: (bytes = 0) =>
    Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
      Buffer.alloc(bytes, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]),
  /** A 1×1 PNG. */
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  /** The start of a JPEG (SOI, JFIF APP0). */
  jpeg: () =>
    Buffer.concat([
      Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      Buffer.alloc(64, 0),
      Buffer.from('ffd9', 'hex'),
    ]),
  /** An OLE2 compound file, as Word 97–2003 writes .doc. */
  doc: () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512 - 8, 0)]),
  docx: () => fixture('forsakring.docx'),
  /** A zip without a Word document inside, named .docx. */
  zipAsDocx: () => fixture('archive-renamed.docx'),
  /** A Windows executable (MZ … PE header). */
  exe: () => {
    const bytes = Buffer.alloc(512, 0);
    bytes.write('MZ', 0, 'latin1');
    bytes.writeUInt32LE(0x80, 0x3c);
    bytes.write('PE\0\0', 0x80, 'latin1');
    return bytes;
  },
};
