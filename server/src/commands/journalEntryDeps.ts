/** What the journal entry commands need from the app. */
import type { Logger } from '../lib/logger.ts';
import type { BlobStore } from '../providers/blobStore/blobStore.ts';
import type { TripDocHub } from '../tripDocs/tripDocHub.ts';

export interface JournalDeps {
  tripDocs: TripDocHub;
  blobStore: BlobStore;
  /** Where a blob that could not be removed is reported. */
  logger?: Pick<Logger, 'warn'>;
}
