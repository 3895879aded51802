import { EntitySchema } from 'typeorm';

/** A re-encoded image in the blob store, served at /_api/photos/{id}. */
export interface Photo {
  id: string;
  tripId: string;
  journalEntryId: string | null;
  position: number;
  storageKey: string;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  uploadedBy: number | null;
  createdAt: Date;
}

/** A photo row once deleted: what removing its bytes from the blob store afterwards needs. */
export type DeletedPhoto = Pick<Photo, 'id' | 'storageKey'>;

export const PhotoEntity = new EntitySchema<Photo>({
  name: 'Photo',
  tableName: 'photos',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    tripId: { type: 'uuid', name: 'trip_id' },
    journalEntryId: { type: 'uuid', name: 'journal_entry_id', nullable: true },
    position: { type: 'int', default: 0 },
    storageKey: { type: 'text', name: 'storage_key' },
    contentType: { type: 'text', name: 'content_type' },
    width: { type: 'int' },
    height: { type: 'int' },
    byteSize: { type: 'int', name: 'byte_size' },
    uploadedBy: { type: 'int', name: 'uploaded_by', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
  },
});
