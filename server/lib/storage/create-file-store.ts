import path from 'node:path';
import type { Env } from '../../env.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The file store of the settings: S3 when S3_BUCKET is set, else the local disk under DATA_DIR/storage. */
export function createFileStore(env: Env): FileStore {
  if (env.S3_BUCKET) {
    return createS3FileStore({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalFileStore(path.join(env.DATA_DIR, 'storage'));
}
