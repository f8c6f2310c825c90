import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { type Bucket, BUCKETS, type FileStore } from '../lib/storage/file-store.ts';
import { extensionOf, FILE_KINDS } from '../services/uploads.ts';
import {
  type ArchivedFile,
  archivedFilePath,
  digestFile,
  digestOf,
  digestStream,
  FILES_FOLDER,
  listFilesUnder,
  writeDigested,
} from './archive.ts';

/** Files copied at once: S3 answers each request after a round trip, so one at a time would mostly wait. */
const CONCURRENCY = 8;

async function forEachConcurrently<T>(
  items: AsyncIterable<T> | Iterable<T>,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  const failures: unknown[] = [];
  for await (const item of items) {
    if (failures.length > 0) break;
    const task: Promise<void> = work(item)
      .catch((error: unknown) => {
        failures.push(error);
      })
      .finally(() => running.delete(task));
    running.add(task);
    if (running.size >= CONCURRENCY) await Promise.race(running);
  }
  await Promise.all(running);
  if (failures.length > 0) throw failures[0];
}

async function* everyStoredFile(store: FileStore): AsyncIterable<{ bucket: Bucket; path: string; size: number }> {
  for (const bucket of BUCKETS) {
    for await (const file of store.list(bucket)) yield { bucket, path: file.path, size: file.size };
  }
}

const byLocation = (a: ArchivedFile, b: ArchivedFile) =>
  a.bucket.localeCompare(b.bucket) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Copies every file of the store into `files/` of the archive, hashing it on the way. */
export async function copyStoreToArchive(store: FileStore, archive: string): Promise<ArchivedFile[]> {
  const archived: ArchivedFile[] = [];
  await forEachConcurrently(everyStoredFile(store), async ({ bucket, path: filePath }) => {
    const file = await store.get(bucket, filePath);
    // Deleted since it was listed: the database no longer names it either.
    if (!file) return;
    const { size, sha256 } = await writeDigested(archivedFilePath(archive, { bucket, path: filePath }), file.body);
    archived.push({ bucket, path: filePath, size, sha256 });
  });
  return archived.sort(byLocation);
}

export async function countStoredFiles(store: FileStore): Promise<number> {
  let count = 0;
  for await (const _file of everyStoredFile(store)) count += 1;
  return count;
}

export async function emptyStore(store: FileStore): Promise<void> {
  const files: { bucket: Bucket; path: string }[] = [];
  for await (const file of everyStoredFile(store)) files.push(file);
  await forEachConcurrently(files, (file) => store.delete(file.bucket, file.path));
}

/** Problems of the archive's files against its manifest: missing, changed, or not listed; empty when they agree. */
export async function checkArchivedFiles(archive: string, entries: readonly ArchivedFile[]): Promise<string[]> {
  const problems: string[] = [];
  const listed = new Set<string>();
  await forEachConcurrently(entries, async (entry) => {
    const relative = path.relative(archive, archivedFilePath(archive, entry));
    listed.add(relative.split(path.sep).join('/'));
    const digest = await digestFile(archivedFilePath(archive, entry));
    if (!digest) problems.push(`${relative}: missing`);
    else if (digest.size !== entry.size || digest.sha256 !== entry.sha256) {
      problems.push(
        `${relative}: content differs from the manifest (${digest.size} bytes, sha256 ${digest.sha256}; expected ${entry.size} bytes, ${entry.sha256})`,
      );
    }
  });
  for (const file of await listFilesUnder(path.join(archive, FILES_FOLDER))) {
    if (!listed.has(`${FILES_FOLDER}/${file}`)) problems.push(`${FILES_FOLDER}/${file}: not in the manifest`);
  }
  return problems.sort();
}

/** Puts every archived file into the store at its path, checking its sha256 as it goes. */
export async function restoreFilesToStore(
  store: FileStore,
  archive: string,
  entries: readonly ArchivedFile[],
): Promise<void> {
  await forEachConcurrently(entries, async (entry) => {
    const digest = digestStream();
    // A read error fails `digest`, and with it the store's put.
    const source = pipeline(createReadStream(archivedFilePath(archive, entry)), digest, () => undefined);
    // The store keeps no type of its own for the app: downloads are typed by extension, as uploads were checked.
    const contentType = FILE_KINDS[extensionOf(entry.path)]?.contentType ?? 'application/octet-stream';
    await store.put(entry.bucket, entry.path, source, contentType);
    if (digest.digest().sha256 !== entry.sha256)
      throw new Error(`${entry.bucket}/${entry.path} changed while it was restored`);
  });
}

/** Reads every file back from the store: problems against the manifest, empty when each is there with its sha256 and nothing else is. */
export async function compareStoreWithManifest(store: FileStore, entries: readonly ArchivedFile[]): Promise<string[]> {
  const problems: string[] = [];
  const expected = new Set(entries.map((entry) => `${entry.bucket}/${entry.path}`));
  for await (const file of everyStoredFile(store)) {
    if (!expected.has(`${file.bucket}/${file.path}`))
      problems.push(`file ${file.bucket}/${file.path}: in the store but not in the backup`);
  }
  await forEachConcurrently(entries, async (entry) => {
    const file = await store.get(entry.bucket, entry.path);
    if (!file) {
      problems.push(`file ${entry.bucket}/${entry.path}: missing from the store`);
      return;
    }
    const { size, sha256 } = await digestOf(file.body);
    if (size !== entry.size || sha256 !== entry.sha256)
      problems.push(`file ${entry.bucket}/${entry.path}: content differs from the backup`);
  });
  return problems.sort();
}
