import { EntitySchema } from 'typeorm';

/** One persisted Yjs update of a trip document, in commit order (append-only log). */
export interface TripDocUpdate {
  id: string;
  tripId: string;
  update: Buffer;
  origin: string;
  userId: number | null;
  createdAt: Date;
}

export const TripDocUpdateEntity = new EntitySchema<TripDocUpdate>({
  name: 'TripDocUpdate',
  tableName: 'trip_doc_updates',
  columns: {
    id: { type: 'bigint', primary: true, generated: 'increment' },
    tripId: { type: 'uuid', name: 'trip_id' },
    update: { type: 'bytea' },
    origin: { type: 'text' },
    userId: { type: 'int', name: 'user_id', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
  },
});
