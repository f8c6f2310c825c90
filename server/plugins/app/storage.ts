import fp from 'fastify-plugin';
import type { FileStore } from '../../lib/storage/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}

/** Shares the file store of the process (local disk or S3-compatible, server/lib/storage) as `app.fileStore`. */
export const storagePlugin = fp<{ fileStore: FileStore }>(
  async (app, { fileStore }) => {
    app.decorate('fileStore', fileStore);
  },
  { name: 'storage' },
);
