/** Calls of the trip view (SPEC-2 §7): visited, dates, drive times, journals, legacy content, background, comments. */
import {
  ZCalculateTravelTimeResponse,
  ZComment,
  ZCommentsResponse,
  ZDeleteJournalEntryResponse,
  ZHeroImageResponse,
  ZJournalEntry,
  ZToggleVisitedResponse,
  ZTripStop,
  ZUpdatePlannedDateResponse,
} from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';

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
    apiCall(ZToggleVisitedResponse, '/trips/stops/toggle-visited', {
      body: { tripId, stopId },
      fallback: 'Failed to toggle stop visited status',
    }),
  /** plannedArrivalDate as 'YYYY-MM-DD'. */
  updatePlannedDate: (tripId: string, stopId: string, plannedArrivalDate: string, autoScheduled: boolean) =>
    apiCall(ZUpdatePlannedDateResponse, '/trips/stops/update-planned-date', {
      body: { tripId, stopId, plannedArrivalDate, autoScheduled },
      fallback: 'Failed to update planned date',
    }),
  travelTime: (tripId: string, fromStopId: string, toStopId: string) =>
    apiCall(ZCalculateTravelTimeResponse, '/trips/stops/calculate-travel-time', {
      body: { tripId, fromStopId, toStopId },
      fallback: 'Failed to calculate travel time',
    }),
  createEntry: (tripId: string, stopId: string, entry: JournalEntryInput) =>
    apiCall(ZJournalEntry, '/trips/stops/journal/create', { body: { tripId, stopId, ...entry }, fallback: 'Failed to create journal entry' }),
  updateEntry: (tripId: string, entryId: string, entry: JournalEntryInput) =>
    apiCall(ZJournalEntry, '/trips/stops/journal/update', { body: { tripId, entryId, ...entry }, fallback: 'Failed to update journal entry' }),
  deleteEntry: (tripId: string, entryId: string) =>
    apiCall(ZDeleteJournalEntryResponse, '/trips/stops/journal/delete', { body: { tripId, entryId }, fallback: 'Failed to delete journal entry' }),
  /** The legacy journalContent and photos of a stop (its 'legacy-' entry). */
  updateContent: (tripId: string, stopId: string, journalContent: string | null, photos: string[]) =>
    apiCall(ZTripStop, '/trips/stops/update-content', {
      body: { tripId, stopId, journalContent, photos },
      fallback: 'Failed to update stop content',
    }),
  heroImage: (tripId: string, heroImage: string) =>
    apiCall(ZHeroImageResponse, '/trips/hero-image', { body: { tripId, heroImage }, fallback: 'Failed to update trip hero image' }),
  comments: (tripId: string, stopId: string) =>
    apiCall(ZCommentsResponse, '/trips/comments', { body: { tripId, stopId }, fallback: 'Failed to fetch trip comments' }),
  createComment: (tripId: string, stopId: string, content: string) =>
    apiCall(ZComment, '/trips/comments/create', { body: { tripId, stopId, content }, fallback: 'Failed to create comment' }),
  resolveComment: (tripId: string, commentId: string, resolved: boolean) =>
    apiCall(ZComment, '/trips/comments/resolve', { body: { tripId, commentId, resolved }, fallback: 'Failed to resolve comment' }),
};
