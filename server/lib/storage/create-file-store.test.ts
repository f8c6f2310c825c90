import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createFileStore } from './create-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';
import { startTestS3Server, type TestS3Server } from './s3-test-server.ts';

describe('createFileStore', () => {
  let dataDir: string;
  let server: TestS3Server;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ck-create-store-'));
    server = await startTestS3Server();
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores on the local disk under DATA_DIR/storage without S3_BUCKET', async () => {
    const store = createFileStore(loadEnv({ DATA_DIR: dataDir }));
    const filePath = `${randomUUID()}/${randomUUID()}-intyg.pdf`;

    await store.put('clinic-documents', filePath, Readable.from([Buffer.from('%PDF-1.7')]), 'application/pdf');

    expect(store.kind).toBe('local');
    expect(await readFile(path.join(dataDir, 'storage', 'clinic-documents', ...filePath.split('/')), 'utf8')).toBe(
      '%PDF-1.7',
    );
  });

  it('stores in the S3 bucket of the settings when S3_BUCKET is set, and nothing on the local disk', async () => {
    const { endpoint, bucket, accessKeyId = '', secretAccessKey = '' } = server.storeOptions;
    const emptyDataDir = await mkdtemp(path.join(dataDir, 's3-'));
    const env = loadEnv({
      DATA_DIR: emptyDataDir,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    });
    const store = createFileStore(env);
    const filePath = `${randomUUID()}/${randomUUID()}-intyg.pdf`;

    await store.put('clinic-documents', filePath, Readable.from([Buffer.from('%PDF-1.7')]), 'application/pdf');

    expect(store.kind).toBe('s3');
    const file = await createS3FileStore(server.storeOptions).get('clinic-documents', filePath);
    expect((await buffer(file!.body)).toString()).toBe('%PDF-1.7');
    expect(await readdir(emptyDataDir)).toEqual([]);
  });
});
