import { EntitySchema } from 'typeorm';

/** Projection row of a stop; the trip document is the system of record (docs/architecture.md#a-trip-changes-through-two-doors). Ids are unique per trip. */
export interface Stop {
  id: string;
  tripId: string;
  name: string;
  address: string | null;
  notes: string | null;
  latitude: number;
  longitude: number;
  pos: string;
  stopOrder: number;
  visited: boolean;
  visitedAt: Date | null;
  plannedArrivalDate: Date | null;
  autoScheduled: boolean;
  estimatedDriveMinutes: number | null;
  journalContent: string | null;
  photos: string[] | null;
  createdAt: Date;
  updatedAt: Date;
}

export const StopEntity = new EntitySchema<Stop>({
  name: 'Stop',
  tableName: 'stops',
  columns: {
    id: { type: 'uuid', primary: true },
    tripId: { type: 'uuid', name: 'trip_id', primary: true },
    name: { type: 'text' },
    address: { type: 'text', nullable: true },
    notes: { type: 'text', nullable: true },
    latitude: { type: 'double precision', default: 0 },
    longitude: { type: 'double precision', default: 0 },
    pos: { type: 'text' },
    stopOrder: { type: 'int', name: 'stop_order', default: 0 },
    visited: { type: 'boolean', default: false },
    visitedAt: { type: 'timestamptz', name: 'visited_at', nullable: true },
    plannedArrivalDate: { type: 'timestamptz', name: 'planned_arrival_date', nullable: true },
    autoScheduled: { type: 'boolean', name: 'auto_scheduled', default: false },
    estimatedDriveMinutes: { type: 'int', name: 'estimated_drive_minutes', nullable: true },
    journalContent: { type: 'text', name: 'journal_content', nullable: true },
    photos: { type: 'jsonb', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
