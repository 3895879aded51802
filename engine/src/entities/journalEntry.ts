import { EntitySchema } from 'typeorm';

export interface JournalEntry {
  id: string;
  tripId: string;
  stopId: string;
  authorId: number | null;
  content: string | null;
  entryDate: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** What the journal commands hand back: the entry's row and its photos' URLs, in the entry's order. */
export interface JournalEntryWithPhotos {
  entry: JournalEntry;
  photoUrls: string[];
}

export const JournalEntryEntity = new EntitySchema<JournalEntry>({
  name: 'JournalEntry',
  tableName: 'journal_entries',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    tripId: { type: 'uuid', name: 'trip_id' },
    stopId: { type: 'uuid', name: 'stop_id' },
    authorId: { type: 'int', name: 'author_id', nullable: true },
    content: { type: 'text', nullable: true },
    entryDate: { type: 'timestamptz', name: 'entry_date' },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
