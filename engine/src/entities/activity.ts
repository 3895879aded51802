import { EntitySchema } from 'typeorm';

/** One activity feed entry; kept here for good, the newest 200 also live in the trip document. */
export interface Activity {
  id: string;
  tripId: string;
  userId: number | null;
  activityType: string;
  activityData: Record<string, unknown>;
  createdAt: Date;
}

export const ActivityEntity = new EntitySchema<Activity>({
  name: 'Activity',
  tableName: 'activities',
  columns: {
    id: { type: 'uuid', primary: true },
    tripId: { type: 'uuid', name: 'trip_id' },
    userId: { type: 'int', name: 'user_id', nullable: true },
    activityType: { type: 'text', name: 'activity_type' },
    activityData: { type: 'jsonb', name: 'activity_data', default: {} },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
