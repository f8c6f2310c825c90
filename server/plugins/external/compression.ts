import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * API answers above 1 KB compressed (brotli or gzip, as the browser accepts). Brotli at quality 4:
 * the default 11 costs milliseconds per answer, 4 keeps nearly all of the gain for JSON at a small
 * fraction of the CPU. The built web app is compressed once at build time instead (build/precompress-plugin.ts).
 * Which types count as compressible comes from mime-db (JSON and text yes; PDF, images, docx no). A route
 * of server-sent events must opt out with `compress: false`: buffered, its events would never arrive.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
