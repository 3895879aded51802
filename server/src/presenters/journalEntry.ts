/** Allow-list for a journal entry: its photos as `/_api/photos/{id}` URLs in the entry's order. */
import type { TJournalEntry } from '@caravan/shared';
import type { JournalEntryWithPhotos } from '@caravan/engine';

export function presentJournalEntry({ entry, photoUrls }: JournalEntryWithPhotos): TJournalEntry {
  return {
    id: entry.id,
    stopId: entry.stopId,
    content: entry.content,
    photos: photoUrls,
    entryDate: entry.entryDate.toISOString(),
    createdAt: entry.createdAt.toISOString(),
  };
}
