/** Picks the blob store: the S3-compatible bucket when S3_BUCKET is set, `${DATA_DIR}/uploads/` otherwise. */
import path from 'node:path';
import type { Config } from '@caravan/engine';
import type { BlobStore } from './blobStore.ts';
import { createLocalBlobStore } from './localBlobStore.ts';
import { createS3BlobStore } from './s3BlobStore.ts';

export type { StoredBlob, BlobStore } from './blobStore.ts';

export function createBlobStore(config: Pick<Config, 'dataDir' | 's3'>): BlobStore {
  if (config.s3) return createS3BlobStore(config.s3);
  return createLocalBlobStore(path.join(config.dataDir, 'uploads'));
}
