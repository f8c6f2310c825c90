import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';
import { type ReceivedRequest, startTestS3Server, type TestS3Server } from './s3-test-server.ts';

const MB = 1024 * 1024;

/** The requests `action` makes the server receive. */
async function requestsOf(server: TestS3Server, action: () => Promise<unknown>): Promise<ReceivedRequest[]> {
  const before = server.requests.length;
  await action();
  return server.requests.slice(before);
}

describe('S3 file store, what goes over the wire (on s3rver)', () => {
  let server: TestS3Server;
  let store: FileStore;
  let admin: S3Client;
  beforeAll(async () => {
    server = await startTestS3Server();
    store = createS3FileStore(server.storeOptions);
    const { endpoint, region, forcePathStyle, accessKeyId = '', secretAccessKey = '' } = server.storeOptions;
    admin = new S3Client({ endpoint, region, forcePathStyle, credentials: { accessKeyId, secretAccessKey } });
  });
  afterAll(async () => {
    admin?.destroy();
    await server?.close();
  });

  it('uploads a large file in parts and stores it as one object under {bucket}/{path}', async () => {
    const filePath = `${randomUUID()}/${randomUUID()}-stor.pdf`;
    const requests = await requestsOf(server, () =>
      store.put('clinic-documents', filePath, Readable.from([randomBytes(12 * MB)]), 'application/pdf'),
    );

    const key = `/ck-test/clinic-documents/${filePath}`;
    expect(
      requests.filter((request) => request.method === 'PUT' && request.url.startsWith(`${key}?partNumber=`)),
    ).toHaveLength(3);
    expect(
      requests.filter((request) => request.method === 'POST' && request.url.startsWith(`${key}?uploadId=`)),
    ).toHaveLength(1);
    // Not by its ETag: s3rver gives a completed multipart object a plain MD5 ETag, without AWS's "-{parts}".
    const head = await admin.send(new HeadObjectCommand({ Bucket: 'ck-test', Key: `clinic-documents/${filePath}` }));
    expect(head.ContentLength).toBe(12 * MB);
    expect(head.ContentType).toBe('application/pdf');
  });

  it('sends no checksums the server did not ask for, small file or large', async () => {
    const small = `${randomUUID()}/small.pdf`;
    const large = `${randomUUID()}/large.pdf`;
    const requests = await requestsOf(server, async () => {
      await store.put('clinic-documents', small, Readable.from([randomBytes(1000)]), 'application/pdf');
      await store.put('clinic-documents', large, Readable.from([randomBytes(6 * MB)]), 'application/pdf');
      const file = await store.get('clinic-documents', small);
      await buffer(file!.body);
    });

    expect(requests.length).toBeGreaterThanOrEqual(5);
    for (const { headers } of requests) {
      expect(
        Object.keys(headers).filter(
          (name) =>
            name.startsWith('x-amz-checksum') || name === 'x-amz-sdk-checksum-algorithm' || name === 'x-amz-trailer',
        ),
      ).toEqual([]);
      expect(headers['content-encoding'] ?? '').not.toContain('aws-chunked');
    }
  });

  it('aborts the multipart upload of a body that fails', async () => {
    const filePath = `${randomUUID()}/aborted.pdf`;
    const aborted = new Error('client aborted');
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= 7 * MB) {
          this.destroy(aborted);
          return;
        }
        sent += MB;
        this.push(randomBytes(MB));
      },
    });

    const requests = await requestsOf(server, () =>
      expect(store.put('clinic-documents', filePath, body, 'application/pdf')).rejects.toBe(aborted),
    );

    const key = `/ck-test/clinic-documents/${filePath}`;
    expect(requests.some((request) => request.method === 'POST' && request.url.startsWith(`${key}?uploads`))).toBe(
      true,
    );
    // s3rver 3.7 does not implement AbortMultipartUpload (it answers 405): the attempt is what can be seen.
    expect(requests.some((request) => request.method === 'DELETE' && request.url.startsWith(`${key}?uploadId=`))).toBe(
      true,
    );
  });

  it('treats a missing bucket as an error, not as a missing file', async () => {
    const misconfigured = createS3FileStore({ ...server.storeOptions, bucket: 'ck-no-such-bucket' });

    await expect(misconfigured.get('clinic-documents', `${randomUUID()}/a.pdf`)).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('rejects with the error of a failed upload and lets go of the body', async () => {
    const misconfigured = createS3FileStore({ ...server.storeOptions, bucket: 'ck-no-such-bucket' });
    const body = Readable.from([randomBytes(6 * MB), randomBytes(6 * MB)]);

    await expect(
      misconfigured.put('clinic-documents', `${randomUUID()}/a.pdf`, body, 'application/pdf'),
    ).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    expect(body.destroyed).toBe(true);
  });
});
