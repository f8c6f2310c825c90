import type { Readable } from 'node:stream';

/** The stores of the product: clinic documents (private) and clinic cover images (public). */
export const BUCKETS = ['clinic-documents', 'clinic-covers'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface StoredObject {
  path: string;
  size: number;
  lastModified: Date;
}

/** Where uploaded files live (ARCHITECTURE principle 4): local disk now, S3-compatible storage when one machine is not enough. */
export interface FileStore {
  /** 'local' or 's3', for logs. */
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` to bucket/path and resolves with the bytes written. If `body` errors or is
   * destroyed (the client gave up, a limit was hit) the promise rejects with that error and nothing
   * remains at that path: no partial file, no multipart upload left open.
   */
  put(bucket: Bucket, path: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** The file as a stream with its size, or null when there is no such file. */
  get(bucket: Bucket, path: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(bucket: Bucket, path: string): Promise<void>;
  /** Every stored file of the bucket (all "folders"), paths relative to the bucket (`{clinic id}/{uuid}-name.pdf`). */
  list(bucket: Bucket): AsyncIterable<StoredObject>;
  /**
   * Removes what uploads cut off by a crash left behind, if last written before `before`, and says
   * how many. (On S3 the bucket's lifecycle rule aborts incomplete multipart uploads: nothing to do.)
   */
  removeAbandonedUploads(before: Date): Promise<number>;
}

export class InvalidStoragePathError extends Error {
  constructor(path: string) {
    super(`Not a storage path: ${JSON.stringify(path)}`);
    this.name = 'InvalidStoragePathError';
  }
}

/** Defence in depth behind the callers' own sanitising: a path never leaves its bucket. */
export function assertStoragePath(path: string): void {
  const segments = path.split('/');
  const unsafe =
    path === '' ||
    path.startsWith('/') ||
    path.includes('\\') ||
    // NUL and every other control character (C0, DEL and C1).
    /\p{Cc}/u.test(path) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (unsafe) throw new InvalidStoragePathError(path);
}
