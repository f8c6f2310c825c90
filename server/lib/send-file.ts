import type { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';

/**
 * Sends a stored file as a download, never displayed in the page of the site: `attachment` with
 * the name in both ASCII and UTF-8, no type sniffing, and a sandbox should a browser open it anyway.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; size: number; body: Readable },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .send(file.body);
}

/** Sends a public image that never changes at its address (a new image gets a new `?v=`). */
export function sendImmutableImage(
  reply: FastifyReply,
  file: { contentType: string; size: number; body: Readable },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
