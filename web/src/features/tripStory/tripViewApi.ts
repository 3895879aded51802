/** Calls of the trip view (docs/product.md#story): visited, dates, drive times, road settings, journals, legacy content, background, comments. */
import { calls, type TRoadSettings } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const viewKeys = {
  comments: (tripId: string, stopId: string) => ['collab', tripId, 'comments', stopId] as const,
};

export interface JournalEntryInput {
  content: string | null;
  photos: string[];
  /** 'YYYY-MM-DD' */
  entryDate: string;
}

export const tripViewApi = {
  toggleVisited: (tripId: string, stopId: string) =>
    call(calls.stops.toggleVisited, { tripId, stopId }, { fallback: 'Failed to toggle stop visited status' }),
  /** plannedArrivalDate as 'YYYY-MM-DD'. */
  updatePlannedDate: (tripId: string, stopId: string, plannedArrivalDate: string, autoScheduled: boolean) =>
    call(calls.stops.updatePlannedDate, { tripId, stopId, plannedArrivalDate, autoScheduled }, { fallback: 'Failed to update planned date' }),
  travelTime: (tripId: string, fromStopId: string, toStopId: string) =>
    call(calls.stops.calculateTravelTime, { tripId, fromStopId, toStopId }, { fallback: 'Failed to calculate travel time' }),
  createEntry: (tripId: string, stopId: string, entry: JournalEntryInput) =>
    call(calls.journal.create, { tripId, stopId, ...entry }, { fallback: 'Failed to create journal entry' }),
  updateEntry: (tripId: string, entryId: string, entry: JournalEntryInput) =>
    call(calls.journal.update, { tripId, entryId, ...entry }, { fallback: 'Failed to update journal entry' }),
  deleteEntry: (tripId: string, entryId: string) =>
    call(calls.journal.delete, { tripId, entryId }, { fallback: 'Failed to delete journal entry' }),
  /** The legacy journalContent and photos of a stop (its 'legacy-' entry). */
  updateContent: (tripId: string, stopId: string, journalContent: string | null, photos: string[]) =>
    call(calls.stops.updateContent, { tripId, stopId, journalContent, photos }, { fallback: 'Failed to update stop content' }),
  /** The trip's arrival time of day and daily driving limit (owner only). */
  roadSettings: (tripId: string, settings: TRoadSettings) =>
    call(calls.trips.roadSettings, { tripId, ...settings }, { fallback: 'Failed to update road settings' }),
  heroImage: (tripId: string, heroImage: string) =>
    call(calls.trips.heroImage, { tripId, heroImage }, { fallback: 'Failed to update trip hero image' }),
  comments: (tripId: string, stopId: string) =>
    call(calls.comments.list, { tripId, stopId }, { fallback: 'Failed to fetch trip comments' }),
  createComment: (tripId: string, stopId: string, content: string, mentions: number[] = []) =>
    call(calls.comments.create, { tripId, stopId, content, ...(mentions.length ? { mentions } : {}) }, { fallback: 'Failed to create comment' }),
  resolveComment: (tripId: string, commentId: string, resolved: boolean) =>
    call(calls.comments.resolve, { tripId, commentId, resolved }, { fallback: 'Failed to resolve comment' }),
};
