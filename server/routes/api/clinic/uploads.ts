import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey } from '../../../lib/messages.ts';
import { sendError } from '../../../plugins/app/errors.ts';
import { DocumentLimitError } from '../../../services/clinic-area/clinic-documents.ts';
import { discard, UploadError } from '../../../services/uploads.ts';

// Multipart overhead (boundaries, part headers) a file of the largest allowed size may bring along.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface UploadLimits {
  maxBytes: number;
  /** What to say when the file is too large, and when its type is not allowed here. */
  tooLarge: MessageKey;
  typeNotAllowed: MessageKey;
}

const MESSAGE_OF_CODE = (limits: UploadLimits): Record<UploadError['code'], MessageKey> => ({
  file_missing: 'fileMissing',
  file_empty: 'fileEmpty',
  file_too_large: limits.tooLarge,
  file_type_not_allowed: limits.typeNotAllowed,
});

/**
 * Reads the one file of a multipart request and hands it to `save`, answering every refusal with
 * its status and a translated reason. @fastify/multipart truncates an over-size file silently
 * (ARCHITECTURE "Known pitfalls"), so it is allowed one byte more than the limit and `save`'s
 * checks see the excess; an announced body far over the limit is refused before it is read.
 */
export async function handleUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: UploadLimits,
  save: (file: { stream: Readable; fileName: string }) => Promise<T>,
): Promise<T | FastifyReply> {
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced > limits.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    // The body is never read: close the connection rather than receive megabytes only to drop them.
    reply.header('connection', 'close');
    return sendError(request, reply, 413, 'file_too_large', limits.tooLarge);
  }
  const part = await request.file({ limits: { fileSize: limits.maxBytes + 1, files: 1 } });
  if (!part) return sendError(request, reply, 400, 'file_missing', 'fileMissing');

  try {
    return await save({ stream: part.file, fileName: part.filename });
  } catch (error) {
    await discard(part.file);
    if (error instanceof UploadError)
      return sendError(request, reply, error.status, error.code, MESSAGE_OF_CODE(limits)[error.code]);
    if (error instanceof DocumentLimitError) return sendError(request, reply, 409, 'document_limit', 'documentLimit');
    // A malformed or cut-off multipart body: the browser's fault, and nothing was kept.
    if (part.file.errored) return sendError(request, reply, 400, 'upload_interrupted', 'uploadInterrupted');
    throw error;
  }
}
