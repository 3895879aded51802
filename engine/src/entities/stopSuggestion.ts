import { EntitySchema } from 'typeorm';
import type { DocSuggestion } from '@caravan/shared';

/**
 * Projection row of a suggestion held in the trip document: the document's fields but the suggester's name
 * and avatar (read from the account when listed), plus the trip and the review.
 */
export interface StopSuggestion extends Omit<DocSuggestion, 'suggestedByDisplayName' | 'suggestedByAvatarUrl' | 'createdAt'> {
  tripId: string;
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
