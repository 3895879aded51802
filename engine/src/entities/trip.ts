import { EntitySchema } from 'typeorm';
import type { TVehicle } from '@caravan/shared';

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
  /** 'YYYY-MM-DD' (day 1), or null; 'HH:MM' for day 1's departure and every later day's earliest departure. */
  startDate: string | null;
  departureTime: string;
  earliestDeparture: string;
  /** Warn when a day's drive arrives after sunset (off by default). */
  warnAfterSunset: boolean;
  /** The car whose range is walked; null: none (read through vehicleOf, so an unreadable value is none too). */
  vehicle: TVehicle | null;
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
    // A new trip takes the database's defaults (DEFAULT_ARRIVAL_TIME and DEFAULT_DAILY_DRIVE_LIMIT_MINUTES, set by
    // migration 1764500000000); inserts leave the columns out, so code that creates trips runs on any schema
    // version the migrations pass through. Only /trips/road-settings changes them.
    arrivalTime: { type: 'text', name: 'arrival_time', insert: false },
    dailyDriveLimitMinutes: { type: 'int', name: 'daily_drive_limit_minutes', insert: false },
    // The plan settings likewise (migration 1765510100000); TypeORM reads a `date` as 'YYYY-MM-DD'.
    startDate: { type: 'date', name: 'start_date', nullable: true, insert: false },
    departureTime: { type: 'text', name: 'departure_time', insert: false },
    earliestDeparture: { type: 'text', name: 'earliest_departure', insert: false },
    warnAfterSunset: { type: 'boolean', name: 'warn_after_sunset', insert: false },
    vehicle: { type: 'jsonb', nullable: true, insert: false },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
