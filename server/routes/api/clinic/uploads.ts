import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../../lib/api-failure.ts';
import { discard, fileTooLarge, type UploadLimits } from '../../../services/uploads.ts';

// Multipart overhead (boundaries, part headers) a file of the largest allowed size may bring along.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads the one file of a multipart request and hands it to `save`: answers what `save` answers, or
 * throws the refusal (ApiFailure) the error handler answers. @fastify/multipart truncates an over-size
 * file silently (ARCHITECTURE "Known pitfalls"), so it is allowed one byte more than the limit and
 * `save`'s checks see the excess; an announced body far over the limit is refused before it is read.
 */
export async function handleUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: UploadLimits,
  save: (file: { stream: Readable; fileName: string }) => Promise<T>,
): Promise<T> {
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced > limits.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    // The body is never read: close the connection rather than receive megabytes only to drop them.
    reply.header('connection', 'close');
    throw fileTooLarge(limits);
  }
  const part = await request.file({ limits: { fileSize: limits.maxBytes + 1, files: 1 } });
  if (!part) throw new ApiFailure(400, 'file_missing', 'fileMissing');

  try {
    return await save({ stream: part.file, fileName: part.filename });
  } catch (error) {
    await discard(part.file);
    // A malformed or cut-off multipart body: the browser's fault, and nothing was kept.
    if (!(error instanceof ApiFailure) && part.file.errored)
      throw new ApiFailure(400, 'upload_interrupted', 'uploadInterrupted');
    throw error;
  }
}
