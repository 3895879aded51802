import { EntitySchema } from 'typeorm';

/** Projection row of a stop comment held in the trip document. */
export interface Comment {
  id: string;
  tripId: string;
  stopId: string;
  userId: number | null;
  content: string;
  resolved: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const CommentEntity = new EntitySchema<Comment>({
  name: 'Comment',
  tableName: 'comments',
  columns: {
    id: { type: 'uuid', primary: true },
    tripId: { type: 'uuid', name: 'trip_id' },
    stopId: { type: 'uuid', name: 'stop_id' },
    userId: { type: 'int', name: 'user_id', nullable: true },
    content: { type: 'text' },
    resolved: { type: 'boolean', default: false },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
