import path from 'node:path';
import type { Env } from '../../env.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';

/** The file store of the settings: local disk under DATA_DIR/storage. */
export function createFileStore(env: Env): FileStore {
  return createLocalFileStore(path.join(env.DATA_DIR, 'storage'));
}
