import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3FileStoreOptions } from './s3-file-store.ts';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Set once the answer is sent. */
  status?: number;
}

export interface TestS3Server {
  /** Settings of an S3 store on this server's one bucket. */
  storeOptions: S3FileStoreOptions & { endpoint: string };
  /** Every request the server received, in order. */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port of 127.0.0.1 with one empty bucket, for the storage tests. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ck-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: 'ck-test' }],
  });
  const { port } = await server.run();
  const requests: ReceivedRequest[] = [];
  server.httpServer.on('request', (request, response) => {
    const received: ReceivedRequest = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    };
    requests.push(received);
    response.on('finish', () => {
      received.status = response.statusCode;
    });
  });
  return {
    // s3rver accepts any credentials; it needs them only to check the signature.
    storeOptions: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'ck-test',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    requests,
    async close() {
      // A test that failed before reading a body leaves its connection busy, and closing would wait for it.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
