import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStoragePath, type Bucket, type FileStore, type StoredObject } from './file-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files on the local disk at `{root}/{bucket}/{path}`. A file is written to `{root}/.tmp` and renamed
 * into place only when complete, so no reader and no listing ever sees half a file.
 */
export function createLocalFileStore(root: string): FileStore {
  const fileOf = (bucket: Bucket, filePath: string) => {
    assertStoragePath(filePath);
    return path.join(root, bucket, ...filePath.split('/'));
  };

  return {
    kind: 'local',

    async put(bucket, filePath, body) {
      const target = fileOf(bucket, filePath);
      const temporary = path.join(root, '.tmp', randomUUID());
      await mkdir(path.dirname(temporary), { recursive: true });
      try {
        const output = createWriteStream(temporary, { flags: 'wx' });
        await pipeline(body, output);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temporary, target);
        return { size: output.bytesWritten };
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(bucket, filePath) {
      const file = fileOf(bucket, filePath);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(bucket, filePath) {
      await rm(fileOf(bucket, filePath), { force: true });
    },

    async *list(bucket): AsyncIterable<StoredObject> {
      const folder = path.join(root, bucket);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const { size, mtime } = await stat(file);
        yield { path: path.relative(folder, file).split(path.sep).join('/'), size, lastModified: mtime };
      }
    },
  };
}
