import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { ApiFailure } from '../lib/api-failure.ts';
import type { MessageKey } from '../lib/messages.ts';
import type { Bucket, FileStore } from '../lib/storage/file-store.ts';
import { WordPackageCheck } from '../lib/word-package.ts';

// Receiving a file from a browser: the name made safe, the size and the type enforced by the server
// (the browser only mirrors them), the content streamed to the file store and removed again on any
// failure, so a refused or aborted upload leaves nothing behind.

/** How large a file may be where it is uploaded, and what to answer when it is too large or of a type not allowed there. */
export interface UploadLimits {
  maxBytes: number;
  tooLarge: MessageKey;
  typeNotAllowed: MessageKey;
}

export const fileTooLarge = (limits: UploadLimits) => new ApiFailure(413, 'file_too_large', limits.tooLarge);
const fileTypeNotAllowed = (limits: UploadLimits) =>
  new ApiFailure(415, 'file_type_not_allowed', limits.typeNotAllowed);

interface FileKind {
  /** What the download says the file is, whatever the browser claimed. */
  contentType: string;
  /** What file-type must find in the first bytes. */
  detected: readonly string[];
  /**
   * A zip is a .docx only if it is a Word package: content types giving its main part the Word
   * document's type, and that part (ARCHITECTURE "Known pitfalls", server/lib/word-package.ts).
   */
  wordPackage?: boolean;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const FILE_KINDS: Record<string, FileKind> = {
  pdf: { contentType: 'application/pdf', detected: ['application/pdf'] },
  jpg: { contentType: 'image/jpeg', detected: ['image/jpeg'] },
  jpeg: { contentType: 'image/jpeg', detected: ['image/jpeg'] },
  png: { contentType: 'image/png', detected: ['image/png'] },
  webp: { contentType: 'image/webp', detected: ['image/webp'] },
  // file-type names every OLE2 compound file (.doc, .xls, .msi) `cfb`; the extension tells which was meant.
  doc: { contentType: 'application/msword', detected: ['application/x-cfb'] },
  // file-type's own docx answer only looks at the first entries' names: the package is checked either way.
  docx: { contentType: DOCX, detected: [DOCX, 'application/zip'], wordPackage: true },
};

/** Enough for file-type to recognise every kind above. */
const HEAD_BYTES = 4100;

const NAME_MAX_BYTES = 200;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]/g;

/**
 * A stored name that is safe on every file store and in a Content-Disposition header: no folders
 * (`../../x.pdf` is `x.pdf`), no control or reserved characters, no leading dots, at most `maxLength`
 * characters with the extension kept. Unicode letters (å, ä, ö) stay.
 */
export function sanitizeFileName(name: string, maxLength: number): string {
  const base = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(UNSAFE_CHARACTERS, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot).toLowerCase() : '';
  let stem = [...((dot > 0 ? cleaned.slice(0, dot) : cleaned).trimEnd() || 'fil')].slice(
    0,
    Math.max(1, maxLength - [...extension].length),
  );
  // File systems allow 255 bytes per name, and the stored name gets a 37-byte `{uuid}-` in front.
  while (stem.length > 1 && Buffer.byteLength(stem.join('') + extension) > NAME_MAX_BYTES) stem = stem.slice(0, -1);
  return stem.join('') + extension;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The first bytes of a stream, and the stream's iterator positioned after them. */
async function readHead(
  stream: Readable,
  bytes: number,
): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> | null }> {
  const iterator: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), rest: null };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), rest: iterator };
}

interface ContentCheck {
  limits: UploadLimits;
  /** Shown every chunk of a .docx, to judge the package once the last has gone by. */
  wordPackage?: WordPackageCheck;
}

/**
 * The whole content, head first, failing past `limits.maxBytes` and showing each chunk to the package check.
 * A failure here fails the stream the store reads, so the store removes what it wrote.
 */
async function* checkedContent(
  head: Buffer,
  rest: AsyncIterator<Buffer> | null,
  check: ContentCheck,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  for (let chunk: Buffer | undefined = head; chunk;) {
    bytes += chunk.length;
    if (bytes > check.limits.maxBytes) throw fileTooLarge(check.limits);
    check.wordPackage?.push(chunk);
    yield chunk;
    const next = rest ? await rest.next() : { done: true as const, value: undefined };
    chunk = next.done ? undefined : next.value;
  }
}

export interface ReceivedFile {
  /** The sanitised name, as shown and downloaded. */
  fileName: string;
  /** Where it lives in the bucket. */
  path: string;
  contentType: string;
  sizeBytes: number;
}

export interface ReceiveFileOptions {
  store: FileStore;
  bucket: Bucket;
  /** The file as the browser sent it (multipart part). */
  stream: Readable;
  /** The name the browser gave. */
  fileName: string;
  /** Extensions allowed here; the content must match the extension. */
  extensions: readonly string[];
  limits: UploadLimits;
  maxNameLength: number;
  /** The folder of the owner, e.g. the clinic id: the file goes to `{folder}/{uuid}-{name}`. */
  folder: string;
}

/** Throws away the rest of a refused upload, so the request can end (an unread multipart stream hangs). */
export async function discard(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream).catch(() => undefined);
}

/**
 * Checks name, type and size and streams the file into the store. On any failure (refused, too
 * large, the browser gave up) the stored bytes are removed before the error is thrown.
 */
export async function receiveFile(options: ReceiveFileOptions): Promise<ReceivedFile> {
  const fileName = sanitizeFileName(options.fileName, options.maxNameLength);
  const extension = extensionOf(fileName);
  const kind = options.extensions.includes(extension) ? FILE_KINDS[extension] : undefined;
  if (!kind) {
    await discard(options.stream);
    throw fileTypeNotAllowed(options.limits);
  }

  const { head, rest } = await readHead(options.stream, HEAD_BYTES);
  if (head.length === 0) throw new ApiFailure(400, 'file_empty', 'fileEmpty');
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !kind.detected.includes(detected.mime)) throw fileTypeNotAllowed(options.limits);

  const path = `${options.folder}/${randomUUID()}-${fileName}`;
  const check: ContentCheck = {
    limits: options.limits,
    wordPackage: kind.wordPackage ? new WordPackageCheck() : undefined,
  };
  const { size } = await options.store.put(
    options.bucket,
    path,
    Readable.from(checkedContent(head, rest, check)),
    kind.contentType,
  );
  if (check.wordPackage && !check.wordPackage.isWordDocument()) {
    await options.store.delete(options.bucket, path);
    throw fileTypeNotAllowed(options.limits);
  }
  return { fileName, path, contentType: kind.contentType, sizeBytes: size };
}
