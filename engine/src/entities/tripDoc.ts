import { EntitySchema } from 'typeorm';

/** A trip document's compacted Yjs state; newer updates wait in trip_doc_updates. */
export interface TripDoc {
  tripId: string;
  state: Buffer;
  schemaVersion: number;
  compactedThrough: string;
  updatedAt: Date;
}

export const TripDocEntity = new EntitySchema<TripDoc>({
  name: 'TripDoc',
  tableName: 'trip_docs',
  columns: {
    tripId: { type: 'uuid', name: 'trip_id', primary: true },
    state: { type: 'bytea' },
    schemaVersion: { type: 'int', name: 'schema_version' },
    compactedThrough: { type: 'bigint', name: 'compacted_through', default: 0 },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
