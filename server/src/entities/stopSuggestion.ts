import { EntitySchema } from 'typeorm';

/** Projection row of a suggestion held in the trip document. */
export interface StopSuggestion {
  id: string;
  tripId: string;
  suggestedBy: number | null;
  name: string;
  address: string | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  status: 'pending' | 'approved' | 'denied' | 'archived';
  reviewedBy: number | null;
  reviewedAt: Date | null;
  approvedStopId: string | null;
  createdAt: Date;
}

export const StopSuggestionEntity = new EntitySchema<StopSuggestion>({
  name: 'StopSuggestion',
  tableName: 'stop_suggestions',
  columns: {
    id: { type: 'uuid', primary: true },
    tripId: { type: 'uuid', name: 'trip_id' },
    suggestedBy: { type: 'int', name: 'suggested_by', nullable: true },
    name: { type: 'text' },
    address: { type: 'text', nullable: true },
    notes: { type: 'text', nullable: true },
    latitude: { type: 'double precision', nullable: true },
    longitude: { type: 'double precision', nullable: true },
    status: { type: 'text', default: 'pending' },
    reviewedBy: { type: 'int', name: 'reviewed_by', nullable: true },
    reviewedAt: { type: 'timestamptz', name: 'reviewed_at', nullable: true },
    approvedStopId: { type: 'uuid', name: 'approved_stop_id', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
