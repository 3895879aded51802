import { EntitySchema } from 'typeorm';
import { DEFAULT_ARRIVAL_TIME, DEFAULT_DAILY_DRIVE_LIMIT_MINUTES } from '@caravan/shared';

export interface Trip {
  id: string;
  ownerId: number;
  title: string;
  description: string | null;
  heroImage: string | null;
  isPublic: boolean;
  shareToken: string | null;
  routeMode: boolean;
  /** 'HH:MM': the time of day a planned arrival means. */
  arrivalTime: string;
  dailyDriveLimitMinutes: number;
  createdAt: Date;
  updatedAt: Date;
}

export const TripEntity = new EntitySchema<Trip>({
  name: 'Trip',
  tableName: 'trips',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    ownerId: { type: 'int', name: 'owner_id' },
    title: { type: 'text' },
    description: { type: 'text', nullable: true },
    heroImage: { type: 'text', name: 'hero_image', nullable: true },
    isPublic: { type: 'boolean', name: 'is_public', default: false },
    shareToken: { type: 'text', name: 'share_token', nullable: true },
    routeMode: { type: 'boolean', name: 'route_mode', default: true },
    arrivalTime: { type: 'text', name: 'arrival_time', default: DEFAULT_ARRIVAL_TIME },
    dailyDriveLimitMinutes: { type: 'int', name: 'daily_drive_limit_minutes', default: DEFAULT_DAILY_DRIVE_LIMIT_MINUTES },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
