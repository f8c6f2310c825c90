import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, Readable, Transform } from 'node:stream';
import { assertStoragePath, type Bucket, type FileStore, type StoredObject } from './file-store.ts';

export interface S3FileStoreOptions {
  /** An S3-compatible server (MinIO, s3rver); unset means AWS S3. */
  endpoint?: string;
  region: string;
  /** The one S3 bucket: the product's buckets are key prefixes inside it. */
  bucket: string;
  /** Without them the SDK's default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** A missing key, but not a missing bucket: that is a setup error and must not pass as "no such file". */
const isMissingKey = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');

/** Files as objects `{bucket}/{path}` in one bucket of S3 or an S3-compatible server. */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const { accessKeyId, secretAccessKey } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Newer SDKs add CRC32 checksums unasked, as aws-chunked trailers on streams: older MinIO rejects them, s3rver stores them in the file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (bucket: Bucket, path: string) => {
    assertStoragePath(path);
    return `${bucket}/${path}`;
  };

  return {
    kind: 's3',

    async put(bucket, path, body, contentType) {
      const key = keyOf(bucket, path);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // A failing body fails `counted`, whose reader (the Upload) then aborts its multipart upload
      // before done() settles; a failing upload destroys `counted` and with it the body.
      // Not upload.abort(): that settles done() at once while parts are in flight and aborts later, unseen.
      pipeline(body, counted, () => undefined);
      const upload = new Upload({
        client,
        params: { Bucket: options.bucket, Key: key, Body: counted, ContentType: contentType },
      });
      try {
        await upload.done();
      } catch (error) {
        // The body's own error, rather than what it caused (or a failed AbortMultipartUpload).
        throw body.errored ?? error;
      }
      return { size };
    },

    async get(bucket, path) {
      const key = keyOf(bucket, path);
      const response = await client
        .send(new GetObjectCommand({ Bucket: options.bucket, Key: key }))
        .catch((error: unknown) => {
          if (isMissingKey(error)) return null;
          throw error;
        });
      if (!response) return null;
      const { Body, ContentLength } = response;
      // On Node the SDK answers with an http.IncomingMessage; the check narrows its browser types away.
      if (!(Body instanceof Readable) || ContentLength === undefined) {
        throw new Error(`S3 answered GetObject ${key} without a body stream or its length`);
      }
      return { body: Body, size: ContentLength };
    },

    async delete(bucket, path) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(bucket, path) }));
    },

    async *list(bucket): AsyncIterable<StoredObject> {
      const prefix = `${bucket}/`;
      for await (const page of paginateListObjectsV2({ client }, { Bucket: options.bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          // A key ending in "/" is a folder marker some consoles create, not a file.
          if (!object.Key || object.Key.endsWith('/')) continue;
          // An unknown age counts as new, so the start-up reconcile never takes it for an old orphan.
          yield {
            path: object.Key.slice(prefix.length),
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(),
          };
        }
      }
    },

    // A crashed upload's parts are cleaned by the bucket's lifecycle rule (README, S3_BUCKET): nothing of it is listed.
    removeAbandonedUploads: async () => 0,
  };
}
