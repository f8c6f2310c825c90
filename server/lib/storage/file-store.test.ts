import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bucket, type FileStore, InvalidStoragePathError, type StoredObject } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';
import { startTestS3Server, type TestS3Server } from './s3-test-server.ts';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

interface FreshStore {
  store: FileStore;
  /** Everything the backing storage holds, as `{bucket}/{path}`: files under the root, or keys of the S3 bucket. */
  stored: () => Promise<string[]>;
}

/** The bytes as a stream in small chunks, as a browser upload arrives. */
function streamOf(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK) chunks.push(bytes.subarray(start, start + CHUNK));
  return Readable.from(chunks);
}

/** A body that sends `bytes` and then fails (or is destroyed without an error), as an aborted upload does. */
function failingBody(bytes: number, error?: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(error);
        return;
      }
      sent += CHUNK;
      this.push(randomBytes(CHUNK));
    },
  });
}

async function listAll(store: FileStore, bucket: Bucket): Promise<StoredObject[]> {
  const files: StoredObject[] = [];
  for await (const file of store.list(bucket)) files.push(file);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The contract of FileStore (file-store.ts), the same for every driver. */
function describeContract(fresh: () => Promise<FreshStore>) {
  const folder = () => randomUUID();

  it('gives back the same bytes and size it stored, in parts when large', async () => {
    const { store, stored } = await fresh();
    const bytes = randomBytes(12 * MB);
    const filePath = `${folder()}/${randomUUID()}-intyg.pdf`;

    expect(await store.put('clinic-documents', filePath, streamOf(bytes), 'application/pdf')).toEqual({
      size: bytes.length,
    });

    const file = await store.get('clinic-documents', filePath);
    expect(file?.size).toBe(bytes.length);
    expect((await buffer(file!.body)).equals(bytes)).toBe(true);
    expect(await stored()).toEqual([`clinic-documents/${filePath}`]);
  });

  it('keeps a path with Unicode letters and spaces as given', async () => {
    const { store } = await fresh();
    const filePath = `${folder()}/${randomUUID()}-Försäkringsbrev 2026 Ålö ÄÖ.pdf`;
    const bytes = Buffer.from('%PDF-1.7 försäkring');

    await store.put('clinic-documents', filePath, streamOf(bytes), 'application/pdf');

    const file = await store.get('clinic-documents', filePath);
    expect((await buffer(file!.body)).equals(bytes)).toBe(true);
    expect((await listAll(store, 'clinic-documents')).map((listed) => listed.path)).toEqual([filePath]);
  });

  it('stores an empty body as an empty file', async () => {
    const { store } = await fresh();
    const filePath = `${folder()}/empty.txt`;

    expect(await store.put('clinic-documents', filePath, Readable.from([]), 'text/plain')).toEqual({ size: 0 });

    const file = await store.get('clinic-documents', filePath);
    expect(file?.size).toBe(0);
    expect((await buffer(file!.body)).length).toBe(0);
  });

  it('lists exactly the files of one bucket, in every folder, with sizes and times', async () => {
    const { store } = await fresh();
    const [first, second] = [folder(), folder()];
    const documents = {
      [`${first}/a.pdf`]: 3,
      [`${first}/b.docx`]: 5,
      [`${second}/c.pdf`]: 7,
      [`${second}/deeper/d.pdf`]: 11,
    };
    const before = Date.now();
    for (const [filePath, size] of Object.entries(documents)) {
      await store.put('clinic-documents', filePath, streamOf(randomBytes(size)), 'application/pdf');
    }
    await store.put('clinic-covers', `${first}/cover.jpg`, streamOf(randomBytes(13)), 'image/jpeg');

    const listed = await listAll(store, 'clinic-documents');
    expect(listed.map(({ path: filePath, size }) => ({ path: filePath, size }))).toEqual(
      Object.entries(documents)
        .map(([filePath, size]) => ({ path: filePath, size }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    );
    for (const { lastModified } of listed) {
      // Some servers keep whole seconds only.
      expect(lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(lastModified.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(await listAll(store, 'clinic-covers')).toEqual([
      { path: `${first}/cover.jpg`, size: 13, lastModified: expect.any(Date) },
    ]);
  });

  it('lists nothing for a bucket never written to', async () => {
    const { store } = await fresh();
    expect(await listAll(store, 'clinic-covers')).toEqual([]);
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    const { store, stored } = await fresh();
    const kept = `${folder()}/kept.pdf`;
    const removed = `${folder()}/removed.pdf`;
    await store.put('clinic-documents', kept, streamOf(randomBytes(10)), 'application/pdf');
    await store.put('clinic-documents', removed, streamOf(randomBytes(10)), 'application/pdf');

    await store.delete('clinic-documents', removed);
    await store.delete('clinic-documents', removed);
    await store.delete('clinic-documents', `${folder()}/never-stored.pdf`);

    expect(await store.get('clinic-documents', removed)).toBeNull();
    expect(await stored()).toEqual([`clinic-documents/${kept}`]);
  });

  it('answers null for a missing file, also where a folder is', async () => {
    const { store } = await fresh();
    const clinic = folder();
    await store.put('clinic-documents', `${clinic}/a.pdf`, streamOf(randomBytes(10)), 'application/pdf');

    expect(await store.get('clinic-documents', `${clinic}/b.pdf`)).toBeNull();
    expect(await store.get('clinic-documents', clinic)).toBeNull();
    expect(await store.get('clinic-covers', `${clinic}/a.pdf`)).toBeNull();
  });

  it('shows no file while it is still being written', async () => {
    const { store } = await fresh();
    const filePath = `${folder()}/slow.pdf`;
    const body = new PassThrough();
    const putting = store.put('clinic-documents', filePath, body, 'application/pdf');

    // More than one part of a multipart upload, taken in by the store before the check.
    if (!body.write(randomBytes(6 * MB))) await once(body, 'drain');
    expect(await store.get('clinic-documents', filePath)).toBeNull();
    expect(await listAll(store, 'clinic-documents')).toEqual([]);

    body.end(randomBytes(MB));
    expect(await putting).toEqual({ size: 7 * MB });
    const file = await store.get('clinic-documents', filePath);
    expect(file?.size).toBe(7 * MB);
    expect((await buffer(file!.body)).length).toBe(7 * MB);
  });

  it('keeps nothing of a body that fails half way and rejects with its error', async () => {
    const { store, stored } = await fresh();
    const filePath = `${folder()}/aborted.pdf`;
    const aborted = new Error('client aborted');

    // Past the first part, so an S3 multipart upload is under way when the body fails.
    await expect(store.put('clinic-documents', filePath, failingBody(7 * MB, aborted), 'application/pdf')).rejects.toBe(
      aborted,
    );

    expect(await store.get('clinic-documents', filePath)).toBeNull();
    expect(await listAll(store, 'clinic-documents')).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('keeps nothing of a body destroyed without an error', async () => {
    const { store, stored } = await fresh();
    const filePath = `${folder()}/destroyed.pdf`;

    await expect(store.put('clinic-documents', filePath, failingBody(MB), 'application/pdf')).rejects.toThrow();

    expect(await store.get('clinic-documents', filePath)).toBeNull();
    expect(await stored()).toEqual([]);
  });

  it.each(['../x', 'a/../../x', '/abs', 'a//b', 'a/', './a', 'a\\b', 'a\u0000b', 'a\nb', 'a\u0085b', ''])(
    'refuses the path %o and writes nothing',
    async (badPath) => {
      const { store, stored } = await fresh();

      await expect(
        store.put('clinic-documents', badPath, streamOf(randomBytes(10)), 'application/pdf'),
      ).rejects.toBeInstanceOf(InvalidStoragePathError);
      await expect(store.get('clinic-documents', badPath)).rejects.toBeInstanceOf(InvalidStoragePathError);
      await expect(store.delete('clinic-documents', badPath)).rejects.toBeInstanceOf(InvalidStoragePathError);
      expect(await stored()).toEqual([]);
    },
  );
}

describe('local file store', () => {
  const roots: string[] = [];
  afterAll(async () => {
    await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  });

  describeContract(async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ck-local-store-'));
    roots.push(root);
    return {
      store: createLocalFileStore(root),
      // Every file under the root, the temporary folder included.
      stored: async () =>
        (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
          .sort(),
    };
  });
});

describe('S3 file store (on s3rver)', () => {
  let server: TestS3Server;
  let admin: S3Client;
  let buckets = 0;
  beforeAll(async () => {
    server = await startTestS3Server();
    const { endpoint, region, forcePathStyle, accessKeyId = '', secretAccessKey = '' } = server.storeOptions;
    admin = new S3Client({ endpoint, region, forcePathStyle, credentials: { accessKeyId, secretAccessKey } });
  });
  afterAll(async () => {
    admin?.destroy();
    await server?.close();
  });

  describeContract(async () => {
    buckets += 1;
    const bucket = `ck-contract-${buckets}`;
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    return {
      store: createS3FileStore({ ...server.storeOptions, bucket }),
      stored: async () => {
        const keys: string[] = [];
        for await (const page of paginateListObjectsV2({ client: admin }, { Bucket: bucket })) {
          keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        }
        return keys.sort();
      },
    };
  });
});
