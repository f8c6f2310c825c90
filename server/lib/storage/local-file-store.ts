import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStoragePath, type Bucket, type FileStore, type StoredObject } from './file-store.ts';

// ENOTDIR: a path through a file (`a.pdf/b`) names no file either.
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Files on the local disk at `{root}/{bucket}/{path}`. A file is written to `{root}/.tmp` and renamed
 * into place only when complete, so no reader and no listing ever sees half a file.
 */
export function createLocalFileStore(root: string): FileStore {
  const temporaryFolder = path.join(root, '.tmp');
  const fileOf = (bucket: Bucket, filePath: string) => {
    assertStoragePath(filePath);
    return path.join(root, bucket, ...filePath.split('/'));
  };

  return {
    kind: 'local',

    async put(bucket, filePath, body) {
      const target = fileOf(bucket, filePath);
      const temporary = path.join(temporaryFolder, randomUUID());
      await mkdir(path.dirname(temporary), { recursive: true });
      try {
        const output = createWriteStream(temporary, { flags: 'wx' });
        // pipeline settles only once the file is closed, so removing it below cannot race its opening.
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
      // Opened before measuring: a delete in between can no longer break a download already answered.
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const stats = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: stats.size };
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
        // Deleted since the folder was read: it is no longer stored.
        const stats = await stat(file).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (!stats) continue;
        yield {
          path: path.relative(folder, file).split(path.sep).join('/'),
          size: stats.size,
          lastModified: stats.mtime,
        };
      }
    },

    async removeAbandonedUploads(before) {
      // A process killed while writing leaves its temporary file; a younger one may be an upload under way.
      const names = await readdir(temporaryFolder).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      let removed = 0;
      for (const name of names) {
        const file = path.join(temporaryFolder, name);
        const stats = await stat(file).catch(() => null);
        if (stats && stats.mtime < before) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
