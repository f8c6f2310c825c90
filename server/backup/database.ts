import type { BackupManifest } from './archive.ts';
import type { DatabaseCensus } from './database-census.ts';

/** The database part of an archive as the manifest records it, less the engine. */
export type DatabaseBackup = DatabaseCensus & Pick<BackupManifest['database'], 'file' | 'bytes' | 'sha256'>;

/** A database just restored, still open so that it can be checked against the manifest. */
export interface RestoredDatabase {
  /** Where it went, for the summary: never with a password. */
  description: string;
  census(): Promise<DatabaseCensus>;
  close(): Promise<void>;
}
