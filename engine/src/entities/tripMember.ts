import { EntitySchema } from 'typeorm';
import type { TTripRole } from '@caravan/shared';

export interface TripMember {
  tripId: string;
  userId: number;
  role: TTripRole;
  createdAt: Date;
}

export const TripMemberEntity = new EntitySchema<TripMember>({
  name: 'TripMember',
  tableName: 'trip_members',
  columns: {
    tripId: { type: 'uuid', name: 'trip_id', primary: true },
    userId: { type: 'int', name: 'user_id', primary: true },
    role: { type: 'text' },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
  },
});
