import { buffer } from 'node:stream/consumers';
import { fromBufferPromise } from 'yauzl';

/**
 * The files of a zip by name, read as an unzip program reads them (yauzl: by the central directory,
 * sizes checked, unsafe names refused), for tests of what the product writes (docs/decisions/034).
 */
export async function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true });
  const files = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    files.set(entry.fileName, await buffer(await archive.openReadStreamPromise(entry)));
  }
  return files;
}
